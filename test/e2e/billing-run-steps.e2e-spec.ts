import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/** The post-run steps of a billing run: credit expirations due at the run's instant are recorded. */
describe('billing run: credit expirations', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date('2031-05-01T00:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Expiring');
  });
  afterAll(() => t.close());

  it('expires a credit whose expiration_date is before the run instant, once, with an EXPIRED log', async () => {
    const customer = (await a.post('/customers', { name: 'Cred', identifier: 'cred-exp' }).expect(201)).body;
    const credit = (
      await a
        .post('/credits', {
          customer_id: customer.id,
          name: 'Goodwill',
          type: 'AMOUNT',
          amount: { currency: 'USD', value_in_cents: 2500 },
          expiration_date: '2031-05-10T00:00:00.000Z',
        })
        .expect(201)
    ).body;
    const run = t.app.get(BillingRunService);

    clock.set(new Date('2031-05-09T00:00:00.000Z'));
    await run.run(clock.now(), { companyIds: [a.companyId] });
    expect(
      (await a.post('/credits/logs/find', { query: { credit_id: credit.id, action_type: 'EXPIRED' } }).expect(200)).body.results,
    ).toEqual([]);

    clock.set(new Date('2031-05-11T00:00:00.000Z'));
    await run.run(clock.now(), { companyIds: [a.companyId] });
    await run.run(clock.now(), { companyIds: [a.companyId] });

    const logs = (await a.post('/credits/logs/find', { query: { credit_id: credit.id, action_type: 'EXPIRED' } }).expect(200)).body.results;
    expect(logs).toHaveLength(1);
    expect(logs[0].amount_applied).toEqual({ currency: 'USD', value_in_cents: 2500 });
    expect((await a.get(`/credits/${credit.id}`).expect(200)).body.state).toBe('EXPIRED');
  });
});
