import { AsyncLocalStorage } from 'node:async_hooks';
import { EventSubscriber } from 'typeorm';
import type {
  AfterQueryEvent,
  BeforeQueryEvent,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/** The idempotency key of the request being handled, as the statements it runs see it. */
export interface RequestKey {
  readonly companyId: string;
  readonly key: string;
  /** Set once a transaction that settled the key has committed: later writes need no settling. */
  settled?: boolean;
}

const current = new AsyncLocalStorage<RequestKey>();

/** Runs `work` (the handler of a request carrying an Idempotency-Key) with that key as the current one. */
export function withRequestKey<R>(requestKey: RequestKey, work: () => R): R {
  return current.run(requestKey, work);
}

/** Runs `work` (the storing of the request's answer) outside the request's key: it settles nothing. */
export function withoutRequestKey<R>(work: () => R): R {
  return current.exit(work);
}

/** A statement that writes (a common table expression only when it holds a write): run on its own, it commits at once. */
const WRITE = /^\s*(INSERT|UPDATE|DELETE|MERGE)\b|^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE|MERGE)\b/i;
/** Query runners running a lone write inside the transaction opened for it here. */
const wrapped = new WeakSet<QueryRunner>();
/** Query runners whose open transaction settled the key (known after COMMIT). */
const settling = new WeakMap<QueryRunner, RequestKey>();

/**
 * Settles the current request's idempotency key inside the request's own transactions: just
 * before a transaction that wrote something commits, the key goes from `running` to
 * `committed` (answer not stored yet) in that same transaction. The effect and the key's state
 * commit together or not at all, so a key still `running` belongs to a request that never
 * committed a write and may be taken over once abandoned; a `committed` key is never run again,
 * whatever happens to the process before its answer is stored.
 *
 * `txid_current_if_assigned()` is null until a transaction writes (or locks rows), so read-only
 * transactions leave the key alone. A write the handler runs on its own (one statement outside
 * any transaction, which would commit by itself) is run inside a transaction opened for it, so
 * that it settles the key the same way; once the key is settled, nothing is wrapped any more.
 */
@EventSubscriber()
export class IdempotencySettler implements EntitySubscriberInterface {
  async beforeQuery(event: BeforeQueryEvent): Promise<void> {
    const requestKey = current.getStore();
    const runner = event.queryRunner;
    if (!requestKey || requestKey.settled || runner.isTransactionActive || !WRITE.test(event.query)) return;
    await runner.startTransaction();
    wrapped.add(runner);
  }

  async afterQuery(event: AfterQueryEvent): Promise<void> {
    const runner = event.queryRunner;
    if (!wrapped.has(runner)) return;
    wrapped.delete(runner);
    if (event.success) await runner.commitTransaction();
    else await runner.rollbackTransaction();
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const requestKey = current.getStore();
    if (!requestKey || requestKey.settled) return;
    const [, changed] = (await event.queryRunner.query(
      `UPDATE idempotency_keys SET state = 'committed'
       WHERE company_id = $1 AND key = $2 AND state = 'running' AND txid_current_if_assigned() IS NOT NULL`,
      [requestKey.companyId, requestKey.key],
    )) as [unknown, number];
    if (changed > 0) settling.set(event.queryRunner, requestKey);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const requestKey = settling.get(event.queryRunner);
    if (!requestKey || event.queryRunner.isTransactionActive) return;
    settling.delete(event.queryRunner);
    requestKey.settled = true;
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) settling.delete(event.queryRunner);
  }
}
