/**
 * The billing run's bounds and options (src/invoicing/README-billing.md "Exactly once"): batch
 * sizes, how many invoices a transaction and a company may write in one run, how many
 * transactions run at once, and each company's share of a run.
 */

export interface BillingRunSummary {
  invoices_created: number;
  invoices_finalized: number;
  subscriptions_processed: number;
  errors: number;
  /** The run's instant (ISO). */
  now: string;
}

/**
 * Subscriptions per transaction in a run. Each transaction carries a fixed cost in statements
 * (about twenty, each parsed, bound and executed) and a commit, so larger batches spend less of a
 * run on round trips; past a few hundred the gain stops while a batch's memory and lock time keep
 * growing. A batch is one company's, so this matters for large companies only.
 */
export const BATCH_SIZE = 400;
/** A claim's window, in batches: how far past subscriptions other runs hold a transaction looks for its batch. */
export const CLAIM_SPAN = 4;
/**
 * Invoices one transaction of a run writes (past it, each further subscription of the batch
 * writes only the invoices of its first due instant): two per subscription of a full batch, so
 * that a batch whose subscriptions each close a period and open one (a start invoice and a
 * period invoice) is written whole. A catch-up longer than this (a start back-dated by months on
 * an hourly price) continues in further transactions of the same run, after every other
 * subscription had its turn; the billing cursor records how far each got.
 */
export const CATCH_UP_INVOICES_PER_TRANSACTION = 2 * BATCH_SIZE;
/** The default of TALLY_BILLING_MAX_INVOICES_PER_COMPANY (see billingRunCompanyCap). */
export const INVOICES_PER_COMPANY_PER_RUN = 1000;

/**
 * Invoices one run writes for one company at most: TALLY_BILLING_MAX_INVOICES_PER_COMPANY
 * (default 1,000, a whole number >= 1). It bounds catch-ups (a start back-dated by a year on an
 * hourly price is 8,761 invoices): once a company's share is used, each of its subscriptions
 * left in the run writes the invoices of its first due instant only, and a cut catch-up waits
 * for the next run (its billing cursor says where it stopped; the scheduler runs every minute).
 * Ordinary billing is not held back: every due subscription still gets its first due instant,
 * so a company with more due subscriptions than the cap writes more than the cap, one instant
 * each.
 */
export function billingRunCompanyCap(): number {
  const wanted = Number(process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY ?? INVOICES_PER_COMPANY_PER_RUN);
  return Number.isSafeInteger(wanted) && wanted >= 1 ? wanted : INVOICES_PER_COMPANY_PER_RUN;
}

export interface ProcessOutcome {
  ok: boolean;
  processed: boolean;
  /** Locked by the transaction (processed, or found already brought to the instant by another run). */
  claimed: boolean;
  created: number;
  finalized: number;
  /** Its catch-up was cut: more invoices are due at the run's instant. */
  more: boolean;
}

export const FAILED: ProcessOutcome = { ok: false, processed: false, claimed: false, created: 0, finalized: 0, more: false };

export interface BatchOptions {
  maxInvoices: number;
  /** Wait for subscriptions another transaction holds, instead of passing them over. */
  waitForLock?: boolean;
  /** A claim: at most this many of the batch, the first that are due and free. */
  limit?: number;
}

export interface BillingRunOptions {
  /** Only these companies (default: every company). */
  companyIds?: string[];
  /** Progress callback: (done, total) over the subscriptions, then the drafts. */
  onProgress?: (phase: 'subscriptions' | 'drafts' | 'steps', done: number, total: number) => void;
  /** Invoices one transaction writes at most (default CATCH_UP_INVOICES_PER_TRANSACTION). */
  maxInvoicesPerTransaction?: number;
  /** Subscriptions per transaction (default BATCH_SIZE, 400). */
  batchSize?: number;
  /** Invoices the run writes for one company at most, past first due instants (default billingRunCompanyCap()). */
  maxInvoicesPerCompany?: number;
}

/**
 * What is left of each company's invoices in a run: a transaction reserves its share before it
 * starts (so that transactions of a company at once cannot overshoot together) and gives back
 * what it did not write.
 */
export class CompanyShares {
  private readonly left = new Map<string, number>();
  constructor(private readonly cap: number) {}

  /** Up to `want` invoices of the company's share (0 once it is used). */
  reserve(companyId: string, want: number): number {
    const left = this.left.get(companyId) ?? this.cap;
    const take = Math.max(0, Math.min(want, left));
    this.left.set(companyId, left - take);
    return take;
  }

  /** The transaction wrote `written` of the `taken` it reserved (more than that when it wrote first due instants past the share). */
  settle(companyId: string, taken: number, written: number): void {
    this.left.set(companyId, (this.left.get(companyId) ?? this.cap) + taken - written);
  }
}

/**
 * Transactions a run keeps going at once: TALLY_BILLING_CONCURRENCY (default 4), at most one
 * less than the connection pool (one connection stays free for everything else), at least one.
 */
export function billingRunWidth(poolSize: number): number {
  const wanted = Number(process.env.TALLY_BILLING_CONCURRENCY ?? 4);
  return Math.max(1, Math.min(Number.isInteger(wanted) && wanted > 0 ? wanted : 4, poolSize - 1));
}
