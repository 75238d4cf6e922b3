import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { CompaniesService } from '../src/platform/auth/companies.service';
import { FixedClock, Clock } from '../src/platform/clock/clock';
import { loadConfig } from '../src/platform/config/config';
import { configureApp } from '../src/platform/configure-app';
import { prepareDatabase } from '../src/platform/database/connect';
import { TALLY_SCHEMA } from '../src/schema';
import { newId } from '../src/platform/ids/ids';
import { CustomerEntity } from '../src/customers/customer.entity';
import { EventIngestService } from '../src/metrics/usage/event-ingest.service';
import { SubscriptionEntity, SubscriptionEventEntity, SubscriptionPhaseEntity } from '../src/subscriptions/subscription.entity';
import { PricingUsageCounts } from '../src/subscriptions/pricing-usage-counts.service';
import { BATCH_SIZE, BillingRunService, BillingRunSummary, billingRunWidth } from '../src/invoicing/billing-engine/billing-run.service';
import type { Bench } from './main';
import { billingBaseline } from './billing-baseline';
import { SERVER_NODE_FLAGS } from '../src/platform/config/node-flags';
import { benchDatabase, companyApi, log, UsageError, wantsEmbedded, wholeFlag } from './harness';

/**
 * Billing-run benchmark, on the real PostgreSQL of this machine (DATABASE_URL, or a fresh
 * database `tally_bench` on postgresql://postgres@127.0.0.1:5432), or with `--embedded` on a fresh
 * embedded database (started in the benchmark's process, reached by the worker through its
 * socket, one connection, one instance): N subscriptions (default
 * 10,000; half of them with a usage price and usage events), all started one month before the
 * run, then ONE billing run at an instant past the grace period: every subscription gets its
 * start invoice and its first period invoice (licences in advance, usage in arrears).
 * The run is made by `--instances` separate node processes (default 1), each booting the
 * application on the same database and starting the same run at the same instant once the data
 * is set up (`billing-run-worker`); the wall time runs from that instant until the last one is
 * done. With `--warm-up N`, each instance first bills N subscriptions of a company of its own,
 * untimed, as a long-running server has billed before (by default none: instances just booted).
 * Then exactly once is checked: every invoice written once, numbers 1..N distinct, a second run
 * writes nothing. Last, the bare baseline (billing-baseline.ts): the run's rows written
 * again by bare pg in the run's transactions; the ratio is its seconds over the run's.
 * Flags: --subscriptions 10000 --events-per-customer 3 --instances 1 --warm-up 0 [--embedded] [--profile DIR] (a CPU profile
 * of each instance, node --cpu-prof, written to DIR)
 */
export const billingRunBench: Bench = {
  description: 'one billing run over 10,000 subscriptions (half with usage) by --instances N processes: total seconds, invoices/s',
  flags: {
    subscriptions: 'subscriptions billed, half of them with usage (10000)',
    'events-per-customer': 'usage events of each subscription with usage (3)',
    instances: 'processes running the billing run at once, PostgreSQL only (1)',
    'warm-up': 'subscriptions each instance first bills in a company of its own, untimed; 0 or at least 2 (0)',
    profile: 'a folder: each instance writes a CPU profile there (none)',
    'log-level': "the instances' log level (warn)",
  },
  run,
};

/** One instance of `billing-run --instances N` (a child process the benchmark forks; not run by hand). */
export const billingRunWorker: Bench = {
  description: '(started by billing-run --instances) one instance: boots the application, runs when told, reports',
  flags: {
    at: 'the run instant',
    company: 'the company billed',
    'warm-up-company': 'the company billed first, untimed',
    'log-level': 'log level',
  },
  internal: true,
  run: worker,
};

const TARGET_SECONDS = 10;

/**
 * Subscriptions each instance bills in a company of its own before the timed run (`--warm-up N`),
 * so that it measures instances whose code V8 has compiled already and whose connections are
 * open, as in a long-running server. 0 by default: the instances run the timed run just booted.
 */
const DEFAULT_WARM_UP = 0;

