import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CustomersRepository } from '../../customers/customers.repository';
import type { CustomerEntity } from '../../customers/customer.entity';
import { PrometheusMetrics } from '../../platform/observability/prometheus-metrics';
import { Clock } from '../../platform/clock/clock';
import { prepared } from '../../platform/database/prepared';
import { DomainError } from '../../platform/errors/domain-error';
import { isId, newId } from '../../platform/ids/ids';
import type { BillableItemEntity } from '../billable-item.entity';
import type { BillableMetricEntity } from '../billable-metric.entity';
import { MetricsHooks } from '../metrics.hooks';
import { BillableItemsRepository, BillableMetricsRepository } from '../metrics.repository';
import { rollupInserts } from './rollups';
import { SqlParams } from './metering-sql';
import { Shaped, shapeEvents } from './ingest-shape';
import type { Properties } from './usage.entity';

/** A transaction_id is a duplicate for this long after its first receipt. */
export const DEDUP_WINDOW_MS = 35 * 24 * 3_600_000;
/** A batch's statement is prepared (kept per connection) when it feeds at most this many metrics. */
const NAMED_METRICS = 2;
/** Statement names remembered at most (the texts of few metric shapes; cleared when full). */
const MAX_NAMED_STATEMENTS = 256;
/** Reads and writes of one batch at most, when metrics keep being created on its items meanwhile. */
const MAX_STALE_ATTEMPTS = 5;

/** A customer as ingest resolves it. */
type CustomerKey = Pick<CustomerEntity, 'id' | 'identifier'>;
/** An item as ingest resolves it. */
type ItemKey = Pick<BillableItemEntity, 'id' | 'type' | 'metrics_version'>;

export interface IngestResult {
  enqueued: { transaction_id: string; timestamp: string }[];
  duplicates: { transaction_id: string }[];
  /** `field` and `problem` make `error_message` (`${field} ${problem}`); the answer shows the message only. */
  errors: { index: number; transaction_id: string | null; error_code: string; error_message: string; field: string; problem: string }[];
}

interface Candidate {
  index: number;
  eventId: string;
  customerId: string;
  itemId: string;
  transactionId: string;
  /** ISO 8601, UTC, milliseconds: what is stored and what the answer echoes. */
  timestamp: string;
  properties: Properties;
}

/**
 * `POST /events/ingest`: each event validated on its own; good events are stored even when
 * others fail. De-duplication by (customer, transaction_id) for 35 days from the first receipt
 * is enforced by the primary key of usage_event_keys (INSERT ... ON CONFLICT ... RETURNING), so
 * identical batches sent at the same time store each event once. Two statements, no transaction
 * around them: one reads the customers, the items and the items' metrics; one writes keys, events
 * and rollups, if the items' metrics are still the ones read (else nothing, and both run again).
 */
