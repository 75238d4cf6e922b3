import { randomUUID } from 'node:crypto';
import { Pool, PoolClient } from 'pg';
import { ASSIGN_NUMBERS_SQL, BILLING_CURSORS_UPSERT_SQL, NEXT_INVOICE_DATES_SQL, WEBHOOK_EVENTS_INSERT_SQL } from './billing-statements';

/**
 * The billing-run benchmark's bare baseline: the rows one billing run wrote, written again by
 * bare `pg` (no Nest, no TypeORM, nothing read, nothing computed, no object built), in the run's
 * own shape: transactions of the run's batch size (BATCH_SIZE), as many at once as the run had,
 * each with the run's statements in the run's order — the invoices (ON CONFLICT DO NOTHING),
 * their lines and ledger entries, the subscriptions' next invoice dates and billing cursors, the
 * subscription events, the invoice numbers from the company's counter, the invoice events, the
 * commit. What the run takes beyond this is what Tally adds to the database's own work: reading,
 * computing the invoices, building the events' objects, and the framework around them.
 *
 * The next invoice dates, cursors, numbers and events go through the statements the run
 * uses (copied in billing-statements.ts); invoices, lines and ledger entries as per-column arrays, as
 * Tally's own multi-row inserts. The copies go to the same company and tables (same indexes, same sizes), re-keyed so that
 * nothing collides: ids and keys get a suffix, uuids are new, link hashes get the suffix, invoice dates move
 * by one millisecond (one period invoice per subscription and date), numbers continue from the
 * counter. The events' objects are sent as the text the run stored.
 */

interface Doc {
  invoice: Record<string, unknown>;
  lines: Record<string, unknown>[];
  ledger: Record<string, unknown>[];
}

interface Batch {
  invoices: Doc[];
  subscriptions: { id: string; next_invoice_date: string | null; cursor: CursorRow | null }[];
  subscriptionEvents: EventRow[];
  invoiceEvents: EventRow[];
}

/** A billing cursor as the run left it (row_to_json: instants as text). */
interface CursorRow {
  next_work_at: string | null;
  processed_through: string;
  seen_updated_at: string;
  updated_at: string;
}

/** An event to write again: its stored `data` as the text the run stored. */
interface EventRow {
  id: string;
  type: string;
  created_at: string;
  data: string;
}

export interface BaselineResult {
  seconds: number;
  /** CPU seconds of this process while writing. */
  cpu: number;
  invoices: number;
  events: number;
}

const SUFFIX = 'b';

/** A table's columns and their types, in order (for an INSERT of per-column arrays, as Tally's own multi-row inserts). */
type Columns = { name: string; type: string }[];

async function columnsOf(client: PoolClient, table: string): Promise<Columns> {
  return (
    await client.query(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [table],
    )
  ).rows;
}

/** `INSERT INTO table (…) SELECT * FROM unnest($1::t1[], …)` of these rows, and the parameters. */
function unnestInsert(table: string, columns: Columns, rows: Record<string, unknown>[], tail = ''): [string, unknown[]] {
  const sql = `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
    SELECT * FROM unnest(${columns.map((c, k) => `$${k + 1}::${c.type}[]`).join(', ')}) ${tail}`;
  return [sql, columns.map((c) => rows.map((r) => r[c.name] ?? null))];
}

