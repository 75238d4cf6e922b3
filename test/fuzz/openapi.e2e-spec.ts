import fc from 'fast-check';
import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { loadConfig } from '../../src/platform/config/config';
import { Finding, FuzzGenerator, operationsOf, Operation, seedRecords, sendCase } from './openapi-fuzz';

/**
 * Every operation of the OpenAPI document under generated and mutated requests: never a 5xx,
 * every error in the documented shape. `npm test` runs FUZZ_CASES (default 2400) cases spread
 * over the operations; `npm run fuzz -- --cases N [--seed S]` runs more (test/fuzz/run.js).
 */
const CASES = Number(process.env.FUZZ_CASES ?? 2400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe('generative requests from the OpenAPI document', () => {
  let t: TestApp;
  let tenant: Tenant;
  let operations: Operation[];
  let generator: FuzzGenerator;

  beforeAll(async () => {
    // no rate limit here: a 429 would stand in for the answer the fuzz is after (tested in platform-rate-limit)
    const base = loadConfig();
    t = await createTestApp({ config: { rateLimit: { ...base.rateLimit, apiPoints: null, pagePoints: null } } });
    tenant = await t.tenant('Fuzz');
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    operations = operationsOf(doc);
    generator = new FuzzGenerator(doc, await seedRecords(tenant));
  });
  afterAll(() => t.close());

  it(
    `answers ${CASES} generated requests below 500 and in the documented error shape (seed ${SEED})`,
    async () => {
      expect(operations.length).toBeGreaterThan(70);
      const perOperation = Math.max(1, Math.ceil(CASES / operations.length));
      const findings: Finding[] = [];
      const started = Date.now();
      let sent = 0;
      for (const [i, op] of operations.entries()) {
        const cases = fc.sample(generator.caseOf(op, tenant.companyId), { numRuns: perOperation, seed: SEED + i });
        for (const c of cases) {
          sent++;
          const finding = await sendCase(t, tenant, op, c);
          if (finding) findings.push(finding);
        }
      }
      const seconds = (Date.now() - started) / 1000;
      const byOperation = new Map<string, number>();
      for (const f of findings)
        byOperation.set(
          `${f.operation} → ${f.status} ${f.problem}`,
          (byOperation.get(`${f.operation} → ${f.status} ${f.problem}`) ?? 0) + 1,
        );
      if (process.env.FUZZ_REPORT) {
        process.stdout.write(
          `fuzz: ${sent} cases over ${operations.length} operations in ${seconds.toFixed(1)} s, seed ${SEED}, ${findings.length} findings\n`,
        );
        for (const [k, n] of byOperation) process.stdout.write(`  ${n} × ${k}\n`);
      }
      expect({ sent, findings: findings.slice(0, 10), distinct: [...byOperation.keys()] }).toEqual({ sent, findings: [], distinct: [] });
    },
    Math.max(120_000, CASES * 100),
  );
});
