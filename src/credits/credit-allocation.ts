/**
 * Pure allocation of credits (no Nest, no SQL): which credit gives how much to a consumption
 * or to an invoice. Ordering and the amount arithmetic come from billing-math (`creditOrder`,
 * `applyCredits`, `applyUnitCredits`): the soonest-expiring first, credits without expiration
 * last, then the oldest, then by id. Nothing here takes more than a credit holds, more than is
 * asked, or more than an invoice has due.
 */
import {
  AmountCredit,
  FULL_SHARE,
  InvoiceLine,
  UnitCredit,
  applyCredits,
  applyUnitCredits,
  creditOrder,
  roundCents,
  toDecimal,
} from '../billing-math';

export interface Take {
  cents: number;
  units: number;
}

export interface Allocation {
  /** Credit id → what it gives, in the order the credits were drawn. */
  takes: Map<string, Take>;
  applied_cents: number;
  applied_units: number;
}

function add(takes: Map<string, Take>, id: string, cents: number, units: number): void {
  const t = takes.get(id) ?? { cents: 0, units: 0 };
  t.cents += cents;
  t.units += units;
  takes.set(id, t);
}

/** Draws `requested` cents from amount credits; `applied_cents < requested` means the balance is short. */
export function allocateAmount(requested: number, credits: readonly AmountCredit[], at: Date): Allocation {
  const r = applyCredits(requested, credits, at);
  const takes = new Map<string, Take>();
  for (const a of r.allocations) add(takes, a.credit_id, a.amount_cents, 0);
  return { takes, applied_cents: r.applied_cents, applied_units: 0 };
}

/** Draws `requested` whole units from unit credits (one item); `applied_units < requested` means the balance is short. */
export function allocateUnits(requested: number, credits: readonly UnitCredit[], at: Date): Allocation {
  const takes = new Map<string, Take>();
  let left = requested;
  for (const c of creditOrder(credits)) {
    if (left === 0) break;
    if (c.expiration_date != null && at.getTime() >= c.expiration_date.getTime()) continue;
    const n = Math.min(left, c.units);
    if (n <= 0) continue;
    add(takes, c.id, 0, n);
    left -= n;
  }
  return { takes, applied_cents: 0, applied_units: requested - left };
}

/** An invoice line as stored (the fields unit credits look at). */
export interface StoredLine {
  position: number;
  kind: string;
  name: string;
  item_id: string | null;
  quantity: string;
  unit_price: string | null;
  amount_cents: number;
  prorated: boolean;
}

/** Line kinds that are never covered by unit credits (adjustments, not charges). */
const NOT_CHARGES = new Set(['DISCOUNT', 'CREDIT', 'PRORATION_CREDIT']);

export interface InvoiceAllocationInput {
  /** What the invoice still has due (cents). */
  due_cents: number;
  lines: readonly StoredLine[];
  /** AMOUNT credits in the invoice's currency. */
  amount_credits: readonly AmountCredit[];
  unit_credits: readonly UnitCredit[];
  /** Units per item already covered on this invoice by earlier applications (they cover the first lines first). */
  covered_units?: ReadonlyMap<string, number>;
  at: Date;
}

/**
 * Credits against an invoice: unit credits first, on the whole units of full-period charge
 * lines of their item that have a single unit price (valued at that price, rounded once per
 * line), then amount credits on what is still due. The running total never exceeds `due_cents`:
 * a unit allocation worth more than what is left due takes only the units that fit.
 */
export function allocateToInvoice(input: InvoiceAllocationInput): Allocation {
  let due = Math.max(0, input.due_cents);
  const takes = new Map<string, Take>();
  let units = 0;

  const covered = new Map(input.covered_units ?? []);
  const eligible: InvoiceLine[] = [];
  for (const l of [...input.lines].sort((a, b) => a.position - b.position)) {
    if (l.item_id === null || l.unit_price === null || l.amount_cents <= 0 || l.prorated || NOT_CHARGES.has(l.kind)) continue;
    const capacity = toDecimal(l.quantity).floor().toNumber();
    const already = covered.get(l.item_id) ?? 0;
    const used = Math.min(already, capacity);
    covered.set(l.item_id, already - used);
    if (capacity - used <= 0) continue;
    eligible.push({
      name: l.name,
      kind: 'CHARGE',
      quantity: String(capacity - used),
      unit_price: l.unit_price,
      amount_cents: l.amount_cents,
      prorated: false,
      share: FULL_SHARE,
      period_start: null,
      period_end: null,
      product_pricing_id: null,
      item_id: l.item_id,
    });
  }
  if (eligible.length > 0 && input.unit_credits.length > 0) {
    const applied = applyUnitCredits(eligible, input.unit_credits, input.at);
    for (const a of applied.allocations) {
      if (due === 0) break;
      let n = a.units;
      let cents = a.amount_cents;
      if (cents > due) {
        const price = toDecimal(eligible[a.line_index].unit_price!);
        n = Math.min(n, toDecimal(due).div(price).floor().toNumber());
        cents = Math.min(due, roundCents(price.times(n)));
      }
      if (n <= 0) continue;
      due -= cents;
      units += n;
      add(takes, a.credit_id, cents, n);
    }
  }
  const amount = applyCredits(due, input.amount_credits, input.at);
  for (const a of amount.allocations) add(takes, a.credit_id, a.amount_cents, 0);
  const appliedCents = [...takes.values()].reduce((s, t) => s + t.cents, 0);
  return { takes, applied_cents: appliedCents, applied_units: units };
}
