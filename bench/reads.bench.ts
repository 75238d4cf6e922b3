import { Client } from 'pg';
import { newId } from '../src/platform/ids/ids';
import { backfillPlanUseCounts, backfillPlanUses } from '../src/subscriptions/plan-uses';
import type { Bench } from './main';
import {
  benchDatabase,
  companyApi,
  fmt,
  LoadResult,
  loadSpread,
  log,
  machineLine,
  sequential,
  startBare,
  startTally,
  Server,
  TallyServer,
  UsageError,
  wantsEmbedded,
  wholeFlag,
} from './harness';

/**
 * Read benchmark: the Tally server (`node dist/main.js`, a child process) against bare
 * baselines started in the same run on the same database:
 *  - `GET /customers/{id}` (a customer without subscriptions) vs a node:http + pg server reading
 *    the same row;
 *  - `GET /subscriptions/{id}` (expanded: customer, pricings, products, entitlements) vs the same
 *    baseline;
 *  - `GET /health` (no database) vs a node:http server answering a constant.
 * Each with autocannon at `--connections` (32) for `--seconds` (10), after a short warm-up, and
 * at concurrency 1 (`--sequential` requests, 300). `--embedded` (or TALLY_BENCH_EMBEDDED=1): on
 * the embedded database. `--profile DIR`: the Tally server writes a CPU profile (.cpuprofile) there.
 * `--only customers,subscriptions,health` (all three): measure only these paths.
 * `--log-level` (info): the server's log level (its logs go to /dev/null).
 * `--instances N` (1): N Tally processes on the same database, and N bare baselines, the load
 * split over them (`loadSpread`: one autocannon per instance, the connections divided, so the
 * total concurrency stays `--connections`); the concurrency-1 requests take the instances in turn.
 * Prints the total and each instance's figures. PostgreSQL only for N > 1 (the embedded database
 * belongs to one process).
 * `--subscriptions N` (0): N more subscriptions on the same plan in the company, each with its own
 * customer (copies of the read one's rows), so the subscription read runs in a company of that
 * size (its pricing's `num_subs` is then N + 1).
 */
export const readsBench: Bench = {
  description: 'GET /customers/{id}, GET /subscriptions/{id} (expanded), GET /health vs bare node:http (+ pg) in the same run',
  flags: {
    seconds: 'seconds of load for each path, after a warm-up (10)',
    connections: 'connections of the load, split over the instances (32)',
    sequential: 'requests at concurrency 1, for the latency (300)',
    instances: 'Tally processes and bare baselines on one database, PostgreSQL only (1)',
    only: 'measure only these paths: customers,subscriptions,health (all)',
    subscriptions: "more subscriptions on the read one's plan, each with its own customer (0)",
    profile: 'a folder: the server writes a CPU profile there (none)',
    'log-level': "the server's log level, its logs going to /dev/null (info)",
  },
  run,
};

