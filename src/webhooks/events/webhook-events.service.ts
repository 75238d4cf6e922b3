import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { companiesToVisit } from '../../platform/database/cross-company';
import { DomainError } from '../../platform/errors/domain-error';
import { isId, newId } from '../../platform/ids/ids';
import { PlatformScheduler } from '../../platform/scheduler/platform-scheduler';
import { runSearch, SearchPage, SearchSpec } from '../../platform/search/search';
import { DeliveryPlanner } from '../delivery/delivery-planner';
import type { WebhookEventType } from './event-types';
import { WebhookEventEntity } from './webhook-event.entity';
import type { FindWebhookEventsDto } from './dto/webhook-event.dto';

/** The kind of resource an event carries: the part of its type before the dot (`invoice.paid` → `invoice`). */
export type WebhookResourceKind =
  'customer' | 'subscription' | 'invoice' | 'payment' | 'credit' | 'contract' | 'checkout' | 'metric' | 'notification';

/**
 * How a module answers its resources for events: id → the resource exactly as its GET answers
 * it, read through `m` (the transaction that changed it), for many ids at once.
 */
export type WebhookObjectBuilder = (m: EntityManager, companyId: string, ids: string[]) => Promise<Map<string, object>>;

/**
 * A module above this one that acts on events in the transaction that records them (e-mail's
 * outbox): called with every event written, after its deliveries are planned.
 */
export type WebhookEventObserver = (m: EntityManager, events: readonly WebhookEventEntity[]) => Promise<void>;

/** Events are readable for this long, then purged. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 86_400_000;

const HOUR = 3600 * 1000;

interface Pending {
  companyId: string;
  id: string;
  type: WebhookEventType;
  resourceId: string;
  created_at: Date;
  /** Built ahead of the commit by `prepare` (then amended by the owning module, if at all). */
  object?: object;
}

/** The events kept with one transaction, and the (company, type, resource) keys among them. */
interface PendingList {
  events: Pending[];
  keys: Set<string>;
}

/**
 * Events in one INSERT: $1..$4 their company ids, ids, types and instants; $5 each one's object
 * as its 1-based position in $6, a JSON array of the distinct `data` values (sent as is; a text[]
 * would be escaped element by element), split by PostgreSQL into json values without a
 * conversion to jsonb.
 */
const WEBHOOK_EVENTS_INSERT_SQL = `WITH o AS MATERIALIZED (SELECT u.n, u.data FROM json_array_elements($6::json) WITH ORDINALITY AS u(data, n))
  INSERT INTO webhook_events (company_id, id, type, data, created_at)
  SELECT v.company_id, v.id, v.type, o.data, v.created_at
  FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[]) WITH ORDINALITY AS v(company_id, id, type, created_at, k, n)
  JOIN o ON o.n = v.k
  ORDER BY v.n`;

const kindOf = (type: WebhookEventType) => type.split('.')[0] as WebhookResourceKind;

const SEARCH: SearchSpec = {
  alias: 'e',
  sortKeys: {
    createdAtDesc: { column: 'e.created_at', direction: 'DESC', kind: 'date' },
    createdAtAsc: { column: 'e.created_at', direction: 'ASC', kind: 'date' },
  },
  filters: {
    type: { kind: 'exact', column: 'e.type' },
    types: { kind: 'in', column: 'e.type' },
    created_at: { kind: 'date_range', column: 'e.created_at' },
  },
};

/**
 * Records webhook events. Every module that changes something an integrator cares about calls
 * `record` (or `later`) with the manager of the transaction making the change, so the change and
 * its event commit together or not at all; the deliveries are planned in that same transaction.
 *
 * `later(m, companyId, type, resourceId)` is the usual way: the event is kept with the
 * transaction and written just before its COMMIT (a TypeORM `beforeTransactionCommit`
 * subscriber), with its `data.object` built then by the owning module's views through the same
 * transaction — the resource as its GET answers right after the commit. All the events of a
 * transaction are built per kind in one batched call and written in one multi-row INSERT, so a
 * billing run's batch of invoices costs a few queries, not a few per invoice. A rolled-back
 * transaction writes none of them.
 */
@Injectable()
export class WebhookEventsService implements OnModuleInit {
  private readonly builders = new Map<WebhookResourceKind, WebhookObjectBuilder>();
  private readonly pending = new WeakMap<QueryRunner, PendingList>();
  private readonly observers: WebhookEventObserver[] = [];

  constructor(
    private readonly planner: DeliveryPlanner,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly scheduler: PlatformScheduler,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push({
      beforeTransactionCommit: (e: { queryRunner: QueryRunner }) => this.flush(e.queryRunner),
      afterTransactionRollback: (e: { queryRunner: QueryRunner }) => this.discard(e.queryRunner),
    });
    this.scheduler.register({ name: 'webhook events past 30 days', everyMs: HOUR, run: () => this.purgeExpired() });
  }

