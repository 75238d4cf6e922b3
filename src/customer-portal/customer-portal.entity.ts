import { Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../platform/database/columns';

export const PORTAL_LINK_KINDS = ['PORTAL', 'USAGE'] as const;
export type PortalLinkKind = (typeof PORTAL_LINK_KINDS)[number];

/**
 * A link to a customer's hosted page: the customer portal (`PORTAL`) or the usage page
 * (`USAGE`). Only the SHA-256 of the link's secret is stored (like API tokens): the secret
 * itself is shown once, in the answer that creates it. A link reads EXPIRED once `expires_at` has come.
 */
@Entity('customer_portal_links')
export class CustomerPortalLinkEntity {
  @PrimaryColumn('text') company_id: string;
  /** hex SHA-256 of the whole secret (`<company id>_<random>`) */
  @PrimaryColumn('text') token_hash: string;
  @TextColumn() kind: PortalLinkKind;
  @TextColumn() customer_id: string;
  @TimestampColumn() expires_at: Date;
  @TimestampColumn() created_at: Date;
}
