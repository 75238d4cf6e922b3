import type { CrossCompanyScan } from '../database/cross-company';
import type { OutboxCompanies } from './outbox-companies';

/** One claimed row of an outbox: its attempt is counted and leased to this worker until `lease_until`. */
export interface OutboxClaim {
  company_id: string;
  id: string;
  /** Attempts made, this one included. */
  attempts: number;
  lease_until: Date;
  /** The instant the claim was made at (the clock's now, or the instant a run was asked for). */
  at: Date;
}

/**
 * What an outbox table needs for the loop: `company_id`, `id` (its primary key), `status`,
 * `attempts`, `lease_until`, `last_attempt_at`, `updated_at` and a due time (`next_attempt_at`,
 * or the owner's `dueColumn`); a row is waiting while its status is `pendingStatus` (or the
 * owner's `due` condition holds) and no live lease holds it.
 */
export interface OutboxOptions<R = void> {
  /** The name logs give the loop (`webhook delivery`, `mail delivery`). */
  name: string;
  /** The outbox table (a constant of the owning module, never input). */
  table: string;
  /** The status of a row waiting for an attempt. */
  pendingStatus: string;
  /** The column ordering due rows (default `next_attempt_at`; a constant of the owner, never input). */
  dueColumn?: string;
  /**
   * Which rows are waiting at the instant whose placeholder is `at`, `status` the placeholder of
   * `pendingStatus` (a constant SQL condition of the owner, never input; default: status
   * `pendingStatus` and `next_attempt_at <= at`). The loop adds the lease condition: a row under
   * a live lease is never claimed.
   */
  due?: (at: string, status: string) => string;
  /** The cross-company scan that finds the companies with due rows (listed in CROSS_COMPANY_SCANS). */
  scan: CrossCompanyScan;
  /** Whether this instance dispatches (a setting of its own, independent of the scheduler). */
  enabled: boolean;
  /** How long a claimed attempt is held before another worker may take it over. */
  leaseMs: number;
  /**
   * How often every instance looks for due rows (retries; rows another instance did not take);
   * null: no poll and no run at start, the owner calls `runDue` on its own schedule.
   */
  pollIntervalMs: number | null;
  /** Attempts of one instance at once, all companies together. */
  maxInFlight: number;
  /** Attempts of one company at once on one instance (its fair share). */
  maxInFlightPerCompany: number;
  /** The companies whose rows this instance takes (the platform's OutboxCompanies; default every company). */
  companies?: OutboxCompanies;
  /**
   * Makes one claimed attempt and records its outcome (the owner's handler; it writes the row
   * only while the claim is still its own: same `attempts` and `lease_until`). Never throws for
   * an attempt that failed: a failure is an outcome to record.
   */
  attempt(claim: OutboxClaim): Promise<R>;
}

/** What one `runDue` or `drain` takes: rows due at `at` (default: the platform clock's now), of some companies only. */
export interface OutboxRun<R> {
  at?: Date;
  companyIds?: string[];
  /** Each attempt of this run when it ends: its outcome, or the error it threw. */
  report?: (claim: OutboxClaim, outcome: { value: R } | { error: Error }) => void;
}

/** A run's companies: some, or every company (a commit that did not name its company, the poll). */
export type Companies = ReadonlySet<string> | 'every';

export function union(a: Companies | null, b: Companies): Companies {
  if (a === 'every' || b === 'every') return 'every';
  return a ? new Set([...a, ...b]) : b;
}

/** How a run goes: its instant and companies (read at each claim: a pass takes companies asked for meanwhile). */
export interface RunPlan<R> {
  at: () => Date;
  companies: () => readonly string[] | undefined;
  report?: OutboxRun<R>['report'];
  /** A drain: at most this many claims, and places other runs of this instance hold are waited for. */
  cap?: number;
}
