/**
 * Credits against an invoice.
 *
 * Amount credits (cents) pay part of an invoice's total; unit credits cover units of lines of a
 * matching billable item. Both are consumed in the same order: the soonest-expiring first,
 * credits without expiration last, ties broken by the oldest `created_at`, then by id. A credit
 * whose expiration_date is before the invoice date is skipped (on the exact instant it still
 * applies). Nothing here ever allocates more than a credit holds or more than is due.
 */
import { BillingMathError } from './errors';
import { Cents, assertCents, roundCents, toDecimal } from './money';
import { InvoiceLine } from './lines';
import { FULL_SHARE, applyShare } from './proration';

/** An amount credit: `amount_cents` is what remains of it. */
export interface AmountCredit {
  id: string;
  amount_cents: Cents;
  expiration_date?: Date | null;
  created_at: Date;
}

/** A unit credit for a billable item: `units` is what remains of it (an integer). */
export interface UnitCredit {
  id: string;
  item_id: string;
  units: number;
  expiration_date?: Date | null;
  created_at: Date;
}

export interface CreditAllocation {
  credit_id: string;
  /** Cents taken from the credit (> 0). */
  amount_cents: Cents;
  /** What the credit holds afterwards. */
  remaining_cents: Cents;
}

export interface CreditApplication {
  allocations: CreditAllocation[];
  /** Ids of credits skipped because they expired before the invoice date. */
  expired: string[];
  /** Sum of the allocations. */
  applied_cents: Cents;
  /** What is still due: max(0, total) − applied. */
  remaining_due_cents: Cents;
}

type Orderable = { id: string; expiration_date?: Date | null; created_at: Date };

/** Credits in the order they are consumed (see the file comment). Stable and total. */
export function creditOrder<T extends Orderable>(credits: readonly T[]): T[] {
  const exp = (c: Orderable) => (c.expiration_date == null ? Infinity : c.expiration_date.getTime());
  return [...credits].sort(
    (a, b) => exp(a) - exp(b) || a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

function usable(c: Orderable, at: Date): boolean {
  return c.expiration_date == null || at.getTime() <= c.expiration_date.getTime();
}

/** Allocates amount credits to an invoice total (after discounts) at invoice date `at`. */
export function applyCredits(totalCents: Cents, credits: readonly AmountCredit[], at: Date): CreditApplication {
  assertCents(totalCents, 'total');
  let due = Math.max(0, totalCents);
  const allocations: CreditAllocation[] = [];
  const expired: string[] = [];
  for (const c of creditOrder(credits)) {
    assertCents(c.amount_cents, `credit ${c.id} amount`);
    if (c.amount_cents < 0) throw new BillingMathError(`credit ${c.id} amount must be >= 0`);
    if (!usable(c, at)) {
      expired.push(c.id);
      continue;
    }
    if (due === 0) continue;
    const take = Math.min(due, c.amount_cents);
    if (take === 0) continue;
    due -= take;
    allocations.push({ credit_id: c.id, amount_cents: take, remaining_cents: c.amount_cents - take });
  }
  const applied = allocations.reduce((s, a) => s + a.amount_cents, 0);
  return { allocations, expired, applied_cents: applied, remaining_due_cents: due };
}

export interface UnitCreditAllocation {
  credit_id: string;
  /** Index of the line in the input list. */
  line_index: number;
  /** Units of the line covered (a whole number). */
  units: number;
  /** Value of those units (>= 0 cents; the credit line carries the negative). */
  amount_cents: Cents;
  /** Units the credit holds afterwards. */
  remaining_units: number;
}

export interface UnitCreditApplication {
  allocations: UnitCreditAllocation[];
  expired: string[];
  /** One negative CREDIT line per allocation, with the covered line's pricing and item. */
  lines: InvoiceLine[];
  applied_cents: Cents;
}

/**
 * Applies unit credits to the CHARGE lines of their item that have a single unit price (lines
 * priced by tiers or steps have none and take no unit credits: callers reduce the quantity
 * before pricing instead). A line takes at most floor(its quantity) units in all; the value is
 * units × unit_price × the line's share, rounded once per line: the k-th allocation on a line
 * is worth round(covered after) − round(covered before), so a line's credits add up to exactly
 * round(all covered units × price × share) and never exceed the line.
 */
export function applyUnitCredits(lines: readonly InvoiceLine[], credits: readonly UnitCredit[], at: Date): UnitCreditApplication {
  const remaining = new Map<string, number>();
  const expired: string[] = [];
  const order = creditOrder(credits).filter((c) => {
    if (!Number.isSafeInteger(c.units) || c.units < 0) throw new BillingMathError(`credit ${c.id} units must be an integer >= 0`);
    if (!usable(c, at)) {
      expired.push(c.id);
      return false;
    }
    remaining.set(c.id, c.units);
    return true;
  });
  const allocations: UnitCreditAllocation[] = [];
  const out: InvoiceLine[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'CHARGE' || line.item_id == null || line.unit_price === null || line.amount_cents <= 0) return;
    const price = toDecimal(line.unit_price);
    const capacity = toDecimal(line.quantity).floor().toNumber();
    const s = line.share ?? FULL_SHARE;
    const value = (units: number) => roundCents(applyShare(price.times(units), s));
    let covered = 0;
    for (const c of order) {
      if (c.item_id !== line.item_id) continue;
      const left = remaining.get(c.id)!;
      const units = Math.min(left, capacity - covered);
      if (units <= 0) continue;
      const amount = value(covered + units) - value(covered);
      covered += units;
      remaining.set(c.id, left - units);
      allocations.push({ credit_id: c.id, line_index: index, units, amount_cents: amount, remaining_units: left - units });
      out.push({
        ...line,
        name: `Credit: ${line.name}`,
        kind: 'CREDIT',
        quantity: String(units),
        amount_cents: amount === 0 ? 0 : -amount,
      });
      if (covered >= capacity) break;
    }
  });
  return { allocations, expired, lines: out, applied_cents: allocations.reduce((t, a) => t + a.amount_cents, 0) };
}