  /** A module (above this one) declares how its resources are answered (from its onModuleInit). */
  objects(kind: WebhookResourceKind, builder: WebhookObjectBuilder): void {
    this.builders.set(kind, builder);
  }

  /** A module (above this one) acts on events in their transaction (from its onModuleInit). */
  observe(observer: WebhookEventObserver): void {
    this.observers.push(observer);
  }

  /** `object` is the resource exactly as its GET answers it (build it with the module's views). */
  async record(m: EntityManager, companyId: string, type: WebhookEventType, object: object): Promise<WebhookEventEntity> {
    return (await this.recordMany(m, [{ companyId, type, object }]))[0];
  }

  /**
   * Several events in one INSERT (each planned for delivery), in the caller's transaction. Events
   * that carry the same object (the same JS object: invoice.created and invoice.finalized of an
   * invoice written final) send it once.
   */
  async recordMany(
    m: EntityManager,
    events: { companyId: string; type: WebhookEventType; object: object; id?: string; created_at?: Date }[],
  ): Promise<WebhookEventEntity[]> {
    if (events.length === 0) return [];
    const rows: WebhookEventEntity[] = events.map((e) => ({
      company_id: e.companyId,
      id: e.id ?? newId('webhookEvent'),
      type: e.type,
      data: { object: e.object as Record<string, unknown> },
      created_at: e.created_at ?? this.clock.now(),
    }));
    // the distinct objects, each sent once as its event's data {object} (WEBHOOK_EVENTS_INSERT_SQL)
    const objects = new Map<object, number>();
    const distinct: object[] = [];
    const refs = events.map((e) => {
      let k = objects.get(e.object);
      if (k === undefined) {
        distinct.push(e.object);
        objects.set(e.object, (k = distinct.length));
      }
      return k;
    });
    await m.query(WEBHOOK_EVENTS_INSERT_SQL, [
      rows.map((r) => r.company_id),
      rows.map((r) => r.id),
      rows.map((r) => r.type),
      rows.map((r) => r.created_at),
      refs,
      JSON.stringify(distinct.map((object) => ({ object }))),
    ]);
    await this.planner.planMany(m, rows);
    for (const observer of this.observers) await observer(m, rows);
    return rows;
  }

  /**
   * An event of the resource `resourceId` (of the type's kind), written just before the
   * transaction of `m` commits, with the resource as it is then. The same type and resource twice
   * in one transaction is one event. `m` must be a transaction's manager.
   */
  later(m: EntityManager, companyId: string, type: WebhookEventType, resourceId: string): void {
    const runner = m.queryRunner;
    if (!runner || !runner.isTransactionActive) throw new Error(`webhook event ${type}: record it inside the transaction of the change`);
    let list = this.pending.get(runner);
    if (!list) this.pending.set(runner, (list = { events: [], keys: new Set() }));
    const key = `${companyId}\u0000${type}\u0000${resourceId}`;
    if (list.keys.has(key)) return;
    list.keys.add(key);
    list.events.push({ companyId, id: newId('webhookEvent'), type, resourceId, created_at: this.clock.now() });
  }

  /**
   * Builds now, through `m`, the objects of the events kept with this transaction so far, and
   * writes now those of every kind but `hold` (call it once the transaction's changes of those
   * resources are done); the held ones are written at the commit, where `amend` may still set
   * fields on them. Events kept after this are built at the commit as usual. For a transaction
   * that takes a contended lock just before its commit (the billing run's invoice numbers): the
   * objects are built, and most events written, before the lock rather than while it is held.
   */
  async prepare(m: EntityManager, options: { hold?: WebhookResourceKind[] } = {}): Promise<void> {
    const runner = m.queryRunner;
    const list = runner ? this.pending.get(runner) : undefined;
    if (!list) return;
    await this.build(
      m,
      list.events.filter((p) => p.object === undefined),
    );
    const hold = new Set(options.hold ?? []);
    const now = list.events.filter((p) => !hold.has(kindOf(p.type)));
    if (now.length === 0) return;
    list.events = list.events.filter((p) => hold.has(kindOf(p.type)));
    await this.write(m, now);
  }

  /**
   * Sets fields on the prepared objects of `kind` (resource id → fields, shallow), for values the
   * owning module assigned after `prepare` — so each object is still the resource exactly as its
   * GET answers after the commit. Only the module that answers `kind` calls it.
   */
  amend(m: EntityManager, companyId: string, kind: WebhookResourceKind, fields: Map<string, Record<string, unknown>>): void {
    const runner = m.queryRunner;
    const list = runner ? this.pending.get(runner) : undefined;
    if (!list || fields.size === 0) return;
    // events of one resource keep sharing one object (written once)
    const amended = new Map<object, object>();
    for (const p of list.events) {
      if (p.object === undefined || p.companyId !== companyId || kindOf(p.type) !== kind) continue;
      const patch = fields.get(p.resourceId);
      if (!patch) continue;
      let next = amended.get(p.object);
      if (!next) amended.set(p.object, (next = { ...p.object, ...patch }));
      p.object = next;
    }
  }