interface WorkerReport {
  type: 'done';
  seconds: number;
  /** CPU seconds (user + system) of the instance's process during the run. */
  cpu: number;
  /** Of `cpu`, its main thread's (JavaScript and the driver); the rest is V8's compiler and garbage-collector threads. Null off Linux. */
  mainCpu: number | null;
  summary: BillingRunSummary;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by each PostgreSQL backend of the benchmark's database (pid → seconds),
 * read from /proc when the server runs on this machine; null when it does not. The embedded
 * database runs in this process (which only waits while the workers run): its CPU is this
 * process's.
 */
async function backendsCpu(ds: DataSource, embedded: boolean): Promise<Map<number, number> | null> {
  if (embedded) {
    const { user, system } = process.cpuUsage();
    return new Map([[process.pid, (user + system) / 1e6]]);
  }
  const rows: { pid: number }[] = await ds.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = statCpu(`/proc/${pid}/stat`);
    if (seconds === null) return null;
    out.set(pid, seconds);
  }
  return out;
}

/** User + system CPU seconds of a process or thread, from its /proc stat file; null when it cannot be read. */
function statCpu(path: string): number | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of this process's main thread so far (/proc/self/task/<pid>): the JavaScript, the
 * driver, the scavenges' own share. The process's other threads are V8's concurrent compiler and
 * garbage-collector helpers and libuv's pool. Null where /proc is not.
 */
function mainThreadCpu(): number | null {
  return statCpu(`/proc/self/task/${process.pid}/stat`);
}

/**
 * PostgreSQL CPU seconds between two readings of `backendsCpu`: every backend of the database (a
 * backend that started in between counts from 0); null when either could not be read.
 */
function backendsCpuBetween(db0: Map<number, number> | null, db1: Map<number, number> | null): number | null {
  return db0 && db1 ? [...db1].reduce((n, [pid, s]) => n + s - (db0.get(pid) ?? 0), 0) : null;
}

/** A child: boots the application on DATABASE_URL with the clock at --at, says ready, runs the billing run on "go", reports. */
async function worker(flags: Record<string, string>): Promise<Record<string, number>> {
  const at = new Date(flags.at);
  const companyId = flags.company;
  const send = (msg: unknown) => new Promise<void>((resolve) => process.send!(msg, () => resolve()));
  const config = loadConfig({ ...process.env, LOG_LEVEL: flags['log-level'] ?? 'warn', TALLY_SCHEDULER: 'off', PORT: '0' });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, databaseUrl: config.databaseUrl! }), {
    logger: false,
  });
  try {
    (app.get(Clock) as unknown as { now: () => Date }).now = () => at;
    // --warm-up: a server that has billed before (its code compiled, its connections open), as
    // a long-running instance is, so that the timed run leaves out what a fresh process costs
    if (flags['warm-up-company']) await app.get(BillingRunService).run(at, { companyIds: [flags['warm-up-company']] });
    const next = () => new Promise<void>((resolve) => process.once('message', () => resolve()));
    const go = next();
    await send({ type: 'ready' });
    await go;
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadCpu();
    const t0 = process.hrtime.bigint();
    const summary = await app.get(BillingRunService).run(at, { companyIds: [companyId] });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    const main1 = mainThreadCpu();
    const mainCpu = main0 === null || main1 === null ? null : main1 - main0;
    const report: WorkerReport = { type: 'done', seconds, cpu: (cpu.user + cpu.system) / 1e6, mainCpu, summary };
    // stays connected until told to close (the benchmark reads its backends' CPU meanwhile)
    const bye = next();
    await send(report);
    await bye;
    return {};
  } finally {
    await app.close();
  }
}

/** Forks `instances` workers, waits until every one is ready, starts them at once; wall seconds until the last is done, and their reports. */
async function runInstances({
  instances,
  url,
  poolSize,
  embedded,
  at,
  companyId,
  warmUpCompanyIds,
  logLevel,
  profileDir,
  ds,
}: {
  instances: number;
  url: string;
  poolSize: number;
  embedded: boolean;
  at: Date;
  companyId: string;
  /** One per instance (none: cold instances). */
  warmUpCompanyIds: string[];
  logLevel: string;
  profileDir: string | undefined;
  ds: DataSource;
}): Promise<{ seconds: number; reports: WorkerReport[]; dbCpu: number | null }> {
  const children = Array.from({ length: instances }, (_, i) =>
    fork(
      process.argv[1],
      [
        'billing-run-worker',
        '--at',
        at.toISOString(),
        '--company',
        companyId,
        '--log-level',
        logLevel,
        ...(warmUpCompanyIds[i] ? ['--warm-up-company', warmUpCompanyIds[i]] : []),
      ],
      {
        env: { ...process.env, DATABASE_URL: url, DB_POOL_SIZE: String(poolSize) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: [...SERVER_NODE_FLAGS, ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])],
      },
    ),
  );
  const exited = children.map(
    (c, i) =>
      new Promise<void>((resolve, reject) =>
        c.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`billing-run worker ${i + 1} exited with ${code}`)))),
      ),
  );
  const message = (c: (typeof children)[number], type: string) =>
    new Promise<unknown>((resolve) => {
      const on = (msg: { type?: string }) => {
        if (msg?.type !== type) return;
        c.off('message', on);
        resolve(msg);
      };
      c.on('message', on);
    });
  // a worker that dies before reporting fails the benchmark instead of hanging it
  const failed = Promise.all(exited).then(() => {
    throw new Error('a billing-run worker exited before reporting');
  });
  failed.catch(() => undefined);
  await Promise.race([Promise.all(children.map((c) => message(c, 'ready'))), failed]);
  const done = children.map((c) => message(c, 'done') as Promise<WorkerReport>);
  const db0 = await backendsCpu(ds, embedded);
  const t0 = process.hrtime.bigint();
  for (const c of children) c.send({ type: 'go' });
  const reports = await Promise.race([Promise.all(done), failed]);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // this process's backends are idle meanwhile
  const dbCpu = backendsCpuBetween(db0, await backendsCpu(ds, embedded));
  for (const c of children) c.send({ type: 'close' });
  await Promise.all(exited);
  return { seconds, reports, dbCpu };
}

