import { AsyncLocalStorage } from 'node:async_hooks';
import { EventSubscriber } from 'typeorm';
import type { EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';

/** The idempotency key of the request being handled, as the transactions it opens see it. */
export interface RequestKey {
  readonly companyId: string;
  readonly key: string;
}

const current = new AsyncLocalStorage<RequestKey>();

/** Runs `work` (the handler of a request carrying an Idempotency-Key) with that key as the current one. */
export function withRequestKey<R>(requestKey: RequestKey, work: () => R): R {
  return current.run(requestKey, work);
}

/**
 * Settles the current request's idempotency key inside the request's own transactions: just
 * before a transaction that wrote something commits, the key goes from `running` to
 * `unsettled` (committed, answer not stored yet) in that same transaction. The effect and the
 * key's state commit together or not at all, so a key still `running` belongs to a request that
 * never committed a write and may be taken over once abandoned; an `unsettled` key is never run
 * again, whatever happens to the process before its answer is stored.
 *
 * `txid_current_if_assigned()` is null until a transaction writes (or locks rows), so read-only
 * transactions leave the key alone. Only the first writing transaction of a request changes the
 * row; later ones find it `unsettled` already and change nothing.
 */
@EventSubscriber()
export class IdempotencySettler implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const requestKey = current.getStore();
    if (!requestKey) return;
    await event.queryRunner.query(
      `UPDATE idempotency_keys SET state = 'unsettled'
       WHERE company_id = $1 AND key = $2 AND state = 'running' AND txid_current_if_assigned() IS NOT NULL`,
      [requestKey.companyId, requestKey.key],
    );
  }
}
