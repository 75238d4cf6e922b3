import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { CustomersRepository } from '../src/customers/customers.repository';
import { CompaniesService } from '../src/platform/auth/companies.service';
import { loadConfig } from '../src/platform/config/config';
import { configureApp } from '../src/platform/configure-app';
import { prepareDatabase } from '../src/platform/database/connect';
import { TALLY_SCHEMA } from '../src/schema';
import { newId } from '../src/platform/ids/ids';
import { BillableMetricsRepository } from '../src/metrics/metrics.repository';
import { UsageService } from '../src/metrics/usage/usage.service';
import type { Bench } from './main';
import { benchDatabase, BenchDatabase, companyApi, fmt, load, log, machineLine, startTally, wantsEmbedded, wholeFlag } from './harness';

/**
 * Ingest benchmark, on PostgreSQL (DATABASE_URL, or a fresh database `tally_bench` on
 * postgresql://postgres@127.0.0.1:5432), or with `--embedded` on the embedded database:
 *  1. sustained events/s through HTTP: batches of 100 to POST /events/ingest with `--clients`
 *     (16) in flight (autocannon), against the Tally server run as in production (a child
 *     process, logs at info to /dev/null), de-duplication on, one metric on the item (its
 *     rollups maintained); and in the same run its bare baseline: multi-row
 *     `INSERT … ON CONFLICT DO NOTHING` of the same batches, keyed like usage_event_keys
 *     (company, customer, transaction_id), from 16 connections;
 *  2. (PostgreSQL only, `--usage-events 0` skips it) one usage query (SUM with a filter) over
 *     1,000,000 stored events of one customer, through UsageService: median of several runs.
 * With `--in-advance CENTS`, the metric has a price paid in advance (CENTS a unit) on a subscription of
 * the customer, so every event the metric counts gets its invoice while the batch is ingested:
 * the cost of that path (every batch of the one customer waits for its subscription's lock).
 * Flags: --seconds 10 --clients 16 --usage-events 1000000 --runs 9 --embedded --profile DIR --log-level info --in-advance CENTS
 */
export const ingestBench: Bench = {
  description: 'events/s through POST /events/ingest vs raw multi-row INSERT, and one usage query over 1M events',
  flags: {
    seconds: 'seconds of load, after a warm-up (10)',
    clients: 'batches of 100 events in flight (16)',
    'usage-events': 'events stored for the usage query, PostgreSQL only; 0 skips it (1000000)',
    runs: 'usage queries timed, for the median (9)',
    profile: 'a folder: the server writes a CPU profile there (none)',
    'log-level': "the server's log level, its logs going to /dev/null (info)",
    'in-advance':
      'cents a unit of a price of the metric paid in advance, on a subscription of the customer: an invoice per counted event (none)',
  },
  run,
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, result };
}

const REGIONS = ['eu', 'us', 'ap'];

/** A batch of 100 events of one customer, with transaction ids `prefix-n` never sent before. */
function batchMaker(customerId: string, itemId: string, prefix: string) {
  let n = 0;
  const now = Date.now();
  return () => {
    const events = [];
    for (let i = 0; i < 100; i++, n++) {
      events.push({
        customer_id: customerId,
        item_id: itemId,
        transaction_id: `${prefix}-${n}`,
        timestamp: new Date(now - Math.floor(Math.random() * 30 * 86_400_000)).toISOString(),
        properties: { amount: 1 + Math.floor(Math.random() * 100), region: REGIONS[n % 3] },
      });
    }
    return events;
  };
}

