/**
 * Transactions that lost a race the database resolved by rolling them back: a deadlock (40P01,
 * the victim PostgreSQL chose) or a serialization failure (40001). Such a transaction wrote
 * nothing, and the same work run again normally succeeds — the other side has committed or
 * rolled back meanwhile. Anything else is not transient and is not retried.
 */
export const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** The SQLSTATE of a driver error or of TypeORM's QueryFailedError wrapping one. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isTransientConflict(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && TRANSIENT_SQLSTATES.has(code);
}

export interface TransientRetryOptions {
  /** Tries in all, the first included (default 4). */
  attempts?: number;
  /** The pause before the n-th retry is drawn from [0, baseMs · 2^(n−1)] ("full jitter"; default 50). */
  baseMs?: number;
  /** Told of each retry, before its pause (for a log line). */
  onRetry?: (err: unknown, retry: number) => void;
  /** Pause (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) (tests replace it). */
  random?: () => number;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs `work` (a whole transaction: it must begin and end inside) and runs it again when it
 * fails with a transient conflict, a bounded number of times, after a random pause that grows
 * with each retry: two transactions that deadlocked on each other do not meet again in step. The
 * last error is thrown when the tries are used up, and any other error at once.
 */
export async function retryTransient<T>(work: () => Promise<T>, options: TransientRetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const base = options.baseMs ?? 50;
  const sleep = options.sleep ?? pause;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
      options.onRetry?.(err, attempt);
      await sleep(Math.floor(random() * base * 2 ** (attempt - 1)));
    }
  }
}
