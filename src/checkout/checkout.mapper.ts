import { toConfigItemResponse } from '../subscriptions/subscriptions.mapper';
import { toEmbeddedBundlePricing } from '../catalog/catalog.mapper';
import { computeAcv } from '../contracts/acv';
import { iso } from '../platform/timestamps';
import type { CustomerResponse } from '../customers/dto/customer.dto';
import type { BundleResponse } from '../catalog/dto/bundle.dto';
import type { ProductPricingResponse } from '../catalog/dto/pricing.dto';
import { billingTermOf, mrrPrices, PlanCatalogData } from '../subscriptions/plan-catalog';
import { storedDiscountsForMrr } from '../subscriptions/discounts';
import { CheckoutSessionEntity, effectiveCheckoutStatus } from './checkout.entity';
import type { CheckoutSessionResponse } from './dto/checkout.dto';
import type { PageLinks } from '../platform/hosted-pages/page-secrets';

/** The hosted page of a session: `<public url>/checkout/pay/<secret>`, the secret rebuilt from the session's nonce. */
export function checkoutUrl(pages: PageLinks, s: Pick<CheckoutSessionEntity, 'company_id' | 'id' | 'token_nonce'>): string {
  return `${pages.publicUrl}/checkout/pay/${pages.secret('checkout', s.company_id, s.id, s.token_nonce)}`;
}

/** Annual contract value of the session's plan in cents (the subscription's MRR formula over a year). */
export function checkoutAcv(s: CheckoutSessionEntity, data: PlanCatalogData, now: Date): number {
  const billing = billingTermOf(data, s.product_pricing_ids);
  return computeAcv({
    prices: mrrPrices(data, s.product_pricing_ids, s.config_items),
    discounts: storedDiscountsForMrr(s.discounts),
    billing_term: billing?.term ?? { count: s.term_count, frequency: s.term_frequency },
    now,
  });
}

/** What a session's answer embeds besides the session row, loaded by CheckoutViews. */
export interface CheckoutSessionParts {
  customer: CustomerResponse;
  pricings: ProductPricingResponse[];
  bundle: BundleResponse | null;
  acvCents: number;
  url: string;
  now: Date;
}

/** A checkout session as the API answers it (pure). */
export function toCheckoutSessionResponse(s: CheckoutSessionEntity, parts: CheckoutSessionParts): CheckoutSessionResponse {
  const pricingById = new Map(parts.pricings.map((p) => [p.id, p]));
  const bundle = parts.bundle;
  const money = (cents: number) => ({ currency: s.currency, value_in_cents: cents });
  const o = s.options as Record<string, unknown>;
  return {
    acv: money(parts.acvCents),
    auto_charges: s.auto_charges,
    auto_renews: s.auto_renews,
    bundle_pricing: toEmbeddedBundlePricing(bundle),
    bundle_pricing_id: s.bundle_pricing_id,
    change_proration_type: s.change_proration_type,
    change_reset_billing_anchor: s.change_reset_billing_anchor,
    change_timing: s.change_timing,
    company_id: s.company_id,
    completed_at: iso(s.completed_at),
    config_items: s.config_items.map(toConfigItemResponse),
    created_at: iso(s.created_at)!,
    currency: s.currency,
    customer: parts.customer,
    customer_id: s.customer_id,
    discounts: s.discounts ?? [],
    expires_at: iso(s.expires_at)!,
    id: s.id,
    invoice_id: s.invoice_id,
    metadata: s.metadata ?? {},
    onetime_items: s.onetime_items ?? [],
    options: {
      allow_promo_code: o.allow_promo_code === true,
      completion_action: String(o.completion_action ?? 'CONFIRMATION_MESSAGE'),
      confirmation_message: (o.confirmation_message as string | null) ?? null,
      redirect_url: (o.redirect_url as string | null) ?? null,
      requires_customer_address: o.requires_customer_address === true,
    },
    previous_subscription_id: s.previous_subscription_id,
    product_pricing_ids: s.product_pricing_ids,
    product_pricings: s.product_pricing_ids.flatMap((id) => {
      const p = pricingById.get(id);
      return p ? [p] : [];
    }),
    status: effectiveCheckoutStatus(s, parts.now),
    subscription_id: s.subscription_id,
    term: { count: s.term_count, frequency: s.term_frequency },
    totals: s.totals
      ? {
          sub_total: money(s.totals.sub_total_cents),
          discount: money(s.totals.discount_cents),
          total: money(s.totals.total_cents),
          invoice_date: s.totals.invoice_date,
        }
      : null,
    trial: s.trial,
    trial_term: s.trial_term,
    type: 'CHECKOUT_SESSION',
    updated_at: iso(s.updated_at)!,
    url: parts.url,
  };
}