/** What the setup of a company needs: the in-process application (at the subscriptions' start), its database, its port. */
interface SetUp {
  app: NestExpressApplication;
  ds: DataSource;
  port: number;
  start: Date;
}

/**
 * A company of `total` subscriptions, all started at `start`: the catalog and two template
 * subscriptions through the API (one plain, one with a usage price), cloned in bulk with a
 * customer each, and `eventsPerCustomer` usage events for every customer of a metered one.
 */
export async function setUpCompany(
  { app, ds, port, start }: SetUp,
  name: string,
  total: number,
  eventsPerCustomer: number,
  log: (line: string) => void,
): Promise<{ companyId: string; meteredCustomers: string[] }> {
  const company = await app.get(CompaniesService).createCompany(name);
  const companyId = company.company_id;
  const api = companyApi(`http://127.0.0.1:${port}/api/v1/companies/${companyId}`, company.token);

  // ------------------------------------------------------------ catalog and two template subscriptions
  log('creating the catalog and two template subscriptions through the API...');
  const product = await api('/products', { name: 'Bench product' });
  const seats = await api('/pricing', {
    product_id: product.id,
    name: 'Seats',
    currency: 'USD',
    pricing_type: 'FIXED',
    fixed_price: { price_per_unit: 1500 },
    billing_frequency: { count: 1, frequency: 'MONTH' },
  });
  const item = await api('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' });
  const metric = await api('/billable_metrics', {
    item_id: item.id,
    name: 'Calls',
    metering_rule: { aggregator: 'SUM', property: 'units', group_keys: [] },
  });
  const usage = await api('/pricing', {
    product_id: product.id,
    name: 'Calls',
    currency: 'USD',
    item_id: item.id,
    metric_id: metric.id,
    pricing_type: 'GRADIENT',
    gradient_price: [
      { start: 0, end: 1000, price_per_unit: 0.5, flat_price: 0 },
      { start: 1000, end: null, price_per_unit: 0.2, flat_price: 0 },
    ],
    billing_frequency: { count: 1, frequency: 'MONTH' },
  });
  const customerTemplate = await api('/customers', { name: 'Template', identifier: 'template' });
  const seatsCfg = [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }];
  const plain = await api('/subscriptions', {
    customer_id: customerTemplate.id,
    product_pricing_ids: [seats.id],
    config_items: seatsCfg,
    start_date: start.toISOString(),
  });
  const metered = await api('/subscriptions', {
    customer_id: customerTemplate.id,
    product_pricing_ids: [seats.id, usage.id],
    config_items: seatsCfg,
    start_date: start.toISOString(),
  });

  // ------------------------------------------------------------ clone them N/2 times each, one customer each
  log(`cloning ${total} subscriptions and customers...`);
  const tplCustomer = (await ds.manager.findOneByOrFail(CustomerEntity, {
    company_id: companyId,
    id: customerTemplate.id,
  })) as CustomerEntity;
  const tplSubs = new Map<string, SubscriptionEntity>();
  const tplPhases = new Map<string, SubscriptionPhaseEntity>();
  const tplEvents = new Map<string, SubscriptionEventEntity>();
  for (const id of [plain.id, metered.id]) {
    tplSubs.set(id, await ds.manager.findOneByOrFail(SubscriptionEntity, { company_id: companyId, id }));
    tplPhases.set(id, await ds.manager.findOneByOrFail(SubscriptionPhaseEntity, { company_id: companyId, subscription_id: id }));
    tplEvents.set(id, await ds.manager.findOneByOrFail(SubscriptionEventEntity, { company_id: companyId, subscription_id: id, seq: 1 }));
  }
  // the two templates are billed too (history tables are append-only): N − 2 clones
  const usageCounts = app.get(PricingUsageCounts);
  const meteredCustomers: string[] = [customerTemplate.id];
  const chunk = 500;
  for (let offset = 0; offset < total - 2; offset += chunk) {
    const customers: CustomerEntity[] = [];
    const subs: SubscriptionEntity[] = [];
    const phases: SubscriptionPhaseEntity[] = [];
    const events: SubscriptionEventEntity[] = [];
    for (let i = offset; i < Math.min(total - 2, offset + chunk); i++) {
      const withUsage = i % 2 === 1;
      const tplId = withUsage ? metered.id : plain.id;
      const customerId = newId('customer');
      const subId = newId('subscription');
      customers.push({ ...tplCustomer, id: customerId, identifier: `bench-${i}`, name: `Bench customer ${i}` });
      subs.push({ ...tplSubs.get(tplId)!, id: subId, customer_id: customerId, identifier: null });
      phases.push({ ...tplPhases.get(tplId)!, subscription_id: subId });
      events.push({ ...tplEvents.get(tplId)!, subscription_id: subId });
      if (withUsage) meteredCustomers.push(customerId);
    }
    await ds.manager.insert(CustomerEntity, customers as never);
    await ds.manager.insert(SubscriptionEntity, subs as never);
    await ds.manager.insert(SubscriptionEventEntity, events as never);
    await ds.manager.insert(SubscriptionPhaseEntity, phases as never);
    // what the subscriptions' writes keep beside their phases: the rows and sums num_subs counts
    await usageCounts.refresh(
      ds.manager,
      companyId,
      subs.map((x) => x.id),
    );
  }
  log(`ingesting ${meteredCustomers.length * eventsPerCustomer} usage events for ${meteredCustomers.length} customers...`);
  const ingest = app.get(EventIngestService);
  let batch: unknown[] = [];
  let n = 0;
  for (const customerId of meteredCustomers) {
    for (let e = 0; e < eventsPerCustomer; e++) {
      batch.push({
        customer_id: customerId,
        item_id: item.id,
        transaction_id: `bench-${++n}`,
        timestamp: new Date(start.getTime() + ((n * 7919) % (30 * 86_400_000))).toISOString(),
        properties: { units: 100 + (n % 900) },
      });
      if (batch.length === 500) {
        await ingest.ingest(companyId, batch);
        batch = [];
      }
    }
  }
  if (batch.length) await ingest.ingest(companyId, batch);
  return { companyId, meteredCustomers };
}

