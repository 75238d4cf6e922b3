/**
 * The bound of what the billing engine writes: every charge line of a computed invoice is at
 * most MAX_MONEY_CENTS (10^12 cents, the bound of every amount of the API) in absolute value,
 * and nothing on the way leaves the safe-integer range. Subscription writes keep their own
 * prices inside it (subscriptions/amount-bounds.ts); usage is what can carry a subscription
 * past it (a huge SUM times a price). A subscription whose invoice is out of range is not
 * billed: the run flags it (`billing_error`) and goes on with the others; a preview answers a
 * 400 `amount_out_of_range`.
 */
import { AmountOverflowError } from '../../billing-math';
import { DomainError } from '../../platform/errors/domain-error';
import { MAX_MONEY_CENTS } from '../../platform/validation/limits';
import type { PlannedInvoice } from './planner/state';

export const AMOUNT_OUT_OF_RANGE = 'amount_out_of_range';

/** A computed invoice of the subscription has an amount outside the bound. */
export class BillingAmountError extends Error {
  readonly code = AMOUNT_OUT_OF_RANGE;
  constructor(message: string) {
    super(message);
    this.name = 'BillingAmountError';
  }
}

/** Throws BillingAmountError when a charge line of the invoices is above MAX_MONEY_CENTS. */
export function checkInvoiceAmounts(invoices: readonly PlannedInvoice[]): void {
  for (const invoice of invoices) {
    for (const line of invoice.lines) {
      if (Math.abs(line.amount_cents) > MAX_MONEY_CENTS) {
        throw new BillingAmountError(
          `the invoice of ${invoice.date.toISOString()} has a line "${line.name}" of ${line.amount_cents} cents, ` +
            `above the maximum of ${MAX_MONEY_CENTS} cents`,
        );
      }
    }
  }
}

/** The reason when `err` says a computed amount is out of range (the arithmetic overflowed, or a line is above the bound), else null. */
export function amountProblem(err: unknown): string | null {
  if (err instanceof BillingAmountError) return err.message;
  if (err instanceof AmountOverflowError) return `an amount of its invoice is out of range (${err.message})`;
  return null;
}

/** `work`, with an out-of-range amount turned into the API's 400 `amount_out_of_range` (previews, draft recomputations). */
export async function answeringAmountErrors<T>(subscriptionId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const problem = amountProblem(err);
    if (problem === null) throw err;
    throw new DomainError(AMOUNT_OUT_OF_RANGE, 'validation', `subscription ${subscriptionId} cannot be billed: ${problem}`);
  }
}

/** A failure as a run reports it: a stable code and the message. */
export function failureOf(err: unknown): { code: string; message: string } {
  const message = err instanceof Error ? err.message : String(err);
  if (amountProblem(err) !== null) return { code: AMOUNT_OUT_OF_RANGE, message: amountProblem(err)! };
  if (err instanceof DomainError) return { code: err.code, message };
  const pg = (err as { driverError?: { code?: unknown }; code?: unknown }) ?? {};
  const sqlState = pg.driverError?.code ?? pg.code;
  if (typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState)) return { code: `sqlstate_${sqlState}`, message };
  return { code: 'internal_error', message };
}
