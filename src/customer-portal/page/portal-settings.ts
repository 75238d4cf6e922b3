/**
 * The company settings the customer pages read (pure): the platform's one reader
 * (`resolveCompanySettings`, defaults filled in), narrowed to what the pages use. The settings
 * route validates what it stores; origins are checked again here anyway, because they reach an
 * HTTP header (frame-ancestors), and the accent colour a style sheet.
 */
import { resolveCompanySettings } from '../../platform/company-settings/company-settings.rules';

export interface PortalSettings {
  displayName: string;
  supportEmail: string | null;
  /** `#rrggbb`, or null for the standard blue */
  accentColor: string | null;
  /** Whether the portal offers cancelling a subscription at period end (default false). */
  cancelEnabled: boolean;
  /** Whether the portal offers changing the quantity of a seat price (default false). */
  quantityChangesEnabled: boolean;
  /** Origins allowed to frame the usage page; empty = no one (`frame-ancestors 'none'`). */
  frameAncestors: string[];
  /** The company's preferred_timezone: the days the pages print are those of this zone. */
  timeZone: string;
}

/** `https://host[:port]` (or http), exactly as URL.origin writes it: nothing else reaches the CSP. */
export function isFrameOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
}

export function portalSettings(companyName: string, raw: Record<string, unknown> | null | undefined): PortalSettings {
  const s = resolveCompanySettings(companyName, raw);
  return {
    displayName: s.display_name,
    supportEmail: s.support_email,
    accentColor: /^#[0-9a-f]{6}$/i.test(s.accent_color) ? s.accent_color.toLowerCase() : null,
    cancelEnabled: s.portal_cancel_enabled,
    quantityChangesEnabled: s.portal_quantity_changes_enabled,
    timeZone: s.preferred_timezone,
    frameAncestors: [...new Set(s.usage_page_frame_ancestors.filter(isFrameOrigin))],
  };
}
