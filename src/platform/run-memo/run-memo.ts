import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Values a batch job computes once for its whole duration instead of once per batch: the job's
 * own snapshot of something that does not change because of the job. A billing run opens one
 * (`RunMemo.scope`); inside it, `RunMemo.many` answers keys it has answered before from memory.
 * Outside a scope (an API request) every call computes afresh, so answers never go stale there.
 *
 * Used for `num_subs` (live subscriptions per pricing) in the subscription objects of a billing
 * run's webhook events: every event of one run carries the same count for a pricing, taken at the
 * first batch that needs it (docs/webhooks.md), rather than a count that moves from batch to batch
 * as the run itself changes subscriptions.
 */
interface Memo {
  /** False once the scope's work has settled: what it started and still runs computes afresh. */
  open: boolean;
  values: Map<string, Promise<unknown>>;
}
const store = new AsyncLocalStorage<Memo>();
/**
 * Scopes under way. When the last one ends the storage is disabled: on Node 20 an enabled
 * AsyncLocalStorage keeps a hook on every promise the process makes, API requests included, which
 * costs every request a little for nothing between runs.
 */
let running = 0;

export const RunMemo = {
  /**
   * Runs `work` with a fresh memo, which ends when `work` settles: work it started that goes on
   * after (an after-commit wake-up that keeps running, say) computes afresh, so nothing stays
   * longer than the job.
   */
  async scope<T>(work: () => Promise<T>): Promise<T> {
    const memo: Memo = { open: true, values: new Map() };
    running++;
    try {
      return await store.run(memo, work);
    } finally {
      memo.open = false;
      memo.values.clear();
      if (--running === 0) store.disable();
    }
  },

  /** Whether a scope is open here (a batch job's work): callers may then take its memoized values. */
  active(): boolean {
    return store.getStore()?.open === true;
  },

  /**
   * Values of `keys` under `namespace`: remembered ones from the scope, the others computed in one
   * call (`compute(missing)` → key → value; a key it leaves out gets `absent`). A failed
   * computation is forgotten, so the next caller computes again. Outside a scope, or once it has
   * ended: `compute(keys)`.
   */
  async many<V>(
    namespace: string,
    keys: string[],
    absent: V,
    compute: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const scope = store.getStore();
    if (!scope?.open) {
      const computed = await compute(keys);
      return new Map(keys.map((k) => [k, computed.get(k) ?? absent]));
    }
    const memo = scope.values;
    const missing = [...new Set(keys.filter((k) => !memo.has(`${namespace}\u0000${k}`)))];
    if (missing.length) {
      const pending = compute(missing);
      for (const k of missing) {
        const slot = `${namespace}\u0000${k}`;
        const value = pending.then((m) => m.get(k) ?? absent);
        value.catch(() => memo.delete(slot));
        memo.set(slot, value);
      }
    }
    const slots = keys.map((k) => memo.get(`${namespace}\u0000${k}`) as Promise<V>);
    const out = new Map<string, V>();
    for (const [i, k] of keys.entries()) out.set(k, await slots[i]);
    return out;
  },
};
