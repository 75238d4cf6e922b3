import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { FixedClock, Clock } from '../src/platform/clock/clock';
import { loadConfig } from '../src/platform/config/config';
import { configureApp } from '../src/platform/configure-app';
import { prepareDatabase } from '../src/platform/database/connect';
import { TALLY_SCHEMA } from '../src/schema';
import { BillingRunService } from '../src/invoicing/billing-engine/billing-run.service';
import { CompaniesService } from '../src/platform/auth/companies.service';
import type { Bench } from './main';
import { setUpCompany } from './billing-run.bench';
import { benchDatabase, fmt, log, wantsEmbedded, wholeFlag } from './harness';

/**
 * Reports benchmark (docs/benchmarks.md, "reports"): the billing-run benchmark's company (N
 * subscriptions, half with a usage price, every line taxed by one company-wide rate), billed
 * monthly for a year by the billing run, then
 * each report for that year through HTTP, timed one after the other (median of `--times`).
 * Answers seconds per report; the target is under 2 s each on PostgreSQL.
 * Flags: --subscriptions 10000 --times 3 [--embedded]
 */
export const reportsBench: Bench = {
  description: 'revenue (MONTH, DAY), mrr, receivables and taxes for a year of a 10,000-subscription company',
  flags: {
    subscriptions: 'subscriptions of the company (10000)',
    times: 'timed calls of each report; the median is answered (3)',
    'log-level': 'the application log level (warn)',
  },
  run,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(flags: Record<string, string>): Promise<Record<string, number>> {
  const total = wholeFlag(flags, 'subscriptions', 10_000, 2, 10_000_000);
  const times = wholeFlag(flags, 'times', 3, 1, 100);
  const start = new Date('2030-01-01T00:00:00.000Z');
  const bench = await benchDatabase(wantsEmbedded(flags));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: bench.databaseUrl ?? '',
    TALLY_DATA_DIR: bench.dataDir,
    LOG_LEVEL: flags['log-level'] ?? 'warn',
    TALLY_SCHEDULER: 'off',
    PORT: '0',
  });
  const db = await prepareDatabase(config, TALLY_SCHEMA);
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
  try {
    const { companyId } = await setUpCompany({ app, ds, port, start }, 'Reports bench', total, 0, log);
    const token = (await app.get(CompaniesService).createToken(companyId)).token;
    const base = `http://127.0.0.1:${port}/api/v1/companies/${companyId}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // a company-wide rate: every invoice of the year carries tax, for the taxes report to read
    const rate = await post('/taxes', { name: 'VAT', code: 'VAT', percentage: 20 });
    if (rate.status !== 201) throw new Error(`POST /taxes: ${rate.status} ${await rate.text()}`);
    const billing = app.get(BillingRunService);
    for (let m = 1; m <= 12; m++) {
      const at = new Date(Date.UTC(2030, m, 1, 2));
      clock.set(at);
      const t0 = performance.now();
      await billing.run(at, { companyIds: [companyId] });
      log(`billed ${at.toISOString().slice(0, 10)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await ds.query('ANALYZE');
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM invoices WHERE company_id = $1', [companyId]);
    log(`${fmt(n)} invoices; timing each report ${times} times...`);
    const year = { from: '2030-01-01T00:00:00Z', to: '2031-01-01T00:00:00Z' };
    const calls: Record<string, [string, unknown]> = {
      'revenue MONTH (s)': ['revenue', { ...year, granularity: 'MONTH' }],
      'revenue DAY (s)': ['revenue', { ...year, granularity: 'DAY' }],
      'mrr (s)': ['mrr', year],
      // after the last run (no ledger entry later: the invoices' own state), and mid-year (the ledger read as of then)
      'receivables (s)': ['receivables', { as_of: '2031-01-02T00:00:00Z', pagination: { limit: 100 } }],
      'receivables mid-year (s)': ['receivables', { as_of: '2030-07-15T00:00:00Z', pagination: { limit: 100 } }],
      'taxes (s)': ['taxes', year],
    };
    const out: Record<string, number> = {};
    for (const [label, [name, body]] of Object.entries(calls)) {
      const seconds: number[] = [];
      for (let i = 0; i < times; i++) {
        const t0 = performance.now();
        const res = await post(`/reports/${name}`, body);
        await res.text();
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        seconds.push((performance.now() - t0) / 1000);
      }
      out[label] = median(seconds);
      log(`${label.padEnd(20)} ${out[label].toFixed(3)}`);
    }
    return out;
  } finally {
    await app.close();
    bench.cleanup();
  }
}
