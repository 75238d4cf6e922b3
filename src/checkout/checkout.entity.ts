import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import type { Frequency, Term } from '../billing-math/periods';
import type { StoredConfigItem } from '../subscriptions/subscription.entity';

export const CHECKOUT_STATUSES = ['OPEN', 'COMPLETED', 'EXPIRED'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Totals of the first invoice as the billing engine computed them (cents). */
export interface CheckoutTotals {
  currency: string;
  sub_total_cents: number;
  discount_cents: number;
  total_cents: number;
  invoice_date: string | null;
}

/** One line of a quoted first invoice. */
export interface QuoteLine {
  name: string;
  amount_cents: number;
  quantity: string | number | null;
  unit_price: string | number | null;
}

/**
 * What a session quotes: `digest` (`sha256:<hex>`) of its first invoice (lines and totals, not
 * its date) and of the prices of its plan as the catalog holds them; the totals and lines
 * are kept for display. A buyer pays only a quote whose digest they agreed to.
 */
export interface CheckoutQuote {
  digest: string;
  totals: CheckoutTotals | null;
  lines: QuoteLine[];
}

/**
 * A checkout session: the plan a customer buys through the hosted page. `request` keeps the
 * subscription request as validated at creation (re-run by CreateSubscriptionUseCase.within
 * on completion); the other plan columns hold the resolved plan for display and ACV.
 * EXPIRED is derived from `expires_at` at read time.
 */
@Entity('checkout_sessions')
export class CheckoutSessionEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  /**
   * The hosted page link (platform/hosted-pages/page-secrets.ts): its secret is derived from the
   * page key and `token_nonce`, never stored; `token_hash` is the SHA-256 of that secret.
   */
  @TextColumn() token_hash: string;
  @TextColumn() token_nonce: string;
  /** The hash of the plaintext token of a link handed out before secrets were derived (it keeps opening). */
  @TextColumn({ nullable: true }) token_legacy_hash: string | null;
  @TextColumn() customer_id: string;
  @TextColumn() status: CheckoutStatus;
  @TextColumn() currency: string;
  @Column('text', { array: true }) product_pricing_ids: string[];
  @TextColumn({ nullable: true }) bundle_pricing_id: string | null;
  @JsonColumn() config_items: StoredConfigItem[];
  @Column('integer') term_count: number;
  @TextColumn() term_frequency: Frequency;
  @Column('boolean') trial: boolean;
  @JsonColumn({ nullable: true }) trial_term: Term | null;
  @Column('boolean') auto_renews: boolean;
  @Column('boolean') auto_charges: boolean;
  @JsonColumn() discounts: Record<string, unknown>[];
  @JsonColumn() onetime_items: Record<string, unknown>[];
  @JsonColumn() metadata: Record<string, unknown>;
  @JsonColumn() options: Record<string, unknown>;
  @JsonColumn() request: Record<string, unknown>;
  @TextColumn({ nullable: true }) previous_subscription_id: string | null;
  @TextColumn({ nullable: true }) change_proration_type: string | null;
  @TextColumn({ nullable: true }) change_timing: string | null;
  @Column('boolean', { nullable: true }) change_reset_billing_anchor: boolean | null;
  @JsonColumn({ nullable: true }) totals: CheckoutTotals | null;
  /** The quote frozen at creation (null for sessions created before quotes were kept). */
  @JsonColumn({ nullable: true }) quote: CheckoutQuote | null;
  /** The sandbox payment token given on the hosted page (kept for the payments module). */
  @TextColumn({ nullable: true }) payment_token: string | null;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @TimestampColumn({ nullable: true }) completed_at: Date | null;
  @TimestampColumn() expires_at: Date;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

export function effectiveCheckoutStatus(s: Pick<CheckoutSessionEntity, 'status' | 'expires_at'>, now: Date): CheckoutStatus {
  if (s.status === 'OPEN' && s.expires_at.getTime() <= now.getTime()) return 'EXPIRED';
  return s.status;
}