/** node:http + pg: the same customer row, as JSON (one unnamed parameterised statement per request). */
const BARE_PG = `
const http = require('node:http');
const { Pool } = require(process.env.PG_MODULE);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL) });
const values = [process.env.COMPANY_ID, process.env.CUSTOMER_ID];
http.createServer((req, res) => {
  pool.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', values).then(
    (r) => { const body = JSON.stringify(r.rows[0]); res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); },
    (e) => { res.writeHead(500); res.end(String(e)); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** node:http answering a constant. */
const BARE_CONSTANT = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * `n` copies of the subscription `subId` and of its customer, phases and history (new ids, no
 * identifiers), then the rows and sums its pricings' `num_subs` counts, as the writes keep them.
 */
async function copySubscription(pg: Client, companyId: string, subId: string, n: number): Promise<void> {
  // each copy is the stored row with some columns replaced (jsonb_populate_record keeps the rest)
  const copy = (table: string, where: string, replaced: string) =>
    `INSERT INTO ${table} SELECT (jsonb_populate_record(t, jsonb_build_object(${replaced}))).*
       FROM ${table} t, unnest($3::text[], $4::text[]) AS v(sub_id, customer_id) WHERE t.company_id = $1 AND ${where}`;
  const ofSub = 't.id = (SELECT customer_id FROM subscriptions WHERE company_id = $1 AND id = $2)';
  for (let done = 0; done < n; done += 1000) {
    const k = Math.min(1000, n - done);
    const subs = Array.from({ length: k }, () => newId('subscription'));
    const customers = Array.from({ length: k }, () => newId('customer'));
    const values = [companyId, subId, subs, customers];
    await pg.query('BEGIN');
    await pg.query(copy('customers', ofSub, "'id', v.customer_id, 'identifier', NULL"), values);
    await pg.query(copy('subscriptions', 't.id = $2', "'id', v.sub_id, 'customer_id', v.customer_id, 'identifier', NULL"), values);
    await pg.query(copy('subscription_events', 't.subscription_id = $2', "'subscription_id', v.sub_id"), values);
    await pg.query(copy('subscription_phases', 't.subscription_id = $2', "'subscription_id', v.sub_id"), values);
    await pg.query('COMMIT');
  }
  await backfillPlanUses((sql, params) => pg.query(sql, params), companyId);
  await backfillPlanUseCounts((sql, params) => pg.query(sql, params), companyId);
  await pg.query('ANALYZE');
}

interface Row {
  path: string;
  tally: LoadResult;
  /** Each instance's share of `tally`. */
  each: LoadResult[];
  seq: { p50: number; p99: number };
  baseline: string;
  bare: LoadResult;
  bareEach: LoadResult[];
  target?: number;
}

const PATHS = ['customers', 'subscriptions', 'health'];

async function run(flags: Record<string, string>): Promise<Record<string, number>> {
  const embedded = wantsEmbedded(flags);
  const seconds = wholeFlag(flags, 'seconds', 10, 1, 3600);
  const connections = wholeFlag(flags, 'connections', 32, 1, 1000);
  const nSeq = wholeFlag(flags, 'sequential', 300, 1, 1_000_000);
  const only = flags.only?.split(',');
  const unknown = only?.filter((p) => !PATHS.includes(p)) ?? [];
  if (unknown.length) throw new UsageError(`--only takes ${PATHS.join(',')} (got "${unknown.join(',')}")`);
  const wanted = (path: string) => !only || only.includes(path);
  const instances = wholeFlag(flags, 'instances', 1, 1, 16);
  if (embedded && instances > 1) throw new UsageError('--instances > 1 needs PostgreSQL: the embedded database belongs to one process');
  const more = wholeFlag(flags, 'subscriptions', 0, 0);
  const db = await benchDatabase(embedded);
  const servers: Server[] = [];
  try {
    log(`starting ${instances} Tally instance(s) (${embedded ? 'embedded database' : db.databaseUrl})...`);
    const tallies: TallyServer[] = [];
    // one after the other: the first applies the migrations and makes the demo company, the others find both
    for (let i = 0; i < instances; i++) {
      const profileDir = flags.profile && instances > 1 ? `${flags.profile}/instance-${i + 1}` : flags.profile;
      tallies.push(await startTally(db, { logLevel: flags['log-level'] ?? 'info', profileDir }));
      servers.push(tallies[i]);
    }
    const tally = tallies[0];
    const bases = tallies.map((t) => `http://127.0.0.1:${t.port}/api/v1/companies/${tally.companyId}`);
    const base = bases[0];
    const headers = { authorization: `Bearer ${tally.token}`, 'content-type': 'application/json' };
    const api = companyApi(base, tally.token);

    log('creating a customer, a plan with an entitlement and a subscription...');
    const customer = await api('/customers', { name: 'Read bench', identifier: 'read-bench', email: 'bench@example.com' });
    const subscriber = await api('/customers', { name: 'Subscriber', identifier: 'subscriber' });
    const product = await api('/products', { name: 'Team plan' });
    const pricing = await api('/pricing', {
      product_id: product.id,
      name: 'Team monthly',
      currency: 'USD',
      pricing_type: 'FIXED',
      billing_frequency: { count: 1, frequency: 'MONTH' },
      fixed_price: { price_per_unit: 4900 },
    });
    const sub = await api('/subscriptions', {
      customer_id: subscriber.id,
      product_pricing_ids: [pricing.id],
      config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 3 }],
      start_date: new Date(Date.now() - 86_400_000).toISOString(),
    });

    const pg = new Client({ connectionString: tally.databaseUrl });
    await pg.connect();
    const pgVersion = ((await pg.query('SHOW server_version')).rows[0] as { server_version: string }).server_version;
    if (more > 0) {
      log(`copying the subscription ${fmt(more)} times (one customer each)...`);
      await copySubscription(pg, tally.companyId, sub.id as string, more);
    }
    await pg.end();

    const measure = async (urls: string[]) => {
      await loadSpread(urls, { connections, seconds: Math.min(3, seconds), headers }); // warm-up
      return loadSpread(urls, { connections, seconds, headers });
    };
    const bareAt = async (script: string, env: Record<string, string>) => {
      const bare: Server[] = [];
      for (let i = 0; i < instances; i++) bare.push(await startBare(script, env));
      servers.push(...bare);
      const urls = bare.map((s) => `http://127.0.0.1:${s.port}/`);
      await loadSpread(urls, { connections, seconds: Math.min(3, seconds) });
      const r = await loadSpread(urls, { connections, seconds });
      for (const s of bare) await s.stop();
      return r;
    };

    const rows: Row[] = [];
    log('bare node:http + pg, the same customer row...');
    const barePg = await bareAt(BARE_PG, {
      DATABASE_URL: tally.databaseUrl,
      POOL: embedded ? '1' : '10',
      COMPANY_ID: tally.companyId,
      CUSTOMER_ID: customer.id as string,
    });
    for (const [p, target] of [
      [`/customers/${customer.id}`, 0.3],
      [`/subscriptions/${sub.id}`, 0.15],
    ] as const) {
      if (!wanted(p.split('/')[1])) continue;
      log(`Tally GET ${p.split('/')[1]}/{id}...`);
      const seq = await sequential(
        bases.map((b) => b + p),
        headers,
        nSeq,
      );
      const measured = await measure(bases.map((b) => b + p));
      rows.push({
        path: `GET /${p.split('/')[1]}/{id}`,
        seq,
        tally: measured.total,
        each: measured.each,
        baseline: 'node:http + pg, same customer row',
        bare: barePg.total,
        bareEach: barePg.each,
        target,
      });
    }
    if (wanted('health')) {
      log('bare node:http constant...');
      const bareConst = await bareAt(BARE_CONSTANT, {});
      log('Tally GET /health...');
      const health = tallies.map((t) => `http://127.0.0.1:${t.port}/health`);
      const healthSeq = await sequential(health, {}, nSeq);
      const healthLoad = await measure(health);
      rows.push({
        path: 'GET /health',
        seq: healthSeq,
        tally: healthLoad.total,
        each: healthLoad.each,
        baseline: 'node:http constant',
        bare: bareConst.total,
        bareEach: bareConst.each,
      });
    }

    const out = [
      '',
      `=== Tally reads benchmark (${embedded ? 'embedded database' : 'PostgreSQL'}) ===`,
      machineLine(pgVersion, embedded),
      `autocannon: ${connections} connections, ${seconds} s each (after a warm-up); concurrency 1: ${nSeq} requests; server log level ${flags['log-level'] ?? 'info'}`,
      `instances: ${instances} Tally process(es) and ${instances} bare baseline(s) on one database${
        instances > 1 ? `, the connections split over them (one autocannon per instance, in this process)` : ''
      }`,
      '',
      ...rows.flatMap((r) => {
        const ratio = r.tally.rps / r.bare.rps;
        const verdict =
          r.target === undefined || embedded ? '' : ratio >= r.target ? `  (target ≥ ${r.target}) OK` : `  (target ≥ ${r.target}) MISSED`;
        return [
          `${r.path}`,
          `  Tally:    ${fmt(r.tally.rps)} req/s, p50 ${r.tally.p50} ms, p99 ${r.tally.p99} ms${r.tally.failed ? `, ${r.tally.failed} failed` : ''}; concurrency 1: p50 ${r.seq.p50.toFixed(2)} ms, p99 ${r.seq.p99.toFixed(2)} ms`,
          ...(instances > 1 ? [`  Tally per instance:    ${r.each.map((e) => fmt(e.rps)).join(' / ')} req/s`] : []),
          `  baseline: ${fmt(r.bare.rps)} req/s, p50 ${r.bare.p50} ms, p99 ${r.bare.p99} ms (${r.baseline})`,
          ...(instances > 1 ? [`  baseline per instance: ${r.bareEach.map((e) => fmt(e.rps)).join(' / ')} req/s`] : []),
          `  ratio:    ${ratio.toFixed(2)}${verdict}`,
        ];
      }),
      '',
    ];
    process.stdout.write(out.join('\n'));
    process.stdout.write(
      JSON.stringify(
        Object.fromEntries(
          rows.map((r) => [
            r.path,
            {
              instances,
              rps: Math.round(r.tally.rps),
              per_instance_rps: r.each.map((e) => Math.round(e.rps)),
              p50_ms: r.tally.p50,
              p99_ms: r.tally.p99,
              c1_p50_ms: Number(r.seq.p50.toFixed(2)),
              baseline_rps: Math.round(r.bare.rps),
              baseline_per_instance_rps: r.bareEach.map((e) => Math.round(e.rps)),
              ratio: Number((r.tally.rps / r.bare.rps).toFixed(3)),
            },
          ]),
        ),
      ) + '\n',
    );
    return Object.fromEntries(rows.map((r) => [r.path, r.tally.rps / r.bare.rps]));
  } finally {
    for (const s of servers.reverse()) await s.stop();
    db.cleanup();
  }
}