/** The bare baseline: the same batches as multi-row INSERT … ON CONFLICT DO NOTHING, `clients` in flight. */
async function rawInsert(url: string, embedded: boolean, companyId: string, customerId: string, clients: number, seconds: number) {
  const pool = new Pool({ connectionString: url, max: embedded ? 1 : clients });
  pool.on('error', () => undefined); // an idle connection the server closed: the next query opens another
  await pool.query(`DROP TABLE IF EXISTS bench_raw_events`);
  await pool.query(`CREATE TABLE bench_raw_events (company_id text, customer_id text, transaction_id text, id text,
    event_timestamp timestamptz, properties jsonb, PRIMARY KEY (company_id, customer_id, transaction_id))`);
  const run = async (secs: number, prefix: string) => {
    const make = batchMaker(customerId, 'x', prefix);
    const latencies: number[] = [];
    let events = 0;
    const deadline = Date.now() + secs * 1000;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          const batch = make();
          const values: unknown[] = [];
          const rows = batch.map((e, i) => {
            values.push(companyId, e.customer_id, e.transaction_id, newId('event'), e.timestamp, JSON.stringify(e.properties));
            const b = i * 6;
            return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
          });
          const s = process.hrtime.bigint();
          const r = await pool.query(
            `INSERT INTO bench_raw_events (company_id, customer_id, transaction_id, id, event_timestamp, properties)
             VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
            values,
          );
          latencies.push(Number(process.hrtime.bigint() - s) / 1e6);
          events += r.rowCount ?? 0;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { rate: events / ((Date.now() - t0) / 1000), p50: pct(latencies, 50), p99: pct(latencies, 99) };
  };
  try {
    await run(Math.min(3, seconds), 'warm');
    return await run(seconds, 'raw');
  } finally {
    await pool.query(`DROP TABLE IF EXISTS bench_raw_events`);
    await pool.end();
  }
}

async function run(flags: Record<string, string>): Promise<Record<string, number>> {
  const embedded = wantsEmbedded(flags);
  const seconds = wholeFlag(flags, 'seconds', 10, 1, 3600);
  const clients = wholeFlag(flags, 'clients', 16, 1, 1000);
  const usageEvents = embedded ? 0 : wholeFlag(flags, 'usage-events', 1_000_000, 0, 100_000_000);
  const runs = wholeFlag(flags, 'runs', 9, 1, 1000);
  const db = await benchDatabase(embedded);
  try {
    const http = await httpIngest(db, embedded, flags, seconds, clients);
    const usageLines = usageEvents > 0 ? await usageQueries(db, usageEvents, runs) : { lines: [], json: {} };
    process.stdout.write([...http.lines, ...usageLines.lines, ''].join('\n'));
    process.stdout.write(JSON.stringify({ ...http.json, ...usageLines.json }) + '\n');
    return { 'POST /events/ingest': http.json.ratio };
  } finally {
    db.cleanup();
  }
}

async function httpIngest(db: BenchDatabase, embedded: boolean, flags: Record<string, string>, seconds: number, clients: number) {
  log(`starting Tally (${embedded ? 'embedded database' : db.databaseUrl})...`);
  const tally = await startTally(db, { logLevel: flags['log-level'] ?? 'info', profileDir: flags.profile });
  try {
    const base = `http://127.0.0.1:${tally.port}/api/v1/companies/${tally.companyId}`;
    const headers = { authorization: `Bearer ${tally.token}`, 'content-type': 'application/json' };
    const api = companyApi(base, tally.token);
    const customer = await api('/customers', { name: 'Ingest bench', identifier: 'ingest-bench' });
    const item = await api('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' });
    const metric = await api('/billable_metrics', {
      item_id: item.id,
      name: 'EU amount',
      metering_rule: { aggregator: 'SUM', property: 'amount', rule: EU_FILTER },
    });
    const inAdvance = flags['in-advance'] !== undefined;
    if (inAdvance) await subscribeInAdvance(api, customer.id as string, item.id as string, metric.id as string, flags['in-advance']);
    const pool = new Pool({ connectionString: tally.databaseUrl, max: 1 });
    pool.on('error', () => undefined); // an idle connection the server closed: the next query opens another
    const pgVersion = ((await pool.query('SHOW server_version')).rows[0] as { server_version: string }).server_version;

    log(`raw multi-row INSERT … ON CONFLICT DO NOTHING, ${clients} in flight...`);
    const raw = await rawInsert(tally.databaseUrl, embedded, tally.companyId, customer.id as string, clients, seconds);

    const url = `${base}/events/ingest`;
    log(`Tally POST /events/ingest, batches of 100, ${clients} in flight: warm-up...`);
    const warm = batchMaker(customer.id as string, item.id as string, 'warm');
    await load({
      url,
      method: 'POST',
      headers,
      connections: clients,
      seconds: Math.min(3, seconds),
      makeBody: () => JSON.stringify({ events: warm() }),
    });
    log(`measuring for ${seconds} s...`);
    const measured = batchMaker(customer.id as string, item.id as string, 'c');
    let enqueued = 0;
    const result = await load({
      url,
      method: 'POST',
      headers,
      connections: clients,
      seconds,
      makeBody: () => JSON.stringify({ events: measured() }),
      onResponse: (status, body) => {
        if (status === 200) enqueued += (JSON.parse(body) as { enqueued: unknown[] }).enqueued.length;
      },
    });
    const rate = (result.ok * 100) / result.seconds;
    const stored = Number(
      (
        await pool.query(
          `SELECT count(*) AS n FROM usage_events WHERE company_id = $1 AND customer_id = $2 AND transaction_id LIKE 'c-%'`,
          [tally.companyId, customer.id],
        )
      ).rows[0].n,
    );
    // the first measured batch again: every event is a duplicate
    const again = batchMaker(customer.id as string, item.id as string, 'c')();
    const dup = await api('/events/ingest', { events: again });
    await pool.end();
    const ratio = rate / raw.rate;
    const lines = [
      '',
      `=== Tally ingest benchmark (${embedded ? 'embedded database' : 'PostgreSQL'}) ===`,
      machineLine(pgVersion, embedded),
      '',
      `POST /events/ingest, batches of 100, ${clients} in flight, ${seconds} s (after a warm-up), de-duplication on, 1 metric with rollups on the item` +
        (inAdvance ? ', priced in advance (an invoice per EU event)' : ''),
      `  Tally:    ${fmt(rate)} events/s, per batch p50 ${result.p50} ms, p99 ${result.p99} ms${result.failed ? `, ${result.failed} failed requests` : ''}  (target p99 < 100 ms) ${result.p99 < 100 ? 'OK' : 'MISSED'}`,
      `  baseline: ${fmt(raw.rate)} events/s, per statement p50 ${ms(raw.p50)}, p99 ${ms(raw.p99)} (multi-row INSERT … ON CONFLICT DO NOTHING, same key)`,
      `  ratio:    ${ratio.toFixed(2)}${embedded ? '' : `  (target ≥ 0.3) ${ratio >= 0.3 ? 'OK' : 'MISSED'}`}`,
      // batches in flight when the load stops are stored without their answer being counted
      `  stored events:     ${stored}, enqueued in the answers counted: ${enqueued} (${stored >= enqueued && stored - enqueued <= clients * 100 ? 'consistent' : 'INCONSISTENT'}: at most ${clients} batches are cut at the end)`,
      `  resent batch:      ${dup.duplicates.length}/100 reported as duplicates, ${dup.enqueued.length} enqueued`,
    ];
    const json = {
      ingest_events_per_second: Math.round(rate),
      ingest_p50_ms: result.p50,
      ingest_p99_ms: result.p99,
      raw_insert_events_per_second: Math.round(raw.rate),
      ratio: Number(ratio.toFixed(3)),
    };
    return { lines, json };
  } finally {
    await tally.stop();
  }
}

