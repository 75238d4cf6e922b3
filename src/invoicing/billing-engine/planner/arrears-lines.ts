/**
 * Billing in arrears (pure): at a billing date (or a reset, or the end), the window since the
 * last billing date — usage prices (the usage of each piece of the window under the plan in
 * effect; the base price prorated by the piece's share) and POST_ONLY prices (prorated by the
 * piece's share of its period). A usage price with `carry_over` gets the included units the
 * last period left unused on its first piece of the window (state: PlanState.carriedUnits).
 * docs/billing-rules.md "Charge types"; decision 2 of
 * src/invoicing/README-billing.md.
 */
import {
  amountLine,
  carryOver,
  chargeForPeriod,
  Decimal,
  decimalString,
  isFullShare,
  prorationShare,
  Share,
  sumDecimals,
} from '../../../billing-math';
import type { LineDraft } from '../../invoice-writer.service';
import type { PlanPrice } from '../catalog-loader';
import { periodOf, Segment } from '../model';
import { isArrears, priceLines, quantityOf, tag } from './price-lines';
import { usageVariant } from './usage-detail';
import { groupLines, percentageLines } from './usage-model-lines';
import { maxDate, minDate, t } from './state';

type UsageOf = (price: PlanPrice, start: Date, end: Date) => string;

/** Carried-over included units: those carried in, and what each carry_over price used in this window. */
interface Carry {
  readonly carriedIn: ReadonlyMap<string, string>;
  readonly used: Map<string, { price: PlanPrice; used: Decimal }>;
}

/** A usage price over one piece: its base price (× share) and its usage, priced on its own. */
function usageLines(
  price: PlanPrice,
  window: { start: Date; end: Date },
  index: number,
  share: Share | null,
  usage: UsageOf,
  carry: Carry,
): LineDraft[] {
  const quantity = usage(price, window.start, window.end);
  const pmp = price.product_metric_pricing_id;
  const extra = price.price.carry_over && !carry.used.has(pmp) ? Number(carry.carriedIn.get(pmp) ?? '0') : 0;
  if (price.price.carry_over) carry.used.set(pmp, { price, used: sumDecimals([carry.used.get(pmp)?.used ?? '0', quantity]) });
  const pricing = extra > 0 ? { ...price.price.pricing, base_units: (price.price.pricing.base_units ?? 0) + extra } : price.price.pricing;
  // a detailed usage (usage-detail.ts) is priced by its own lines; here only its base price counts
  const charge = chargeForPeriod(pricing, usageVariant(price) === '' ? quantity : '0', { period_index: index });
  const ctx = { period: window, product_pricing_id: price.product_pricing_id, item_id: price.item_id };
  const out: LineDraft[] = [];
  if (!charge.base_amount.isZero()) {
    const base = amountLine({
      ...ctx,
      name: `${price.name} - base price`,
      kind: 'BASE',
      amount: charge.base_amount,
      unit_price: charge.base_amount,
      share,
    });
    out.push(...tag([base], price));
  }
  if (pricing.pricing_type === 'PERCENTAGE') return [...out, ...percentageLines(price, quantity, ctx)];
  if (pricing.group_prices) return [...out, ...groupLines(price, quantity, ctx)];
  const used = amountLine({
    ...ctx,
    name: extra > 0 ? `${price.name} (${pricing.base_units} units included, ${extra} carried over)` : price.name,
    amount: charge.usage_amount,
    quantity: charge.billable_units,
    unit_price: charge.unit_price === null ? null : decimalString(charge.unit_price),
  });
  const carried = extra > 0 ? { carried_over_units: extra } : {};
  out.push(...tag([used], price, { details: { usage: quantity, metric_id: price.metric_id, ...carried } }));
  return out;
}

/** The arrears of one segment's piece [start, end) of the window (`last`: the piece ending the window). */
function pieceLines(seg: Segment, start: Date, end: Date, last: boolean, usage: UsageOf, carry: Carry): LineDraft[] {
  const period = periodOf(seg, start);
  const share = prorationShare(period.start, period.end, start, end);
  const index = Math.max(0, period.index);
  const out: LineDraft[] = [];
  for (const price of seg.phase.prices.filter(isArrears)) {
    const none = price.price.proration_type === 'NONE';
    if (none && !last) continue;
    const lineShare = none || isFullShare(share) ? null : share;
    const window = { start, end };
    if (price.kind === 'USAGE') out.push(...usageLines(price, window, index, lineShare, usage, carry));
    else out.push(...priceLines(price, quantityOf(seg.phase, price), index, lineShare, window));
  }
  return out;
}

/** Arrears of [from, to), split at the segments' bounds; `carried`: the units carried out of it. */
export function arrearsLines(
  segments: readonly Segment[],
  from: Date,
  to: Date,
  usage: UsageOf,
  carriedIn: ReadonlyMap<string, string> = new Map(),
): { lines: LineDraft[]; has_usage: boolean; carried: ReadonlyMap<string, string> } {
  const out: LineDraft[] = [];
  let hasUsage = false;
  if (t(to) <= t(from)) return { lines: out, has_usage: false, carried: carriedIn };
  const carry: Carry = { carriedIn, used: new Map() };
  for (const seg of segments) {
    const start = maxDate(seg.from, from);
    const end = minDate(to, seg.to);
    if (t(end) <= t(start)) continue;
    const last = t(end) === t(to);
    const billsUsage = (p: PlanPrice) => isArrears(p) && p.kind === 'USAGE' && (last || p.price.proration_type !== 'NONE');
    if (seg.phase.prices.some(billsUsage)) hasUsage = true;
    out.push(...pieceLines(seg, start, end, last, usage, carry));
  }
  const carried = new Map<string, string>();
  for (const [pmp, { price, used }] of carry.used) {
    carried.set(pmp, carryOver(price.price.pricing.base_units ?? 0, carriedIn.get(pmp) ?? '0', used).carried_out);
  }
  return { lines: out, has_usage: hasUsage, carried };
}