/** Reads what the run wrote for the company and groups it in batches as the run made them (untimed). */
async function loadBatches(client: PoolClient, companyId: string, batchSize: number): Promise<Batch[]> {
  const invoices: { subscription_id: string; id: string; j: string }[] = (
    await client.query(
      `SELECT subscription_id, id, row_to_json(i)::text AS j FROM invoices i WHERE company_id = $1 ORDER BY subscription_id, number`,
      [companyId],
    )
  ).rows;
  const byInvoice = new Map<string, Doc>();
  const bySub = new Map<string, Doc[]>();
  for (const r of invoices) {
    const invoice = JSON.parse(r.j) as Record<string, unknown>;
    invoice.id = `${r.id}${SUFFIX}`;
    invoice.uuid = randomUUID();
    invoice.number = null;
    invoice.billing_key = `${invoice.billing_key as string}#${SUFFIX}`;
    invoice.invoice_date = new Date(new Date(invoice.invoice_date as string).getTime() + 1).toISOString();
    // the page link's hash is unique per company: a copy gets its own, as a new invoice would
    if (invoice.link_hash) invoice.link_hash = `${invoice.link_hash as string}${SUFFIX}`;
    if (invoice.link_legacy_hash) invoice.link_legacy_hash = `${invoice.link_legacy_hash as string}${SUFFIX}`;
    const doc: Doc = { invoice, lines: [], ledger: [] };
    byInvoice.set(r.id, doc);
    bySub.set(r.subscription_id, [...(bySub.get(r.subscription_id) ?? []), doc]);
  }
  for (const [table, list] of [
    ['invoice_lines', 'lines'],
    ['invoice_ledger_entries', 'ledger'],
  ] as const) {
    const rows: { invoice_id: string; j: string }[] = (
      await client.query(`SELECT invoice_id, row_to_json(x)::text AS j FROM ${table} x WHERE company_id = $1`, [companyId])
    ).rows;
    for (const r of rows) {
      const row = JSON.parse(r.j) as Record<string, unknown>;
      row.invoice_id = `${r.invoice_id}${SUFFIX}`;
      if (list === 'ledger') row.id = `${row.id as string}${SUFFIX}`;
      byInvoice.get(r.invoice_id)?.[list].push(row);
    }
  }
  const subs: { id: string; next_invoice_date: string | null; cursor: string | null }[] = (
    await client.query(
      `SELECT s.id, s.next_invoice_date, row_to_json(c)::text AS cursor FROM subscriptions s
       LEFT JOIN billing_cursors c ON c.company_id = s.company_id AND c.subscription_id = s.id
       WHERE s.company_id = $1 ORDER BY s.id`,
      [companyId],
    )
  ).rows;
  const events: (EventRow & { rid: string })[] = (
    await client.query(
      `SELECT id || '${SUFFIX}' AS id, type, to_json(created_at) #>> '{}' AS created_at, data::text AS data, data->'object'->>'id' AS rid
       FROM webhook_events WHERE company_id = $1 AND type IN ('invoice.created', 'invoice.finalized', 'subscription.renewed')`,
      [companyId],
    )
  ).rows;
  const eventsOf = new Map<string, EventRow[]>();
  for (const e of events) eventsOf.set(e.rid, [...(eventsOf.get(e.rid) ?? []), e]);

  const batches: Batch[] = [];
  for (let k = 0; k < subs.length; k += batchSize) {
    const group = subs.slice(k, k + batchSize);
    const docs = group.flatMap((s) => bySub.get(s.id) ?? []);
    batches.push({
      invoices: docs,
      subscriptions: group.map((s) => ({
        id: s.id,
        next_invoice_date: s.next_invoice_date,
        cursor: s.cursor ? (JSON.parse(s.cursor) as CursorRow) : null,
      })),
      subscriptionEvents: group.flatMap((s) => eventsOf.get(s.id) ?? []),
      invoiceEvents: docs.flatMap((d) => eventsOf.get(String(d.invoice.id).slice(0, -SUFFIX.length)) ?? []),
    });
  }
  return batches;
}

