/**
 * The company settings the customer pages read (pure), from the `settings` object of the
 * company's row. The settings route validates what it stores; this reader stays defensive
 * anyway, because a value reaches an HTTP header (frame-ancestors) and a page.
 */
export interface PortalSettings {
  displayName: string;
  supportEmail: string | null;
  /** Whether the portal offers cancelling a subscription at period end (default false). */
  cancelEnabled: boolean;
  /** Origins allowed to frame the usage page; empty = no one (`frame-ancestors 'none'`). */
  frameAncestors: string[];
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
  const s = raw ?? {};
  const text = (k: string) => (typeof s[k] === 'string' && (s[k] as string).trim() !== '' ? (s[k] as string) : null);
  const ancestors = Array.isArray(s.usage_page_frame_ancestors) ? s.usage_page_frame_ancestors : [];
  return {
    displayName: text('display_name') ?? companyName,
    supportEmail: text('support_email'),
    cancelEnabled: s.portal_cancel_enabled === true,
    frameAncestors: [...new Set(ancestors.filter(isFrameOrigin))],
  };
}
