import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createProduct, createUsageItem, fixedPricing, ok, usd } from '../support/fixtures';

/**
 * Hosted-API request fields and answer shapes (issue 12): POST /credits `state`, the totals of
 * POST /credits/consume, and POST /pricing `display_type`, `recognition_schedule`, `true_up_frequency`.
 */
const T0 = new Date('2027-03-01T00:00:00.000Z');
const DAY = 86_400_000;

describe('hosted-API fields: credits and pricing', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(T0);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
  });
  afterAll(() => t.close());

  describe('POST /credits state', () => {
    it('takes the reference sample\'s state "ACTIVE" (any case) and issues the credit ACTIVE', async () => {
      const c = await createCustomer(a);
      const upper = await ok(
        await a.post('/credits', { customer_id: c.id, name: 'Sample', type: 'AMOUNT', amount: usd(500), state: 'ACTIVE' }),
        201,
      );
      expect(upper.state).toBe('ACTIVE');
      const lower = await ok(
        await a.post('/credits', { customer_id: c.id, name: 'Lower', type: 'AMOUNT', amount: usd(500), state: 'active' }),
        201,
      );
      expect(lower.state).toBe('ACTIVE');
      const found = await ok(await a.post('/credits/find', { query: { customer_id: c.id, status: 'ACTIVE' } }));
      expect(found.results.map((r: { id: string }) => r.id).sort()).toEqual([upper.id, lower.id].sort());
    });

    it.each(['REVOKED', 'EXPIRED', 'CONSUMED', 'PENDING', 7])(
      'refuses state %p with a 400 naming state, and issues nothing',
      async (state) => {
        const c = await createCustomer(a);
        const e = expectError(
          await a.post('/credits', { customer_id: c.id, name: 'Bad', type: 'AMOUNT', amount: usd(500), state }),
          400,
          'validation_error',
        );
        expect(Object.keys(e.validation_errors!)).toEqual(['state']);
        expect((await ok(await a.post('/credits/find', { query: { customer_id: c.id } }))).results).toEqual([]);
      },
    );
  });

  describe('POST /credits/consume totals', () => {
    it('answers total_amount, total_units and total_units_with_meta: what the customer holds after the consumption', async () => {
      const c = await createCustomer(a);
      const other = await createCustomer(a);
      const usage = await createUsageItem(a, 'Compat calls');
      const storage = await createUsageItem(a, 'Compat storage');
      const grant = async (body: Record<string, unknown>, customer = c.id) =>
        ok(await a.post('/credits', { customer_id: customer, name: 'Grant', ...body }), 201);
      await grant({ type: 'AMOUNT', amount: usd(5000) });
      await grant({ type: 'AMOUNT', amount: usd(1000), expiration_date: new Date(T0.getTime() + 10 * DAY).toISOString() });
      await grant({ type: 'AMOUNT', amount: { currency: 'EUR', value_in_cents: 700 } });
      await grant({ type: 'UNITS', units: 40, item_id: usage.itemId, expiration_date: new Date(T0.getTime() + 5 * DAY).toISOString() });
      await grant({ type: 'UNITS', units: 10, item_id: usage.itemId });
      await grant({ type: 'UNITS', units: 3, item_id: storage.itemId });
      await grant({ type: 'AMOUNT', amount: usd(9999) }, other.id); // another customer's: not in the totals
      const revoked = await grant({ type: 'AMOUNT', amount: usd(2000) });
      await ok(await a.delete(`/credits/${revoked.id}`));

      // 1,500 cents from the soonest-expiring first: the 10.00 one is used up, 45.00 of the 50.00 one remain
      const res = await ok(await a.post('/credits/consume', { customer_id: c.id, type: 'AMOUNT', amount: usd(1500) }));
      expect(res.total_amount).toEqual({ USD: 4500, EUR: 700 });
      expect(res.total_units).toEqual({ [usage.itemId]: 50, [storage.itemId]: 3 });
      expect(res.total_units_with_meta).toEqual({
        [usage.itemId]: {
          item_id: usage.itemId,
          item: expect.objectContaining({ id: usage.itemId, name: 'Compat calls' }),
          units: 50,
          credits: 2,
          next_expiration_date: new Date(T0.getTime() + 5 * DAY).toISOString(),
        },
        [storage.itemId]: {
          item_id: storage.itemId,
          item: expect.objectContaining({ id: storage.itemId }),
          units: 3,
          credits: 1,
          next_expiration_date: null,
        },
      });
      // Tally's own fields stay
      expect(res).toMatchObject({ customer_id: c.id, type: 'AMOUNT', consumed_amount: usd(1500), consumed_units: null });

      const units = await ok(await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 45, item_id: usage.itemId }));
      expect(units.total_units).toEqual({ [usage.itemId]: 5, [storage.itemId]: 3 });
      expect(units.total_units_with_meta[usage.itemId]).toMatchObject({ units: 5, credits: 1, next_expiration_date: null });
      expect(units.total_amount).toEqual({ USD: 4500, EUR: 700 });

      // a failed consumption changes nothing
      expectError(
        await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 6, item_id: usage.itemId }),
        400,
        'request_error',
      );
      const again = await ok(await a.post('/credits/consume', { customer_id: c.id, type: 'UNITS', units: 5, item_id: usage.itemId }));
      expect(again.total_units).toEqual({ [storage.itemId]: 3 });
      expect(again.total_units_with_meta[usage.itemId]).toBeUndefined();
    });
  });

  describe('POST /pricing display_type, recognition_schedule, true_up_frequency', () => {
    let productId: string;
    beforeAll(async () => {
      productId = (await createProduct(a, { name: 'Compat pricing' })).id;
    });
    const ip = (pricing: any) => pricing.product_metric_pricings[0].item_pricing;

    it('stores and answers them (here and on GET /pricing/{id})', async () => {
      const created = await ok(
        await a.post('/pricing', {
          ...fixedPricing(productId, { name: 'With fields' }),
          display_type: 'THOUSAND_UNITS',
          recognition_schedule: { recognition_schedule_type: 'CUSTOM', amount_per_period: ['1000', 2500] },
          // a true-up window needs a minimum to assess (docs/billing-rules.md#minimum-spend)
          minimum_spend: { value_in_cents: 1000 },
          true_up_frequency: 'QUARTER',
        }),
      );
      const expected = {
        display_type: 'THOUSAND_UNITS',
        recognition_schedule: { recognition_schedule_type: 'CUSTOM', amount_per_period: ['1000', '2500'] },
        true_up_frequency: 'QUARTER',
      };
      expect(ip(created)).toMatchObject(expected);
      expect(ip(await ok(await a.get(`/pricing/${created.id}`)))).toMatchObject(expected);

      const ratable = await ok(
        await a.post('/pricing', {
          ...fixedPricing(productId, { name: 'Ratable' }),
          recognition_schedule: { recognition_schedule_type: 'RATABLE' },
        }),
      );
      expect(ip(ratable).recognition_schedule).toEqual({ recognition_schedule_type: 'RATABLE', amount_per_period: null });
    });

    it("defaults: the item's display type, IMMEDIATE recognition, no true-up", async () => {
      const plain = await ok(await a.post('/pricing', fixedPricing(productId, { name: 'Plain' })));
      expect(ip(plain)).toMatchObject({
        display_type: 'UNITS',
        recognition_schedule: { recognition_schedule_type: 'IMMEDIATE', amount_per_period: null },
        true_up_frequency: null,
      });
    });

    it.each([
      [{ display_type: 'MILLIONS' }, 'display_type'],
      [{ display_type: 3 }, 'display_type'],
      [{ true_up_frequency: 'ONETIME' }, 'true_up_frequency'],
      [{ true_up_frequency: 'monthly' }, 'true_up_frequency'],
      [{ true_up_frequency: 'QUARTER' }, 'true_up_frequency'], // no minimum to assess
      [{ recognition_schedule: { recognition_schedule_type: 'SOMETIME' } }, 'recognition_schedule.recognition_schedule_type'],
      [{ recognition_schedule: 'IMMEDIATE' }, 'recognition_schedule'],
      [{ recognition_schedule: { recognition_schedule_type: 'CUSTOM' } }, 'recognition_schedule.amount_per_period'],
      [
        { recognition_schedule: { recognition_schedule_type: 'IMMEDIATE', amount_per_period: ['10'] } },
        'recognition_schedule.amount_per_period',
      ],
      [
        { recognition_schedule: { recognition_schedule_type: 'CUSTOM', amount_per_period: ['-5'] } },
        'recognition_schedule.amount_per_period',
      ],
      [{ recognition_schedule: { recognition_schedule_type: 'CUSTOM', amount_per_period: [] } }, 'recognition_schedule.amount_per_period'],
      [{ recognition_schedule: { recognition_schedule_type: 'IMMEDIATE', extra: 1 } }, 'recognition_schedule.extra'],
      // minimum_spend_schedule_type must describe the schedule it comes with (UNIFORM or CUSTOM)
      [
        { minimum_spend: { value_in_cents: 1000 }, minimum_spend_schedule: { minimum_spend_schedule_type: 'SOMETIMES' } },
        'minimum_spend_schedule.minimum_spend_schedule_type',
      ],
      [
        { minimum_spend_schedule: { minimum_spend_schedule_type: 'UNIFORM', amount_per_period: ['1000', '2000'] } },
        'minimum_spend_schedule.minimum_spend_schedule_type',
      ],
      [
        { minimum_spend: { value_in_cents: 1000 }, minimum_spend_schedule: { minimum_spend_schedule_type: 'CUSTOM' } },
        'minimum_spend_schedule.minimum_spend_schedule_type',
      ],
    ])('%j is a 400 naming %s, and creates nothing', async (fields, field) => {
      const name = `Bad ${JSON.stringify(fields)}`;
      const e = expectError(await a.post('/pricing', { ...fixedPricing(productId, { name }), ...fields }), 400, 'validation_error');
      expect(Object.keys(e.validation_errors ?? {})).toContain(field);
      const found = await ok(await a.post('/pricing/find', { query: { name } }));
      expect(found.results).toEqual([]);
    });

    it('a field no one documents stays refused', async () => {
      const e = expectError(await a.post('/pricing', { ...fixedPricing(productId), revenue_rule: 'X' }), 400, 'validation_error');
      expect(Object.keys(e.validation_errors!)).toEqual(['revenue_rule']);
    });

    it('another company cannot read them', async () => {
      const created = await ok(
        await a.post('/pricing', {
          ...fixedPricing(productId, { name: 'Private' }),
          minimum_spend: { value_in_cents: 100 },
          true_up_frequency: 'YEAR',
        }),
      );
      expectError(await b.get(`/pricing/${created.id}`), 404, 'request_error', 'not_found');
    });
  });
});