  /** Builds the objects of these events, per company and kind in one batched call each. */
  private async build(m: EntityManager, events: Pending[]): Promise<void> {
    const groups = new Map<string, { companyId: string; kind: WebhookResourceKind; ids: Set<string>; events: Pending[] }>();
    for (const p of events) {
      const kind = kindOf(p.type);
      const key = `${p.companyId}\u0000${kind}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { companyId: p.companyId, kind, ids: new Set(), events: [] }));
      g.ids.add(p.resourceId);
      g.events.push(p);
    }
    for (const g of groups.values()) {
      const builder = this.builders.get(g.kind);
      if (!builder) throw new Error(`webhook events: no module answers ${g.kind} objects`);
      const built = await builder(m, g.companyId, [...g.ids]);
      for (const p of g.events) {
        const object = built.get(p.resourceId);
        if (!object) throw new Error(`webhook event ${p.type}: ${p.resourceId} not found in its transaction`);
        p.object = object;
      }
    }
  }

  /** Writes the events kept with this transaction (the outermost commit only). */
  private async flush(runner: QueryRunner): Promise<void> {
    const list = this.pending.get(runner);
    if (!list || list.events.length === 0) return;
    if ((runner as unknown as { transactionDepth?: number }).transactionDepth !== undefined) {
      if ((runner as unknown as { transactionDepth: number }).transactionDepth > 1) return; // a savepoint: wait for the outer commit
    }
    this.pending.delete(runner);
    const m = runner.manager;
    await this.build(
      m,
      list.events.filter((p) => p.object === undefined),
    );
    await this.write(m, list.events);
  }

  private write(m: EntityManager, events: Pending[]): Promise<WebhookEventEntity[]> {
    return this.recordMany(
      m,
      events.map((p) => ({ companyId: p.companyId, type: p.type, object: p.object!, id: p.id, created_at: p.created_at })),
    );
  }

  private discard(runner: QueryRunner): void {
    this.pending.delete(runner);
  }

  /** One event of the company, readable for 30 days; 404 otherwise. */
  async get(companyId: string, id: string): Promise<WebhookEventEntity> {
    const notFound = () => DomainError.notFound('webhook_event');
    if (!isId('webhookEvent', id)) throw notFound();
    const event = await this.dataSource.manager.findOne(WebhookEventEntity, { where: { company_id: companyId, id } });
    if (!event || event.created_at.getTime() < this.cutoff().getTime()) throw notFound();
    return event;
  }

  /** The company's events of the last 30 days, newest first by default. */
  find(companyId: string, body: FindWebhookEventsDto): Promise<SearchPage<WebhookEventEntity>> {
    const qb = this.dataSource.manager
      .createQueryBuilder(WebhookEventEntity, 'e')
      .where('e.company_id = :companyId', { companyId })
      .andWhere('e.created_at >= :cutoff', { cutoff: this.cutoff() });
    return runSearch(qb, body, SEARCH);
  }

  private cutoff(): Date {
    return new Date(this.clock.now().getTime() - WEBHOOK_EVENT_RETENTION_MS);
  }

  /**
   * Deletes events older than 30 days, company by company in bounded batches of short
   * statements (scheduled hourly; callable from tests). Deliveries of such an event are long
   * finished (the retry schedule ends about 28 hours after the event); the deliveries table
   * references events with ON DELETE CASCADE, so their rows go with them.
   */
  async purgeExpired(options: { batchSize?: number; maxBatches?: number; companyIds?: string[] } = {}): Promise<number> {
    const batchSize = options.batchSize ?? 1000;
    let batchesLeft = options.maxBatches ?? 100;
    const cutoff = this.cutoff();
    const companies = await companiesToVisit((sql) => this.dataSource.query(sql), 'webhook-event-purge', options.companyIds);
    let deleted = 0;
    for (const company_id of companies) {
      while (batchesLeft > 0) {
        const [{ n }]: { n: number }[] = await this.dataSource.query(
          `WITH old AS (
             SELECT id FROM webhook_events WHERE company_id = $1 AND created_at < $2
             ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED
           ), gone AS (
             DELETE FROM webhook_events e USING old WHERE e.company_id = $1 AND e.id = old.id RETURNING 1
           )
           SELECT count(*)::int AS n FROM gone`,
          [company_id, cutoff, batchSize],
        );
        deleted += n;
        if (n > 0) batchesLeft--;
        if (n < batchSize) break;
      }
      if (batchesLeft <= 0) break;
    }
    return deleted;
  }
}
