/**
 * The adapters from stored rows to the planner's model (pure): a subscription, its phases and
 * its pending one-time charges as the planner reads them.
 */
import {
  boundary,
  CancelTerms,
  chargeForPeriod,
  committedTermEnd,
  NO_CANCEL_TERMS,
  Term,
  unitPriceLine,
  UTC,
  zonedTerm,
} from '../../billing-math';
import { effectivePhase } from '../../subscriptions/phases';
import { parseStoredOneTimeItem, storedCents } from '../../catalog/one-time-items';
import { billingDiscounts } from '../../subscriptions/discounts';
import type { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import type { OneTimeBillableEntity } from '../invoicing.entity';
import type { LineDraft } from '../invoice-writer.service';
import type { CatalogSnapshot } from './catalog-loader';
import type { EngineOneTimeItem, EnginePhase, EngineSubscription } from './model';
import type { OneTimeCharge } from './planner/state';

const money = storedCents;

/** Billing start of a trial without end (extend with end_date null): never, as far as any run looks. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/** Calendar billing: the first schedule's anchor (the first calendar boundary after the start); else null. */
export function calendarAnchor(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[]): Date | null {
  if (sub.billing_cycle !== 'CALENDAR') return null;
  const first = [...phases].sort((a, b) => a.seq - b.seq)[0];
  return first ? first.billing_anchor_date : sub.billing_anchor_date;
}

/** The instant billing starts: the first phase's anchor, moved with the trial end when it was the trial end. */
export function billingStart(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[]): Date {
  if (sub.trial && sub.trial_conversion_date === null) return NEVER;
  // calendar billing starts at the start: the first partial period is billed, prorated
  if (sub.billing_cycle === 'CALENDAR') return sub.start_date;
  const first = [...phases].sort((a, b) => a.seq - b.seq)[0];
  let anchor = first ? first.billing_anchor_date : sub.billing_anchor_date;
  if (sub.trial && sub.trial_conversion_date && sub.trial_term) {
    const originalTrialEnd = boundary(sub.start_date, sub.trial_term as Term, 1);
    if (anchor.getTime() === originalTrialEnd.getTime()) anchor = sub.trial_conversion_date;
  }
  return anchor;
}

/** A phase as the planner reads it; `zone`: the subscription's billing_timezone, where its months step. */
export function enginePhase(p: SubscriptionPhaseEntity, catalog: CatalogSnapshot, zone: string = UTC): EnginePhase {
  return {
    seq: p.seq,
    event_seq: p.event_seq,
    starts_at: p.starts_at,
    superseded: p.superseded_by_event_seq !== null,
    change_kind: p.change_kind,
    proration_type: p.proration_type ?? 'NEXT',
    reset_billing_anchor: p.reset_billing_anchor,
    term: zonedTerm({ count: p.billing_term_count, frequency: p.billing_term_frequency }, zone),
    prices: catalog.prices(p.product_pricing_ids),
    config_items: p.config_items,
    onetime_items: p.change_kind === 'CHANGE' ? engineOneTimeItems(changeOneTimeItems(p), catalog) : [],
  };
}

/** The stored one-time items a change phase carries (its change_config.onetime_items), [] for none. */
export function changeOneTimeItems(p: Pick<SubscriptionPhaseEntity, 'change_config'>): Record<string, unknown>[] {
  const items = p.change_config?.onetime_items;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

/** The pricing ids of stored one-time items (those with a custom price have none). */
export const itemPricingIds = (raw: Record<string, unknown>[]): string[] =>
  raw.map((o) => parseStoredOneTimeItem(o).product_pricing_id).filter((x): x is string => typeof x === 'string');

/** Stored one-time items as the planner bills them (custom price per unit, or the pricing's prices). */
export function engineOneTimeItems(raw: Record<string, unknown>[], catalog: CatalogSnapshot): EngineOneTimeItem[] {
  return raw.map((r) => {
    const o = parseStoredOneTimeItem(r);
    const prices = o.product_pricing_id ? catalog.prices([o.product_pricing_id]) : [];
    return {
      name: o.custom_price?.description || (prices[0]?.name ?? 'One-time item'),
      quantity: String(o.aggregate),
      unit_price_cents: o.custom_price?.amount.value_in_cents ?? null,
      prices,
      product_pricing_id: o.product_pricing_id,
    };
  });
}

export function engineSubscription(
  sub: SubscriptionEntity,
  phases: SubscriptionPhaseEntity[],
  catalog: CatalogSnapshot,
): EngineSubscription {
  const onetime = engineOneTimeItems(sub.onetime_items ?? [], catalog);
  return {
    id: sub.id,
    customer_id: sub.customer_id,
    currency: sub.currency,
    start_date: sub.start_date,
    billing_start: billingStart(sub, phases),
    calendar_anchor: calendarAnchor(sub, phases),
    end_date: sub.end_date,
    cancel: cancelTerms(sub.cancel_config),
    committed_term_end: termEndOf(sub, phases, sub.end_date),
    discounts: billingDiscounts(sub.discounts),
    minimum_spend_cents: sub.minimum_spend_in_cents,
    due_days: sub.invoice_due_date_from_creation ?? 30,
    auto_charges: sub.auto_charges,
    onetime_items: onetime,
  };
}

/** The cancellation options the planner acts on, read from a stored (or simulated) cancel_config. */
export function cancelTerms(config: Record<string, unknown> | null | undefined): CancelTerms {
  if (!config) return NO_CANCEL_TERMS;
  const refund = config.refund_type;
  const custom = money(config.custom_refund_amount);
  return {
    refund_type: refund === 'PRORATED' || refund === 'CUSTOM' ? refund : 'NONE',
    custom_refund_cents: refund === 'CUSTOM' ? (custom ?? 0) : null,
    charge_remaining_balance: config.charge_remaining_balance === true,
    cancel_pending_invoices: config.cancel_pending_invoices === true,
  };
}

/** The end of the committed term (the subscription's `term`, stepped from start_date) that `end` falls in. */
export function termEndOf(sub: SubscriptionEntity, phases: SubscriptionPhaseEntity[], end: Date | null): Date | null {
  if (!end) return null;
  const phase = effectivePhase(phases, new Date(Math.max(end.getTime() - 1, sub.start_date.getTime())));
  if (!phase || phase.term_frequency === 'ONETIME') return null;
  return committedTermEnd(
    sub.start_date,
    zonedTerm({ count: phase.term_count, frequency: phase.term_frequency }, sub.billing_timezone),
    end,
  );
}

/** A stored one-time charge priced (custom price per unit × aggregate, or the pricing's price for the aggregate). */
export function oneTimeCharge(r: OneTimeBillableEntity, catalog: CatalogSnapshot): OneTimeCharge {
  const custom = r.custom_price as { amount?: unknown; description?: unknown } | null;
  const unit = custom ? money(custom.amount) : null;
  const name = typeof custom?.description === 'string' && custom.description ? custom.description : r.name;
  const lines: LineDraft[] = [];
  if (unit !== null) {
    lines.push({
      ...unitPriceLine({ name, quantity: r.aggregate, unit_price: unit, product_pricing_id: r.product_pricing_id }),
      one_time_id: r.id,
    });
  } else {
    for (const price of r.product_pricing_id ? catalog.prices([r.product_pricing_id]) : []) {
      const charge = chargeForPeriod(price.price.pricing, r.aggregate, { period_index: 0 });
      lines.push({
        ...unitPriceLine({
          name: r.name || price.name,
          quantity: '1',
          unit_price: charge.amount,
          product_pricing_id: price.product_pricing_id,
          item_id: price.item_id,
        }),
        quantity: r.aggregate,
        unit_price: charge.unit_price === null ? null : charge.unit_price.toString(),
        product_metric_pricing_id: price.product_metric_pricing_id,
        one_time_id: r.id,
      });
    }
  }
  return { id: r.id, created_at: r.created_at, lines };
}
