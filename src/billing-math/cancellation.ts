/**
 * The arithmetic of a cancellation's options (docs/billing-rules.md#cancellations): which
 * refund the final invoice gives, and which windows of the committed term
 * `charge_remaining_balance` bills. Pure: dates and cents in, dates and cents out.
 */
import { BillingMathError } from './errors';
import type { Cents } from './money';
import { periodAt, Term } from './periods';
import { prorationShare, Share, isFullShare } from './proration';

export const REFUND_TYPES = ['PRORATED', 'NONE', 'CUSTOM'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

/** What a cancellation asks of the final invoice, as the engine reads it from `cancel_config`. */
export interface CancelTerms {
  refund_type: RefundType;
  /** CUSTOM only: the credit for the cancelled period, in cents. */
  custom_refund_cents: number | null;
  /** Bill the fixed charges of the committed term's periods not yet invoiced. */
  charge_remaining_balance: boolean;
  /** Void the subscription's open invoices with nothing paid when the cancellation takes effect. */
  cancel_pending_invoices: boolean;
}

export const NO_CANCEL_TERMS: CancelTerms = Object.freeze({
  refund_type: 'NONE',
  custom_refund_cents: null,
  charge_remaining_balance: false,
  cancel_pending_invoices: false,
}) as CancelTerms;

/**
 * Why a set of cancellation options is refused (the field at fault and the message), or null.
 * CUSTOM needs `custom_refund_amount`, and the amount means nothing with another refund type;
 * a custom refund of a period is the opposite of charging the rest of the term, so the two do
 * not go together; the amount is at most what the cancelled period billed.
 */
export function cancelTermsProblem(
  terms: Pick<CancelTerms, 'refund_type' | 'custom_refund_cents' | 'charge_remaining_balance'>,
  periodBilledCents: Cents | null,
): { field: string; message: string } | null {
  const custom = terms.refund_type === 'CUSTOM';
  if (custom && terms.custom_refund_cents === null)
    return { field: 'custom_refund_amount', message: 'is required with refund_type CUSTOM' };
  if (!custom && terms.custom_refund_cents !== null)
    return { field: 'custom_refund_amount', message: 'is only allowed with refund_type CUSTOM' };
  if (custom && terms.charge_remaining_balance)
    return { field: 'charge_remaining_balance', message: 'cannot be combined with refund_type CUSTOM' };
  if (custom && periodBilledCents !== null && terms.custom_refund_cents! > periodBilledCents)
    return {
      field: 'custom_refund_amount',
      message: `must not exceed what the cancelled period billed (${Math.max(0, periodBilledCents)} cents)`,
    };
  return null;
}

/**
 * The credit (negative cents) a CUSTOM refund puts on the final invoice: the amount asked,
 * never more than the period billed (the request was checked against it; a plan change made
 * since cannot make the refund exceed it), 0 when nothing was billed.
 */
export function customRefundCredit(requestedCents: Cents, periodBilledCents: Cents): Cents {
  if (!Number.isSafeInteger(requestedCents) || requestedCents < 0) throw new BillingMathError(`invalid custom refund ${requestedCents}`);
  const credit = Math.min(requestedCents, Math.max(0, periodBilledCents));
  return credit === 0 ? 0 : -credit;
}

/**
 * The end of the committed term a cancellation at `end` falls in: the end of the term period
 * (stepped from `start`) that holds the instant just before `end`, so a cancellation exactly at
 * a renewal leaves nothing of the next term to bill.
 */
export function committedTermEnd(start: Date, term: Term, end: Date): Date {
  const before = new Date(Math.max(end.getTime() - 1, start.getTime()));
  return periodAt(start, term, before).end;
}

/** A window of the remaining balance: a piece of one billing period and its share of it (null: the whole period). */
export interface BalanceWindow {
  period: { start: Date; end: Date; index: number };
  start: Date;
  end: Date;
  share: Share | null;
}

/**
 * The windows `charge_remaining_balance` bills: from `billedThrough` (the end of what was
 * billed in advance, or the cancellation instant when later) to `termEnd`, cut at the billing
 * dates of the schedule (anchor, billing term). Each is a whole period, or the share of a
 * period a window covers when the term ends (or the billed coverage stops) inside it.
 */
export function remainingBalanceWindows(
  anchor: Date,
  billingTerm: Term,
  billedThrough: Date,
  termEnd: Date,
  maxWindows = 1000,
): BalanceWindow[] {
  const out: BalanceWindow[] = [];
  let at = billedThrough;
  while (at.getTime() < termEnd.getTime()) {
    if (out.length >= maxWindows) throw new BillingMathError(`more than ${maxWindows} periods of remaining balance`);
    const p = periodAt(anchor, billingTerm, at);
    const end = p.end.getTime() < termEnd.getTime() ? p.end : termEnd;
    const share = prorationShare(p.start, p.end, at, end);
    out.push({ period: p, start: at, end, share: isFullShare(share) ? null : share });
    at = end;
  }
  return out;
}