async function run(flags: Record<string, string>): Promise<Record<string, number>> {
  const total = wholeFlag(flags, 'subscriptions', 10_000, 1, 10_000_000);
  const eventsPerCustomer = wholeFlag(flags, 'events-per-customer', 3, 0, 1000);
  // Every subscription is due at two instants (its start and its first renewal): the per-company
  // cap of one run, which spreads such catch-ups over several runs, would leave the second ones to
  // a later run. The benchmark measures one run writing them all, as before the cap; the instances
  // inherit the environment.
  process.env.TALLY_BILLING_MAX_INVOICES_PER_COMPANY ??= String(2 * total);
  const start = new Date('2030-01-01T00:00:00.000Z');
  const at = new Date('2030-02-01T02:00:00.000Z');

  const embedded = wantsEmbedded(flags);
  const instances = wholeFlag(flags, 'instances', 1, 1, 64);
  const warmUp = wholeFlag(flags, 'warm-up', DEFAULT_WARM_UP, 0);
  if (warmUp === 1) throw new UsageError('--warm-up must be 0 (none) or a whole number from 2 up');
  if (embedded && instances > 1) throw new UsageError('--instances > 1 needs PostgreSQL: the embedded database belongs to one process');
  const bench = await benchDatabase(embedded);
  const config = loadConfig({
    ...process.env,
    // unset: the embedded database, started in this process in the bench's data folder
    DATABASE_URL: bench.databaseUrl ?? '',
    TALLY_DATA_DIR: bench.dataDir,
    LOG_LEVEL: flags['log-level'] ?? 'warn',
    TALLY_SCHEDULER: 'off',
    PORT: '0',
  });
  const db = await prepareDatabase(config, TALLY_SCHEMA);
  // the workers and the baseline reach the same database: PostgreSQL, or the embedded server's socket
  const url = db.url;
  const clock = new FixedClock(start);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl: db.url }), {
    bodyParser: false,
    logger: false,
  });
  configureApp(app);
  (app.get(Clock) as unknown as { now: () => Date }).now = () => clock.now();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ds = app.get(DataSource);
  const pgVersion = (await ds.query('SHOW server_version'))[0].server_version as string;

  try {
    const { companyId, meteredCustomers } = await setUpCompany({ app, ds, port, start }, 'Billing bench', total, eventsPerCustomer, log);
    // one company of its own per instance, billed by it before the timed run
    const warmUpCompanyIds: string[] = [];
    if (warmUp > 0) {
      log(`setting up ${instances} warm-up compan${instances === 1 ? 'y' : 'ies'} of ${warmUp} subscriptions...`);
      for (let i = 0; i < instances; i++) {
        const warm = await setUpCompany(
          { app, ds, port, start },
          `Billing bench warm-up ${i + 1}`,
          warmUp,
          eventsPerCustomer,
          () => undefined,
        );
        warmUpCompanyIds.push(warm.companyId);
      }
    }
    await ds.query('ANALYZE');

    // ------------------------------------------------------------ the measured run
    clock.set(at);
    log(
      `billing run at ${at.toISOString()} over ${total} subscriptions by ${instances} instance(s) (separate processes, pool ${config.dbPoolSize} each)...`,
    );
    const { seconds, reports, dbCpu } = await runInstances({
      instances,
      url,
      poolSize: config.dbPoolSize,
      embedded,
      at,
      companyId,
      warmUpCompanyIds,
      logLevel: flags['log-level'] ?? 'warn',
      profileDir: flags.profile,
      ds,
    });
    const summary = reports.reduce(
      (sum, r) => ({
        invoices_created: sum.invoices_created + r.summary.invoices_created,
        invoices_finalized: sum.invoices_finalized + r.summary.invoices_finalized,
        subscriptions_processed: sum.subscriptions_processed + r.summary.subscriptions_processed,
        errors: sum.errors + r.summary.errors,
      }),
      { invoices_created: 0, invoices_finalized: 0, subscriptions_processed: 0, errors: 0 },
    );
    const written = Number((await ds.query('SELECT count(*) AS n FROM invoices WHERE company_id = $1', [companyId]))[0].n);
    const lines = Number((await ds.query('SELECT count(*) AS n FROM invoice_lines WHERE company_id = $1', [companyId]))[0].n);
    const numbers = (
      await ds.query('SELECT min(number) AS lo, max(number) AS hi, count(DISTINCT number) AS n FROM invoices WHERE company_id = $1', [
        companyId,
      ])
    )[0];
    // exactly once: a second run writes nothing
    const t1 = process.hrtime.bigint();
    const again = await app.get(BillingRunService).run(at, { companyIds: [companyId] });
    const againSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
    const rate = summary.invoices_created / seconds;

    // the bare baseline: the run's rows written again by bare pg, in the run's transactions
    log("bare baseline: the run's rows written again by bare pg...");
    const width = billingRunWidth(config.dbPoolSize);
    let baseDb0: Map<number, number> | null = null;
    let baseDbCpu: number | null = null;
    const base = await billingBaseline(url, companyId, {
      batchSize: BATCH_SIZE,
      concurrency: width * instances,
      poolSize: config.dbPoolSize * instances,
      measure: {
        before: async () => {
          baseDb0 = await backendsCpu(ds, embedded);
        },
        after: async () => {
          baseDbCpu = backendsCpuBetween(baseDb0, await backendsCpu(ds, embedded));
        },
      },
    });
    const ratio = base.seconds / seconds;
    // every subscription: its start invoice and its first period invoice
    const expected = 2 * total;
    const exactlyOnce =
      summary.invoices_created === expected &&
      written === expected &&
      Number(numbers.lo) === 1 &&
      Number(numbers.hi) === expected &&
      Number(numbers.n) === expected &&
      again.invoices_created === 0 &&
      summary.errors === 0;

    const instancesCpu = reports.reduce((n, r) => n + r.cpu, 0);
    const mainCpu = reports.every((r) => r.mainCpu !== null) ? reports.reduce((n, r) => n + r.mainCpu!, 0) : null;
    const out = [
      '',
      `=== Tally billing-run benchmark (${embedded ? 'embedded database' : 'PostgreSQL'}) ===`,
      `machine: ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? '?'}; Node ${process.version}; PostgreSQL ${pgVersion}; pool ${config.dbPoolSize}; load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
      `subscriptions:      ${total} (${meteredCustomers.length} with a usage price, ${eventsPerCustomer} events each), started ${start.toISOString()}`,
      `run at:             ${at.toISOString()} (past the 1 h grace: usage invoices final at once)`,
      `warm-up:            ${
        warmUp > 0
          ? `each instance first billed ${warmUp} subscriptions of a company of its own, untimed`
          : 'none: the instances ran the timed run just booted (--warm-up N: after billing N subscriptions of their own)'
      }`,
      `instances:          ${instances} (separate processes, started at the same instant): ${reports
        .map((r) => `${r.summary.invoices_created} invoices in ${r.seconds.toFixed(2)} s`)
        .join('; ')}`,
      `CPU during the run: instances ${instancesCpu.toFixed(1)} s${
        mainCpu === null
          ? ''
          : ` (main threads ${mainCpu.toFixed(1)} s, V8's compiler and garbage-collector threads ${(instancesCpu - mainCpu).toFixed(1)} s)`
      }, ${embedded ? 'the embedded PostgreSQL (in the benchmark process)' : 'PostgreSQL backends of the database'} ${
        dbCpu === null ? 'not measured (server not on this machine)' : `${dbCpu.toFixed(1)} s`
      }`,
      `invoices created:   ${summary.invoices_created} of ${expected} expected (${written} in the table, ${lines} lines; numbers ${numbers.lo}..${numbers.hi}, ${numbers.n} distinct)`,
      `subscriptions processed: ${summary.subscriptions_processed}, finalized ${summary.invoices_finalized}, errors ${summary.errors}`,
      `total (wall):       ${seconds.toFixed(2)} s   (target < ${TARGET_SECONDS} s)  ${seconds < TARGET_SECONDS ? 'OK' : 'MISSED'}`,
      `bare baseline:      ${base.seconds.toFixed(2)} s: the run's ${base.invoices} invoices with their lines and ledger entries, cursors and ${base.events} events written again by bare pg, in ${width * instances} transactions of ${BATCH_SIZE} subscriptions at once, the run's statements (${
        embedded
          ? `CPU ${base.cpu.toFixed(1)} s in the benchmark process: the writer and the embedded PostgreSQL`
          : `CPU ${base.cpu.toFixed(1)} s in the writer, PostgreSQL ${baseDbCpu === null ? 'not measured' : `${(baseDbCpu as number).toFixed(1)} s`}`
      })`,
      `ratio:              ${ratio.toFixed(2)} (baseline seconds / Tally seconds; 1 = the database's own writes and nothing else)`,
      `throughput:         ${Math.round(rate)} invoices/s, ${Math.round(summary.subscriptions_processed / seconds)} subscriptions/s`,
      `second run:         ${again.invoices_created} invoices created in ${againSeconds.toFixed(2)} s`,
      `exactly once:       ${exactlyOnce ? 'OK' : 'FAILED'}`,
      '',
    ];
    process.stdout.write(out.join('\n'));
    process.stdout.write(
      JSON.stringify({
        subscriptions: total,
        instances,
        warm_up_subscriptions: warmUp,
        invoices_created: summary.invoices_created,
        invoices_expected: expected,
        distinct_numbers: Number(numbers.n),
        seconds: Number(seconds.toFixed(2)),
        invoices_per_second: Math.round(rate),
        second_run_created: again.invoices_created,
        errors: summary.errors,
        exactly_once: exactlyOnce,
        cpu_seconds: Number(instancesCpu.toFixed(1)),
        main_thread_cpu_seconds: mainCpu === null ? null : Number(mainCpu.toFixed(1)),
        db_cpu_seconds: dbCpu === null ? null : Number(dbCpu.toFixed(1)),
        baseline_seconds: Number(base.seconds.toFixed(2)),
        baseline_ratio: Number(ratio.toFixed(2)),
        load: os.loadavg().map((x) => Number(x.toFixed(2))),
      }) + '\n',
    );
    if (!exactlyOnce) throw new Error('billing-run: the invoices were not written exactly once (see above)');
    return { 'billing run': ratio };
  } finally {
    await app.close();
    await db.stop();
    bench.cleanup();
  }
}
