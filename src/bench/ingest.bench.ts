import * as os from 'node:os';
import { Worker } from 'node:worker_threads';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { CustomersRepository } from '../customers/customers.repository';
import { CompaniesService } from '../platform/auth/companies.service';
import { loadConfig } from '../platform/config/config';
import { configureApp } from '../platform/configure-app';
import { prepareDatabase } from '../platform/database/connect';
import { TALLY_SCHEMA } from '../schema';
import { newId } from '../platform/ids/ids';
import { BillableMetricsRepository } from '../metrics/metrics.repository';
import { UsageService } from '../metrics/usage/usage.service';
import type { Bench } from './main';

/**
 * Ingest benchmark, on the real PostgreSQL of this machine (DATABASE_URL, or a fresh database
 * `tally_bench` on postgresql://postgres@127.0.0.1:5432):
 *  1. sustained events/s through HTTP: batches of 100 to POST /events/ingest from several
 *     concurrent clients (a worker thread, so the load generator does not share the server's
 *     event loop), de-duplication on, one metric on the item (its rollups maintained);
 *  2. one usage query (SUM with a filter) over 1,000,000 stored events of one customer, through
 *     UsageService: median of several runs.
 * Flags: --seconds 20 --clients 16 --max-events 200000 --usage-events 1000000 --runs 9
 */
export const ingestBench: Bench = {
  description: 'events/s through POST /events/ingest, and one usage query over 1M events',
  run,
};

const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432';
const BENCH_DB = 'tally_bench';

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function benchDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new Client({ connectionString: `${DEFAULT_SERVER}/postgres` });
  await admin.connect();
  try {
    log(`recreating database ${BENCH_DB} on ${DEFAULT_SERVER}`);
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  return `${DEFAULT_SERVER}/${BENCH_DB}`;
}

interface LoadResult {
  sent: number;
  enqueued: number;
  duplicates: number;
  errors: number;
  failures: number;
  elapsedMs: number;
  latencies: number[];
}

