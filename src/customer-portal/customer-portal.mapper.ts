/**
 * Links of the customer pages (pure): where each page lives, how long a link lives, and the
 * answer of `POST /customer_dashboards/{customer_id}/portal|usage`.
 */
import type { PortalLinkKind } from './customer-portal.entity';
import type { DashboardLinkResponse } from './dto/customer-portal.dto';

/** How long a link opens its page: 24 hours after it was made, for both pages (the reference gives no figure). */
export const LINK_LIFETIME_MS = 24 * 3600 * 1000;

/** The page of a link: `/portal/{secret}` or `/usage/{secret}`, under PUBLIC_URL. */
export function pageUrl(publicUrl: string, kind: PortalLinkKind, token: string): string {
  return `${publicUrl}/${kind === 'PORTAL' ? 'portal' : 'usage'}/${token}`;
}

export function toDashboardLinkResponse(url: string, expiresAt: Date): DashboardLinkResponse {
  return { url, link: url, expires_at: expiresAt.toISOString() };
}
