import { Inject, Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { hashToken } from '../platform/auth/token-format';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { companyOfPageToken, newPageToken } from '../platform/hosted-pages/token';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { CustomerPortalLinkEntity, PortalLinkKind } from './customer-portal.entity';
import { CustomerPortalLinksRepository } from './customer-portal.repository';
import { LINK_LIFETIME_MS, pageUrl } from './customer-portal.mapper';

/** What a page's secret opens: its link, or why not. */
export type ResolvedLink =
  | { state: 'open'; companyId: string; link: CustomerPortalLinkEntity }
  | { state: 'expired'; companyId: string; link: CustomerPortalLinkEntity }
  | { state: 'unknown' };

/**
 * The links of the customer pages. A link is a page secret (`<company id>_<32 random bytes>`,
 * src/platform/hosted-pages/token.ts) stored as its SHA-256, scoped to its company (the company
 * id inside the secret leads the lookup) and to one customer and one page, for 24 hours.
 */
@Injectable()
export class CustomerPortalService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
    private readonly links: CustomerPortalLinksRepository,
    private readonly customers: CustomerLookupService,
  ) {}

  /** A new link to a page of a customer of the company (404 for a customer it does not have). */
  async createLink(companyId: string, customerRef: string, kind: PortalLinkKind): Promise<{ url: string; expiresAt: Date }> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerRef, 'path');
    const now = this.clock.now();
    const token = newPageToken(companyId);
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
    await this.dataSource.transaction(async (m) => {
      const repo = this.links.with(m);
      // the customer's links that can no longer open anything go (bounded: one customer's)
      await repo.delete(companyId, { customer_id: customer.id, expires_at: LessThanOrEqual(now) });
      await repo.insert(companyId, {
        token_hash: hashToken(token),
        kind,
        customer_id: customer.id,
        expires_at: expiresAt,
        created_at: now,
      });
    });
    return { url: pageUrl(this.config.publicUrl, kind, token), expiresAt };
  }

  /** The link a page's secret names, for that page only (a usage link does not open the portal). */
  async resolve(token: string, kind: PortalLinkKind): Promise<ResolvedLink> {
    const companyId = companyOfPageToken(token);
    if (!companyId) return { state: 'unknown' };
    const link = await this.links.findOne(companyId, { token_hash: hashToken(token) });
    if (!link || link.kind !== kind) return { state: 'unknown' };
    if (link.expires_at.getTime() <= this.clock.now().getTime()) return { state: 'expired', companyId, link };
    return { state: 'open', companyId, link };
  }
}
