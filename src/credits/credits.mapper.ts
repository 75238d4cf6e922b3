import { iso } from '../platform/timestamps';
import { CreditEntity, CreditLogEntity, CreditState } from './credit.entity';
import type {
  ConsumeCreditsResponse,
  CreditLogResponse,
  CreditMoneyResponse,
  CreditResponse,
  CreditUnitsBalanceResponse,
} from './dto/credit.dto';
import type { ConsumeResult } from './credits.service';

const money = (currency: string, cents: number): CreditMoneyResponse => ({ currency, value_in_cents: cents });

/** True when the credit's expiration_date has come (a credit expires AT its expiration_date). */
export function isPastExpiry(c: Pick<CreditEntity, 'expiration_date'>, now: Date): boolean {
  return c.expiration_date !== null && c.expiration_date.getTime() <= now.getTime();
}

/**
 * The state a reader sees: an ACTIVE credit whose expiration_date has come reads EXPIRED (with
 * nothing left), even before the expirer has written it down.
 */
export function effectiveState(c: Pick<CreditEntity, 'state' | 'expiration_date'>, now: Date): CreditState {
  return c.state === 'ACTIVE' && isPastExpiry(c, now) ? 'EXPIRED' : c.state;
}

export function toCreditResponse(c: CreditEntity, item: Record<string, unknown> | null, now: Date): CreditResponse {
  const state = effectiveState(c, now);
  const holds = state === 'ACTIVE';
  return {
    id: c.id,
    company_id: c.company_id,
    customer_id: c.customer_id,
    subscription_id: c.subscription_id,
    name: c.name,
    type: c.type,
    state,
    amount: c.type === 'AMOUNT' ? money(c.currency!, holds ? c.remaining_cents : 0) : null,
    issued_amount: c.type === 'AMOUNT' ? money(c.currency!, c.issued_cents) : null,
    units: c.type === 'UNITS' && holds ? c.remaining_units : 0,
    issued_units: c.type === 'UNITS' ? c.issued_units : 0,
    item_id: c.item_id,
    item: (item as CreditResponse['item']) ?? null,
    expiration_date: iso(c.expiration_date),
    coupon_id: null,
    import_created_at_ref: null,
    import_ref: null,
    imported_from: null,
    metric_record_id: null,
    one_time_billable_id: c.one_time_billable_id ?? null,
    proration_date: null,
    metadata: c.metadata ?? {},
    created_at: iso(c.created_at)!,
    updated_at: iso(c.updated_at)!,
  };
}

export interface CreditLogExpansion {
  credit: CreditResponse;
  customer: CreditLogResponse['customer'];
  invoice: Record<string, unknown> | null;
  item: CreditLogResponse['item'];
}

export function toCreditLogResponse(l: CreditLogEntity, x: CreditLogExpansion): CreditLogResponse {
  return {
    id: l.id,
    company_id: l.company_id,
    action_type: l.action_type,
    type: l.type,
    amount_applied: l.currency === null ? null : money(l.currency, l.amount_applied_cents),
    units_applied: l.units_applied,
    note: l.note,
    credit_id: l.credit_id,
    credit: x.credit,
    customer_id: l.customer_id,
    customer: x.customer,
    invoice_id: l.invoice_id,
    invoice: x.invoice,
    item_id: l.item_id,
    item: x.item,
    metric_record_id: null,
    created_at: iso(l.created_at)!,
    updated_at: iso(l.updated_at)!,
  };
}

/**
 * The reference's totals of a consumption: what the customer's usable credits hold afterwards,
 * cents by currency and units by billable item (with the item, the number of credits and their
 * soonest expiration).
 */
export function creditTotals(
  balance: CreditEntity[],
  items: Map<string, CreditUnitsBalanceResponse['item']>,
): Pick<ConsumeCreditsResponse, 'total_amount' | 'total_units' | 'total_units_with_meta'> {
  const total_amount: Record<string, number> = {};
  const total_units: Record<string, number> = {};
  const total_units_with_meta: Record<string, CreditUnitsBalanceResponse> = {};
  for (const c of balance) {
    if (c.type === 'AMOUNT' && c.currency) {
      total_amount[c.currency] = (total_amount[c.currency] ?? 0) + c.remaining_cents;
    } else if (c.type === 'UNITS' && c.item_id && items.has(c.item_id)) {
      total_units[c.item_id] = (total_units[c.item_id] ?? 0) + c.remaining_units;
      const meta = total_units_with_meta[c.item_id] ?? {
        item_id: c.item_id,
        item: items.get(c.item_id)!,
        units: 0,
        credits: 0,
        next_expiration_date: null,
      };
      meta.units += c.remaining_units;
      meta.credits += 1;
      const exp = iso(c.expiration_date);
      if (exp && (meta.next_expiration_date === null || exp < meta.next_expiration_date)) meta.next_expiration_date = exp;
      total_units_with_meta[c.item_id] = meta;
    }
  }
  return { total_amount, total_units, total_units_with_meta };
}

/** The answer of a consumption: the totals left, what was taken, and the credits and log entries it touched (already responses). */
export function toConsumeCreditsResponse(
  r: ConsumeResult,
  credits: CreditResponse[],
  logs: CreditLogResponse[],
  items: Map<string, CreditUnitsBalanceResponse['item']>,
): ConsumeCreditsResponse {
  return {
    ...creditTotals(r.balance, items),
    customer_id: r.customer_id,
    type: r.type,
    consumed_amount: r.type === 'AMOUNT' ? money(r.currency!, r.consumed_cents) : null,
    consumed_units: r.type === 'UNITS' ? r.consumed_units : null,
    credits,
    logs,
  };
}