/** The load generator, run in a worker thread (plain JS: the worker evaluates it as is). */
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, base, token, customerId, itemId, clients, seconds, maxEvents, batch, prefix } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const regions = ['eu', 'us', 'ap'];
const now = Date.now();
let reserved = 0, enqueued = 0, duplicates = 0, errors = 0, failures = 0;
const latencies = [];
function post(body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: base + '/events/ingest', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + token } },
      (res) => { const chunks = []; res.on('data', (c) => chunks.push(c)); res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() })); });
    req.on('error', reject);
    req.end(body);
  });
}
const start = Date.now();
const deadline = start + seconds * 1000;
async function client(c) {
  let n = 0;
  while (Date.now() < deadline && reserved < maxEvents) {
    reserved += batch;
    const events = [];
    for (let i = 0; i < batch; i++, n++) {
      events.push({ customer_id: customerId, item_id: itemId, transaction_id: prefix + c + '-' + n,
        timestamp: new Date(now - Math.floor(Math.random() * 30 * 86400000)).toISOString(),
        properties: { amount: 1 + Math.floor(Math.random() * 100), region: regions[n % 3] } });
    }
    const t0 = process.hrtime.bigint();
    const res = await post(JSON.stringify({ events }));
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.status !== 200) { failures++; if (failures < 3) console.error('HTTP ' + res.status + ': ' + res.body.slice(0, 300)); continue; }
    const body = JSON.parse(res.body);
    enqueued += body.enqueued.length; duplicates += body.duplicates.length; errors += body.errors.length;
  }
}
Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => {
  parentPort.postMessage({ sent: reserved, enqueued, duplicates, errors, failures, elapsedMs: Date.now() - start, latencies });
});
`;

function runLoad(data: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: data });
    worker.once('message', (m: LoadResult) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timeIt<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, result };
}

async function run(flags: Record<string, string>): Promise<void> {
  const seconds = Number(flags.seconds ?? 20);
  const clients = Number(flags.clients ?? 16);
  const maxEvents = Number(flags['max-events'] ?? 200_000);
  const usageEvents = Number(flags['usage-events'] ?? 1_000_000);
  const runs = Number(flags.runs ?? 9);

  const url = await benchDatabase();
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: flags['log-level'] ?? 'warn', TALLY_SCHEDULER: 'off', PORT: '0' }),
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
  const pgVersion = (await ds.query('SHOW server_version'))[0].server_version as string;

  try {
    const company = await app.get(CompaniesService).createCompany('Bench company');
    const base = `/api/v1/companies/${company.company_id}`;
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${company.token}` },
        body: JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the benchmark reads fields of its own calls' JSON answers
      const json = (await res.json()) as Record<string, any>;
      if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const newCustomer = async (identifier: string) => {
      const now = new Date();
      const id = newId('customer');
      await app
        .get(CustomersRepository)
        .insert(company.company_id, { id, identifier, name: identifier, status: 'ACTIVE', created_at: now, updated_at: now } as never);
      return id;
    };
    const euFilter = {
      comparator: {
        type: 'EQUAL',
        left_item: { item_type: 'PROPERTY', property: 'region' },
        right_item: { item_type: 'VALUE', value: 'eu' },
      },
    };

    // ------------------------------------------------------------ 1. HTTP ingest
    const customerId = await newCustomer('bench-ingest');
    const item = await api('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' });
    await api('/billable_metrics', {
      item_id: item.id,
      name: 'EU amount',
      metering_rule: { aggregator: 'SUM', property: 'amount', rule: euFilter },
    });
    const load = { port, base, token: company.token, customerId, itemId: item.id, clients, batch: 100 };
    log(`warming up (3 s, ${clients} clients)...`);
    await runLoad({ ...load, seconds: 3, maxEvents: 1e9, prefix: 'warm' });
    log(`measuring ingest for ${seconds} s or ${maxEvents} events, ${clients} concurrent clients, batches of 100...`);
    const result = await runLoad({ ...load, seconds, maxEvents, prefix: 'c' });
    const rate = result.enqueued / (result.elapsedMs / 1000);
    const latencies = [...result.latencies].sort((x, y) => x - y);
    // duplicate check: the first batch of client 0 again → every event is a duplicate
    const again = Array.from({ length: 100 }, (_, n) => ({
      customer_id: customerId,
      item_id: item.id,
      transaction_id: `c0-${n}`,
      timestamp: new Date().toISOString(),
      properties: { amount: 1, region: 'eu' },
    }));
    const dup = await api('/events/ingest', { events: again });
    const storedMeasured = Number(
      (
        await ds.query(`SELECT count(*) AS n FROM usage_events WHERE company_id = $1 AND customer_id = $2 AND transaction_id LIKE 'c%'`, [
          company.company_id,
          customerId,
        ])
      )[0].n,
    );

    // ------------------------------------------------------------ 2. usage over 1M events
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
      '=== Tally ingest benchmark ===',
      `machine: ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? '?'}; Node ${process.version}; PostgreSQL ${pgVersion}; pool ${config.dbPoolSize}`,
      '',
      'HTTP ingest (POST /events/ingest, batches of 100, de-duplication on, 1 metric with rollups on the item)',
      `  clients:            ${clients}`,
      `  events enqueued:    ${result.enqueued} in ${(result.elapsedMs / 1000).toFixed(1)} s  (errors ${result.errors}, duplicates ${result.duplicates}, failed requests ${result.failures})`,
      `  throughput:         ${Math.round(rate)} events/s   (target >= 5000)  ${rate >= 5000 ? 'OK' : 'MISSED'}`,
      `  request latency:    p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, p99 ${ms(pct(latencies, 99))}`,
      `  stored = enqueued:  ${storedMeasured === result.enqueued ? 'yes' : `NO (${storedMeasured} stored)`}`,
      `  resent batch:       ${dup.duplicates.length}/100 reported as duplicates, ${dup.enqueued.length} enqueued`,
      '',
      `Usage query over ${usageEvents} events of one customer (SUM of amount where region = "eu", via UsageService)`,
      `  bulk load:          ${ms(loadTime.ms)} (SQL generate_series); metric creation incl. rollup build: ${ms(created.ms)}`,
      ...[q1, q2].map(
        (q) =>
          `  ${q.label.padEnd(48)} median ${ms(q.median)}, max ${ms(q.max)} over ${runs} runs  (target < 100 ms) ${q.median < 100 ? 'OK' : 'MISSED'}  value ${q.value}`,
      ),
      ...[q3, q4].map((q) => `  ${q.label.padEnd(48)} median ${ms(q.median)}, max ${ms(q.max)}  value ${q.value}`),
      `  rollups agree with the raw scan: ${q1.value === q3.value && q2.value === q4.value ? 'yes' : 'NO'}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    process.stdout.write(
      JSON.stringify({
        ingest_events_per_second: Math.round(rate),
        ingest_p99_ms: pct(latencies, 99),
        usage_query_median_ms: q1.median,
        usage_query_ragged_median_ms: q2.median,
        usage_query_raw_median_ms: q3.median,
      }) + '\n',
    );
  } finally {
    await app.close();
    await db.stop();
  }
}
