/**
 * One company factory: the CLI, the demo company and the tests make companies the same way, so
 * every company can price seats from its first minute; companies made before a seeder existed
 * are repaired at start, once, even with several instances starting together.
 */
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../src/app.module';
import { loadConfig } from '../../src/platform/config/config';
import { CompaniesService } from '../../src/platform/auth/companies.service';
import { CompanySeeders } from '../../src/platform/seeding/company-seeders';
import { bindTenant, createTestApp, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { cli } from '../support/cli';

const seatPrice = async (tenant: Tenant) => {
  const product = await tenant.post('/products', { name: 'Seats product' });
  expect(product.status).toBe(200);
  return tenant.post('/pricing', {
    product_id: product.body.id,
    name: 'Seats',
    currency: 'USD',
    pricing_type: 'FIXED',
    billing_frequency: { count: 1, frequency: 'MONTH' },
    fixed_price: { price_per_unit: 4900 },
  });
};

describe('companies: one factory, repaired at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const standardItems = async (companyId: string) =>
    Number((await t.dataSource.query(`SELECT count(*) AS n FROM billable_items WHERE company_id = $1 AND standard`, [companyId]))[0].n);
  const standardMetrics = async (companyId: string) =>
    Number((await t.dataSource.query(`SELECT count(*) AS n FROM billable_metrics WHERE company_id = $1 AND standard`, [companyId]))[0].n);

  /** What an installation started before the fix holds: a company without its standard records. */
  const stripStandardRecords = async (companyId: string) => {
    await t.dataSource.query(`DELETE FROM billable_metrics WHERE company_id = $1 AND standard`, [companyId]);
    await t.dataSource.query(`DELETE FROM billable_items WHERE company_id = $1 AND standard`, [companyId]);
  };

  it('the demo company can make a seat price with its own token (it is made by the same factory)', async () => {
    const companies = t.app.get(CompaniesService);
    const demo = await companies.ensureDemoCompany();
    const token = demo.token ?? (await companies.createToken(demo.company_id, 'test')).token;
    const res = await seatPrice(bindTenant(t.http, demo.company_id, token));
    expect(res.status).toBe(200);
    expect(res.body.product_metric_pricings[0].item.type).toBe('LICENSE');
    expect(await standardItems(demo.company_id)).toBe(1);
    expect(await standardMetrics(demo.company_id)).toBe(1);
  });

  it('companies made by the command line get the same standard records', async () => {
    const out = await cli('company', 'create', '--name', 'From the CLI', '--json');
    expect(out.code).toBe(0);
    const created = JSON.parse(out.stdout);
    expect(await standardItems(created.company_id)).toBe(1);
    expect((await seatPrice(bindTenant(t.http, created.company_id, created.token))).status).toBe(200);
  });

  it('a company that lacks its standard records is repaired, once, by concurrent repairs', async () => {
    const tenant = await t.tenant('Old installation');
    await stripStandardRecords(tenant.companyId);
    expectError(await seatPrice(tenant), 409, 'request_error', 'invalid_state');

    const seeders = t.app.get(CompanySeeders);
    const [first, second] = await Promise.all([seeders.repair(), seeders.repair()]);
    const repairedHere = [...first, ...second].filter((r) => r.company_id === tenant.companyId);
    expect(repairedHere).toHaveLength(1); // both saw it lacking; under the company lock only one added
    expect(await standardItems(tenant.companyId)).toBe(1);
    expect(await standardMetrics(tenant.companyId)).toBe(1);
    expect((await seatPrice(tenant)).status).toBe(200);
    expect((await seeders.repair()).filter((r) => r.company_id === tenant.companyId)).toEqual([]);
  });

  it('an application starting on such a database repairs it at start', async () => {
    const tenant = await t.tenant('Repaired at start');
    await stripStandardRecords(tenant.companyId);
    const second = await createTestApp();
    try {
      expect(await standardItems(tenant.companyId)).toBe(1);
      expect((await seatPrice(tenant)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('making a company before the application has started fails loudly instead of making one that cannot price', async () => {
    const config = { ...loadConfig(), scheduler: false, webhookDelivery: false, logLevel: 'silent' };
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot({ config, databaseUrl: process.env.DATABASE_URL! })],
    }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    try {
      await expect(app.get(CompaniesService).createCompany('Too early')).rejects.toThrow(/before the application finished starting/);
      const early = await t.dataSource.query(`SELECT count(*) AS n FROM companies WHERE name = 'Too early'`);
      expect(Number(early[0].n)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