/** A price of the metric paid in advance (`cents` a unit), on a subscription of the customer started 40 days ago. */
async function subscribeInAdvance(api: ReturnType<typeof companyApi>, customerId: string, itemId: string, metricId: string, cents: string) {
  const product = await api('/products', { name: 'In advance' });
  const pricing = await api('/pricing', {
    product_id: product.id,
    name: 'Calls in advance',
    currency: 'USD',
    item_id: itemId,
    metric_id: metricId,
    pricing_type: 'FIXED',
    fixed_price: { price_per_unit: cents },
    pay_in_advance: true,
  });
  const start = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await api('/subscriptions', { customer_id: customerId, product_pricing_ids: [pricing.id], start_date: start });
}

const EU_FILTER = {
  comparator: {
    type: 'EQUAL',
    left_item: { item_type: 'PROPERTY', property: 'region' },
    right_item: { item_type: 'VALUE', value: 'eu' },
  },
};

/** Part 2, in this process (the services, not HTTP). */
async function usageQueries(bench: BenchDatabase, usageEvents: number, runs: number) {
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: bench.databaseUrl, LOG_LEVEL: 'warn', TALLY_SCHEDULER: 'off', PORT: '0' }),
  };
  const db = await prepareDatabase(config, TALLY_SCHEMA);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl: db.url }), {
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ds = app.get(DataSource);
  try {
    const company = await app.get(CompaniesService).createCompany('Bench company');
    const api = companyApi(`http://127.0.0.1:${port}/api/v1/companies/${company.company_id}`, company.token);
    const newCustomer = async (identifier: string) => {
      const now = new Date();
      const id = newId('customer');
      await app
        .get(CustomersRepository)
        .insert(company.company_id, { id, identifier, name: identifier, status: 'ACTIVE', created_at: now, updated_at: now } as never);
      return id;
    };
    const euFilter = EU_FILTER;

    log(`loading ${usageEvents} events for one customer (INSERT ... SELECT generate_series)...`);
    const usageCustomer = await newCustomer('bench-usage');
    const usageItem = await api('/billable_items', { name: 'Bulk calls', type: 'CUSTOM_USAGE' });
    const monthStart = new Date('2026-01-01T00:00:00Z');
    const monthMs = 31 * 86_400_000;
    const loadTime = await timeIt(() =>
      ds.query(
        `INSERT INTO usage_events (company_id, id, customer_id, item_id, transaction_id, event_timestamp, properties, created_at)
         SELECT $1, 'evt_' || lpad(g::text, 26, '0'), $2, $3, 'bulk-' || g,
                $4::timestamptz + ((g::bigint * $5::bigint) / $6::bigint) * interval '1 millisecond',
                jsonb_build_object('amount', g % 100, 'region', (ARRAY['eu', 'us', 'ap'])[1 + g % 3]), now()
         FROM generate_series(0, $6::int - 1) g`,
        [company.company_id, usageCustomer, usageItem.id, monthStart, monthMs, usageEvents],
      ),
    );
    await ds.query('ANALYZE usage_events');
    log('creating the metric (its hourly rollups are built from the stored events)...');
    const created = await timeIt(() =>
      api('/billable_metrics', {
        item_id: usageItem.id,
        name: 'EU amount',
        metering_rule: { aggregator: 'SUM', property: 'amount', rule: euFilter },
      }),
    );
    await ds.query('ANALYZE usage_rollups');
    const metric = await app.get(BillableMetricsRepository).findOne(company.company_id, { id: created.result.id as string });
    const usage = app.get(UsageService);
    const measure = async (label: string, period: { start: Date; end: Date }, source: 'auto' | 'raw', n: number) => {
      await usage.usage(company.company_id, usageCustomer, metric!, period, undefined, { source }); // warm-up
      const times: number[] = [];
      let value = '';
      for (let i = 0; i < n; i++) {
        const r = await timeIt(() => usage.usage(company.company_id, usageCustomer, metric!, period, undefined, { source }));
        times.push(r.ms);
        value = r.result.value;
      }
      times.sort((x, y) => x - y);
      return { label, median: pct(times, 50), max: times[times.length - 1], value };
    };
    const month = { start: monthStart, end: new Date(monthStart.getTime() + monthMs) };
    const ragged = { start: new Date('2026-01-01T00:17:23.500Z'), end: new Date('2026-01-31T13:45:10.250Z') };
    log('timing usage queries...');
    const q1 = await measure('whole month (hour-aligned)', month, 'auto', runs);
    const q2 = await measure('ragged period (partial hours at both edges)', ragged, 'auto', runs);
    const q3 = await measure('whole month, raw scan of the events (no rollups)', month, 'raw', Math.min(runs, 3));
    const q4 = await measure('ragged period, raw scan', ragged, 'raw', Math.min(runs, 3));

    const lines = [
      '',
      `Usage query over ${usageEvents} events of one customer (SUM of amount where region = "eu", via UsageService)`,
      `  bulk load:          ${ms(loadTime.ms)} (SQL generate_series); metric creation incl. rollup build: ${ms(created.ms)}`,
      ...[q1, q2].map(
        (q) =>
          `  ${q.label.padEnd(48)} median ${ms(q.median)}, max ${ms(q.max)} over ${runs} runs  (target < 100 ms) ${q.median < 100 ? 'OK' : 'MISSED'}  value ${q.value}`,
      ),
      ...[q3, q4].map((q) => `  ${q.label.padEnd(48)} median ${ms(q.median)}, max ${ms(q.max)}  value ${q.value}`),
      `  rollups agree with the raw scan: ${q1.value === q3.value && q2.value === q4.value ? 'yes' : 'NO'}`,
    ];
    const json = {
      usage_query_median_ms: q1.median,
      usage_query_ragged_median_ms: q2.median,
      usage_query_raw_median_ms: q3.median,
    };
    return { lines, json };
  } finally {
    await app.close();
    await db.stop();
  }
}