/** One batch's transaction: the run's writes, in the run's order. */
async function writeBatch(client: PoolClient, companyId: string, b: Batch, cols: Record<string, Columns>): Promise<void> {
  await client.query('BEGIN');
  try {
    const inserted = await client.query(
      ...unnestInsert(
        'invoices',
        cols.invoices,
        b.invoices.map((d) => d.invoice),
        'ON CONFLICT DO NOTHING RETURNING id',
      ),
    );
    if (inserted.rowCount !== b.invoices.length) throw new Error(`baseline: ${inserted.rowCount} of ${b.invoices.length} invoices written`);
    await client.query(
      ...unnestInsert(
        'invoice_lines',
        cols.invoice_lines,
        b.invoices.flatMap((d) => d.lines),
      ),
    );
    await client.query(
      ...unnestInsert(
        'invoice_ledger_entries',
        cols.invoice_ledger_entries,
        b.invoices.flatMap((d) => d.ledger),
      ),
    );
    await client.query(NEXT_INVOICE_DATES_SQL, [
      companyId,
      b.subscriptions.map((s) => s.id),
      b.subscriptions.map((s) => s.next_invoice_date),
    ]);
    const cursors = b.subscriptions.flatMap((s) => (s.cursor ? [{ id: s.id, ...s.cursor }] : []));
    await client.query(BILLING_CURSORS_UPSERT_SQL, [
      companyId,
      cursors.map((c) => c.id),
      cursors.map((c) => c.next_work_at),
      cursors.map((c) => c.processed_through),
      cursors[0]?.updated_at ?? null,
      cursors.map((c) => c.seen_updated_at),
    ]);
    // each event's stored text as its own object (the run sent an object two events share once)
    const events = (rows: EventRow[]) =>
      rows.length === 0
        ? Promise.resolve()
        : client.query(WEBHOOK_EVENTS_INSERT_SQL, [
            rows.map(() => companyId),
            rows.map((e) => e.id),
            rows.map((e) => e.type),
            rows.map((e) => e.created_at),
            rows.map((_, k) => k + 1),
            `[${rows.map((e) => e.data).join(',')}]`,
          ]);
    await events(b.subscriptionEvents);
    const ids = b.invoices.map((d) => d.invoice.id as string);
    const [numbered] = (await client.query(ASSIGN_NUMBERS_SQL, [companyId, ids, ids.length])).rows as { numbered: string }[];
    if (Number(numbered.numbered) !== ids.length) throw new Error(`baseline: ${numbered.numbered} of ${ids.length} invoices numbered`);
    await events(b.invoiceEvents);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** Writes the run's rows again (see above): `concurrency` transactions at once on a pool of `poolSize`. */
export async function billingBaseline(
  url: string,
  companyId: string,
  opts: {
    batchSize: number;
    concurrency: number;
    poolSize: number;
    /** Called just before the clock starts (connections open, rows loaded) and just after it stops. */
    measure?: { before: () => Promise<void>; after: () => Promise<void> };
  },
): Promise<BaselineResult> {
  const pool = new Pool({ connectionString: url, max: opts.poolSize });
  try {
    const loader = await pool.connect();
    let batches: Batch[];
    const cols: Record<string, Columns> = {};
    try {
      batches = await loadBatches(loader, companyId, opts.batchSize);
      for (const t of ['invoices', 'invoice_lines', 'invoice_ledger_entries']) cols[t] = await columnsOf(loader, t);
    } finally {
      loader.release();
    }
    // every connection open before the clock starts, as the run's were
    const warm = await Promise.all(Array.from({ length: opts.poolSize }, () => pool.connect()));
    for (const c of warm) c.release();
    let next = 0;
    await opts.measure?.before();
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < batches.length) {
          const b = batches[next++];
          const client = await pool.connect();
          try {
            await writeBatch(client, companyId, b, cols);
          } finally {
            client.release();
          }
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    await opts.measure?.after();
    return {
      seconds,
      cpu: (cpu.user + cpu.system) / 1e6,
      invoices: batches.reduce((n, b) => n + b.invoices.length, 0),
      events: batches.reduce((n, b) => n + b.subscriptionEvents.length + b.invoiceEvents.length, 0),
    };
  } finally {
    await pool.end();
  }
}