@Injectable()
export class EventIngestService {
  private lookupsSql?: string;
  private readonly statementNames = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: CustomersRepository,
    private readonly items: BillableItemsRepository,
    private readonly metrics: BillableMetricsRepository,
    private readonly clock: Clock,
    private readonly prometheus: PrometheusMetrics,
    private readonly hooks: MetricsHooks,
  ) {}

  async ingest(companyId: string, events: unknown[]): Promise<IngestResult> {
    const errors: IngestResult['errors'] = [];
    const fail = (index: number, tx: unknown, code: string, path: string, message: string) =>
      errors.push({
        index,
        transaction_id: typeof tx === 'string' ? tx : null,
        error_code: code,
        error_message: `${path} ${message}`,
        field: path,
        problem: message,
      });

    // 1. shape of each event
    const shaped = shapeEvents(events, fail);

    // 2.-3. resolve customers and items, then store keys (the de-duplication), events and rollups:
    // one transaction, so the batch sees one snapshot and a retry after a deadlock redoes it all.
    const outcome =
      shaped.length === 0
        ? { enqueued: [], duplicates: [], errors: [] }
        : await this.retrying(() => this.resolveAndStore(companyId, shaped));
    errors.push(...outcome.errors);
    errors.sort((a, b) => a.index - b.index);
    this.prometheus.usageIngested(
      outcome.enqueued.length,
      outcome.duplicates.length,
      errors.map((e) => e.error_code),
    );
    return { enqueued: outcome.enqueued, duplicates: outcome.duplicates, errors };
  }

  /** The lookups and the write of a batch, again while the write finds its items' metrics changed since the lookups. */
  private async resolveAndStore(companyId: string, shaped: Shaped[]): Promise<IngestResult> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.resolveAndStoreOnce(companyId, shaped);
      if (outcome) return outcome;
      if (attempt >= MAX_STALE_ATTEMPTS) {
        throw DomainError.conflict(
          'metrics_changing',
          'metrics kept being created on these items while the batch was written; send it again',
        );
      }
    }
  }

  /** One attempt: the answer, or null when nothing was written because the items' metrics changed after the lookups. */
  private async resolveAndStoreOnce(companyId: string, shaped: Shaped[]): Promise<IngestResult | null> {
    const errors: IngestResult['errors'] = [];
    const fail = (index: number, tx: string, code: string, path: string, message: string) =>
      errors.push({ index, transaction_id: tx, error_code: code, error_message: `${path} ${message}`, field: path, problem: message });

    // customers (by id and by identifier: customer_id fields accept an identifier too), the
    // items with their metrics versions, and their metered metrics, in one prepared statement
    // (one snapshot: the metrics are those of the versions read)
    const byIds = new Map<string, CustomerKey>();
    const byIdentifiers = new Map<string, CustomerKey>();
    const ids = [...new Set(shaped.map((s) => s.raw.customer_id).filter((v): v is string => isId('customer', v)))];
    const identifiers = new Set<string>();
    for (const s of shaped) identifiers.add((s.raw.customer_id ?? s.raw.customer_identifier) as string);
    const itemIds = [...new Set(shaped.map((s) => s.raw.item_id as string).filter((id) => isId('billableItem', id)))].sort();
    const [found] = await prepared<{ customers: CustomerKey[]; items: ItemKey[]; metrics: unknown }>(
      this.dataSource,
      'tally_ingest_lookups',
      (this.lookupsSql ??=
        `SELECT ${this.customers.keysByIdsOrIdentifiersSql('$1', '$2', '$3')} AS customers, ` +
        `${this.items.typesSql('$1', '$4')} AS items, ${this.metrics.meteredOfItemsSql('$1', '$4')} AS metrics`),
      [companyId, ids, [...identifiers], itemIds],
    );
    const idSet = new Set(ids);
    for (const c of found.customers) {
      if (idSet.has(c.id)) byIds.set(c.id, c);
      if (c.identifier !== null) byIdentifiers.set(c.identifier, c);
    }
    const items = new Map(found.items.map((i) => [i.id, i]));

    const candidates: Candidate[] = [];
    const duplicates: IngestResult['duplicates'] = [];
    const seen = new Set<string>();
    for (const s of shaped) {
      const at = `events[${s.index}]`;
      const tx = s.raw.transaction_id as string;
      let customer: CustomerKey | undefined;
      let field = 'customer_identifier';
      if (s.raw.customer_id) {
        field = 'customer_id';
        const key = s.raw.customer_id as string;
        customer = byIds.get(key) ?? byIdentifiers.get(key);
        if (customer && s.raw.customer_identifier && customer.identifier !== s.raw.customer_identifier) {
          fail(s.index, tx, 'invalid_field', `${at}.customer_identifier`, 'names another customer than customer_id');
          continue;
        }
      } else customer = byIdentifiers.get(s.raw.customer_identifier as string);
      if (!customer) {
        fail(s.index, tx, 'not_found', `${at}.${field}`, 'customer not found');
        continue;
      }
      const item = items.get(s.raw.item_id as string);
      if (!item) {
        fail(s.index, tx, 'not_found', `${at}.item_id`, 'billable item not found');
        continue;
      }
      if (item.type !== 'CUSTOM_USAGE') {
        fail(s.index, tx, 'invalid_field', `${at}.item_id`, `must name a CUSTOM_USAGE item (this one is ${item.type})`);
        continue;
      }
      const key = `${customer.id}\u0000${tx}`;
      if (seen.has(key)) {
        duplicates.push({ transaction_id: tx });
        continue;
      }
      seen.add(key);
      candidates.push({
        index: s.index,
        eventId: newId('event'),
        customerId: customer.id,
        itemId: item.id,
        transactionId: tx,
        timestamp: s.timestamp,
        properties: s.properties,
      });
    }

    let stored = new Set<string>();
    if (candidates.length > 0) {
      const written = await this.storeAndBill(companyId, candidates, items, this.metrics.fromJson(found.metrics));
      if (!written) return null;
      stored = written;
    }
    const enqueued: IngestResult['enqueued'] = [];
    for (const c of candidates) {
      if (stored.has(c.eventId)) enqueued.push({ transaction_id: c.transactionId, timestamp: c.timestamp });
      else duplicates.push({ transaction_id: c.transactionId });
    }
    return { enqueued, duplicates, errors };
  }

  /**
   * `store`, and when a metric of the candidates' items is priced in advance (its flag, read with
   * the metrics: nothing more for the others), the events' in-advance invoices through the
   * metrics hook, in one transaction with them: when the request answers, a billed event's
   * invoice exists, and an event is billed only by the transaction that stored it (a duplicate,
   * concurrent or retried, stores nothing, so bills nothing).
   */
  private async storeAndBill(
    companyId: string,
    candidates: Candidate[],
    items: Map<string, ItemKey>,
    metricsOfItems: BillableMetricEntity[],
  ): Promise<Set<string> | null> {
    const itemIds = new Set(candidates.map((c) => c.itemId));
    const advance = metricsOfItems.filter((metric) => metric.advance_priced && itemIds.has(metric.item_id));
    if (advance.length === 0) return this.store(companyId, candidates, items, metricsOfItems);
    return this.dataSource.transaction(async (m) => {
      const stored = await this.store(companyId, candidates, items, metricsOfItems, m);
      if (!stored) return null;
      const advanceItems = new Set(advance.map((metric) => metric.item_id));
      const events = candidates
        .filter((c) => stored.has(c.eventId) && advanceItems.has(c.itemId))
        .map((c) => ({ id: c.eventId, customer_id: c.customerId, item_id: c.itemId, timestamp: c.timestamp, properties: c.properties }));
      if (events.length > 0) await this.hooks.advanceUsage.billEvents(m, companyId, events, advance);
      return stored;
    });
  }

  /**
   * Writes the candidates that are not duplicates, and adds those to the rollups of their items'
   * metrics, in ONE statement (data-modifying CTEs: keys, events, then each metric's rollups
   * from the events whose key was taken); returns the ids of the events stored.
   * `metricsOfItems` are the looked-up items' metered metrics, read with `items`' versions. The
   * statement first share-locks the candidates' items and writes only if their versions are
   * still those: else a metric was created since (its build did not see this batch, and this
   * statement does not feed it), nothing is written and the answer is null.
   */
  private async store(
    companyId: string,
    candidates: Candidate[],
    items: Map<string, ItemKey>,
    metricsOfItems: BillableMetricEntity[],
    m?: EntityManager,
  ): Promise<Set<string> | null> {
    const now = this.clock.now();
    const sorted = [...candidates].sort((a, b) =>
      a.customerId < b.customerId
        ? -1
        : a.customerId > b.customerId
          ? 1
          : a.transactionId < b.transactionId
            ? -1
            : a.transactionId > b.transactionId
              ? 1
              : 0,
    );
    const itemIds = [...new Set(candidates.map((c) => c.itemId))].sort();
    const versions = Object.fromEntries(itemIds.map((id) => [id, items.get(id)!.metrics_version]));
    const metrics = metricsOfItems.filter((metric) => metric.item_id in versions);
    // the rows travel as one JSON array: one native JSON.stringify here and one parse into jsonb
    // there, not six text arrays that the driver escapes element by element
    const rows = sorted.map((c) => ({
      id: c.eventId,
      customer_id: c.customerId,
      item_id: c.itemId,
      transaction_id: c.transactionId,
      ts: c.timestamp,
      props: c.properties,
    }));
    const params = new SqlParams([
      companyId,
      JSON.stringify(rows),
      now,
      new Date(now.getTime() - DEDUP_WINDOW_MS),
      itemIds,
      JSON.stringify(versions),
    ]);
    // a slot no other batch uses: an event id made for this attempt
    const slot = sorted[0].eventId;
    const rollups = metrics.flatMap((metric) => {
      const source =
        `(SELECT u.id, u.customer_id, u.ts AS event_timestamp, u.props AS properties FROM u JOIN k ON k.event_id = u.id ` +
        `WHERE u.item_id = ${params.add(metric.item_id)}::text) e`;
      return rollupInserts(companyId, metric, source, () => params, slot);
    });
    // g: the items locked, their versions checked; u: the rows, none unless g holds
    const text = `WITH g AS (
         SELECT ${this.items.versionsHeldSql('$1', '$5', '$6')} AS held
       ), u AS (
         SELECT u.* FROM g, ROWS FROM (jsonb_to_recordset($2::jsonb)
             AS (id text, customer_id text, item_id text, transaction_id text, ts timestamptz, props jsonb))
           WITH ORDINALITY AS u(id, customer_id, item_id, transaction_id, ts, props, n)
         WHERE g.held
       ), k AS (
         INSERT INTO usage_event_keys AS k (company_id, customer_id, transaction_id, event_id, first_seen_at)
         SELECT $1, u.customer_id, u.transaction_id, u.id, $3 FROM u ORDER BY u.n
         ON CONFLICT (company_id, customer_id, transaction_id) DO UPDATE
           SET event_id = EXCLUDED.event_id, first_seen_at = EXCLUDED.first_seen_at
           WHERE k.first_seen_at < $4
         RETURNING event_id
       )${rollups.map((r, i) => `, r${i} AS (${r.sql})`).join('')}, e AS (
         INSERT INTO usage_events (company_id, id, customer_id, item_id, transaction_id, event_timestamp, properties, created_at)
         SELECT $1, u.id, u.customer_id, u.item_id, u.transaction_id, u.ts, u.props, $3 FROM u JOIN k ON k.event_id = u.id
         RETURNING id
       )
       SELECT id FROM e UNION ALL SELECT NULL FROM g WHERE NOT g.held`;
    // prepared when its text is one of few (it depends only on the shapes of up to
    // NAMED_METRICS metrics' rules), so that it is planned once per connection
    const returned = await (m
      ? (m.query(text, params.values) as Promise<{ id: string | null }[]>)
      : metrics.length <= NAMED_METRICS
        ? prepared<{ id: string | null }>(this.dataSource, this.statementName(text), text, params.values)
        : (this.dataSource.query(text, params.values) as Promise<{ id: string | null }[]>));
    if (returned.some((r) => r.id === null)) return null;
    return new Set(returned.map((r) => r.id as string));
  }

  /** The name a store statement is prepared under: its text's hash, remembered per text. */
  private statementName(text: string): string {
    let name = this.statementNames.get(text);
    if (!name) {
      name = `tally_ingest_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (this.statementNames.size >= MAX_NAMED_STATEMENTS) this.statementNames.clear();
      this.statementNames.set(text, name);
    }
    return name;
  }

  /** Deadlocks and serialization failures are retried (the failed statement wrote nothing: it rolled back entirely). */
  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        const code = (err as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (err as { code?: string }).code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }
}
