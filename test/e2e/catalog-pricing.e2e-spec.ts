import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { CatalogHooks } from '../../src/catalog/catalog.hooks';
import { createEntitlement, createPricing, createProduct, createUsageItem, fixedPricing, ISO, UsageItem } from '../support/fixtures';

describe('catalog: product pricings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let product: { id: string };
  let usage: UsageItem;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    product = await createProduct(a, { name: 'Platform' });
    usage = await createUsageItem(a, 'Storage');
  });
  afterAll(() => t.close());

  const rowCounts = async (companyId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM product_pricings WHERE company_id = $1)::int AS pp,
              (SELECT count(*) FROM item_pricings WHERE company_id = $1)::int AS ip,
              (SELECT count(*) FROM product_metric_pricings WHERE company_id = $1)::int AS pmp`,
      [companyId],
    );
    return row as { pp: number; ip: number; pmp: number };
  };

  it('creates a licence pricing (200) and answers the spec shape field for field', async () => {
    const before = await rowCounts(a.companyId);
    const res = await a
      .post('/pricing', fixedPricing(product.id, { name: 'Seats monthly', fixed_price: { price_per_unit: 0.2 } }))
      .expect(200);
    const body = res.body;
    const pmp = body.product_metric_pricings[0];
    const ip = pmp.item_pricing;
    expect(body).toEqual({
      company_id: a.companyId,
      computed_entitlements: [],
      created_at: '2026-03-01T10:00:00.000Z',
      currency: 'USD',
      description: null,
      external_name: null,
      id: expect.stringMatching(/^pp_[0-9a-z]{26}$/),
      import_created_at_ref: null,
      import_ref: null,
      imported_from: null,
      metadata: {},
      name: 'Seats monthly',
      num_subs: 0,
      override_entitlements: [],
      pricing_type: 'FIXED',
      product: { ...(await a.get(`/products/${product.id}`).expect(200)).body, product_pricings: null },
      product_id: product.id,
      product_metric_pricings: [
        {
          company_id: a.companyId,
          created_at: body.created_at,
          id: expect.stringMatching(/^pmp_[0-9a-z]{26}$/),
          item: expect.objectContaining({ id: pmp.item_id, type: 'LICENSE', standard: true, editable: false, name: 'License' }),
          item_id: expect.stringMatching(/^bi_/),
          item_pricing: expect.any(Object),
          item_pricing_id: expect.stringMatching(/^ip_[0-9a-z]{26}$/),
          metric: expect.objectContaining({ id: pmp.metric_id, item_id: pmp.item_id, type: 'LICENSE_METRIC' }),
          metric_id: expect.stringMatching(/^bm_/),
          product_id: product.id,
          updated_at: body.created_at,
        },
      ],
      state: 'ACTIVE',
      tags: [],
      type: 'RECURRING',
      updated_at: body.created_at,
      upsell_product_pricing_id: null,
      override_taxes: null,
    });
    expect(ip).toEqual({
      base_price: { currency: 'USD', value_in_cents: 0 },
      base_units: 0,
      carry_over: false,
      charge_type: 'PRE_POST',
      company: {
        address: null,
        computed_entitlements: {},
        created_at: expect.stringMatching(ISO),
        customer_id: null,
        demo: false,
        email: null,
        id: a.companyId,
        is_dev: false,
        legal_name: null,
        name: 'A',
        phone: null,
        preferred_currency: null,
        preferred_timezone: null,
        slug: null,
        updated_at: expect.stringMatching(ISO),
      },
      company_id: a.companyId,
      created_at: body.created_at,
      credit_price: null,
      custom_price: null,
      description: null,
      display_type: 'UNITS',
      editable: true,
      external_name: null,
      fixed_price: { price_per_unit: 0.2 },
      frequency: 'MONTH',
      gradient_price: null,
      group_prices: null,
      id: pmp.item_pricing_id,
      item: pmp.item,
      item_id: pmp.item_id,
      metadata: {},
      minimum_spend: null,
      minimum_spend_schedule: null,
      name: 'Seats monthly',
      num_subs: 0,
      pay_in_advance: false,
      percentage_price: null,
      pricing_type: 'FIXED',
      proration_type: 'PRORATE_ALL',
      recognition_schedule: { amount_per_period: null, recognition_schedule_type: 'IMMEDIATE' },
      scheduled_price: null,
      state: 'ACTIVE',
      step_price: null,
      term_count: 1,
      true_up_frequency: null,
      type: 'RECURRING',
      updated_at: body.created_at,
      volume_price: null,
    });
    expect((await a.get(`/pricing/${body.id}`).expect(200)).body).toEqual(body);
    // one pricing = one product pricing, one item pricing, one product metric pricing
    expect(await rowCounts(a.companyId)).toEqual({ pp: before.pp + 1, ip: before.ip + 1, pmp: before.pmp + 1 });
  });

  it.each([
    ['FIXED', { fixed_price: { price_per_unit: '0.2' } }, { fixed_price: { price_per_unit: 0.2 } }],
    ['STEP', { step_price: { price_per_step: 150.5, step_size: 1000 } }, { step_price: { price_per_step: 150.5, step_size: 1000 } }],
    [
      'GRADIENT',
      {
        gradient_price: [
          { start: 0, end: 100, flat_price: 500, price_per_unit: 0 },
          { start: 100, end: 1000, price_per_unit: '0.2' },
          { start: 1000, end: null, price_per_unit: 0.05, is_custom_tier: true },
        ],
      },
      {
        gradient_price: [
          { start: 0, end: 100, flat_price: 500, price_per_unit: 0, is_custom_tier: false },
          { start: 100, end: 1000, flat_price: 0, price_per_unit: 0.2, is_custom_tier: false },
          { start: 1000, end: null, flat_price: 0, price_per_unit: 0.05, is_custom_tier: true },
        ],
      },
    ],
    [
      'VOLUME',
      {
        volume_price: [
          { total_units_start: 0, total_units_end: 10, flat_price: 0, price_per_unit: 2 },
          { total_units_start: 10, price_per_unit: '1.25', flat_price: '0.5' },
        ],
      },
      {
        volume_price: [
          { total_units_start: 0, total_units_end: 10, flat_price: 0, price_per_unit: 2, is_custom_tier: false },
          { total_units_start: 10, total_units_end: null, flat_price: 0.5, price_per_unit: 1.25, is_custom_tier: false },
        ],
      },
    ],
    [
      'CUSTOM',
      { custom_price: { preset_price_per_unit: 500, min_price_per_unit: '100.5', max_price_per_unit: 1000 } },
      { custom_price: { price_per_unit: 500, preset_price_per_unit: 500, min_price_per_unit: 100.5, max_price_per_unit: 1000 } },
    ],
    [
      'SCHEDULED',
      { scheduled_price: { price_per_unit_per_period: ['100', '150.25', 200] } },
      { scheduled_price: { price_per_unit_per_period: ['100', '150.25', '200'] } },
    ],
  ])('creates and reads back a %s usage price', async (pricingType, fields, expected) => {
    const created = await createPricing(a, {
      product_id: product.id,
      name: `${pricingType} price`,
      currency: 'EUR',
      pricing_type: pricingType,
      item_id: usage.itemId,
      metric_id: usage.metricId,
      ...fields,
    });
    const got = (await a.get(`/pricing/${created.id}`).expect(200)).body;
    expect(got).toEqual(created);
    expect(got.pricing_type).toBe(pricingType);
    const pmp = got.product_metric_pricings[0];
    expect(pmp).toMatchObject({
      item_id: usage.itemId,
      metric_id: usage.metricId,
      item: { id: usage.itemId },
      metric: { id: usage.metricId },
    });
    const shapes = ['fixed_price', 'step_price', 'gradient_price', 'volume_price', 'custom_price', 'scheduled_price'];
    const ip = pmp.item_pricing;
    for (const shape of shapes) {
      if (shape in expected) expect(ip[shape]).toEqual((expected as Record<string, unknown>)[shape]);
      else expect(ip[shape]).toBeNull();
    }
    expect(ip.pricing_type).toBe(pricingType);
    expect(ip.base_price).toEqual({ currency: 'EUR', value_in_cents: 0 });
  });

  it('keeps tiny fractional prices exactly', async () => {
    const created = await createPricing(a, fixedPricing(product.id, { fixed_price: { price_per_unit: '0.000123456789' } }));
    expect(created.product_metric_pricings[0].item_pricing.fixed_price.price_per_unit).toBe(0.000123456789);
    const [row] = await t.dataSource.query('SELECT fixed_price_per_unit::text AS v FROM item_pricings WHERE company_id = $1 AND id = $2', [
      a.companyId,
      created.product_metric_pricings[0].item_pricing_id,
    ]);
    expect(row.v).toBe('0.000123456789');
  });

  it('stores every price option', async () => {
    const created = await createPricing(a, {
      ...fixedPricing(product.id),
      name: 'Options',
      // a usage price: carryover moves unused included units of metered usage
      item_id: usage.itemId,
      metric_id: usage.metricId,
      external_name: 'Options (invoice)',
      description: 'all the options',
      billing_frequency: { count: 3, frequency: 'MONTH' },
      base_price: { currency: 'USD', value_in_cents: 9900 },
      base_units: 5,
      minimum_spend: { value_in_cents: 50000 },
      minimum_spend_schedule: {
        allow_pulling_forward: true,
        minimum_spend_schedule_type: 'UNIFORM',
        amount_per_period: [{ value_in_cents: 100 }],
      },
      charge_type: 'POST_ONLY',
      proration_type: 'NONE',
      carryover: true,
      credit_price: { type: 'AMOUNT', amount: { currency: 'USD', value_in_cents: 300 } },
      tags: ['annual', 'promo'],
      metadata: { source: 'test' },
    });
    expect(created).toMatchObject({
      name: 'Options',
      external_name: 'Options (invoice)',
      description: 'all the options',
      tags: ['annual', 'promo'],
      metadata: { source: 'test' },
    });
    expect(created.product_metric_pricings[0].item_pricing).toMatchObject({
      frequency: 'MONTH',
      term_count: 3,
      base_price: { currency: 'USD', value_in_cents: 9900 },
      base_units: 5,
      minimum_spend: { currency: 'USD', value_in_cents: 50000 },
      minimum_spend_schedule: {
        allow_pulling_forward: true,
        minimum_spend_schedule_type: 'UNIFORM',
        amount_per_period: [{ currency: 'USD', value_in_cents: 100 }],
      },
      charge_type: 'POST_ONLY',
      proration_type: 'NONE',
      carry_over: true,
      credit_price: { type: 'AMOUNT', amount: { currency: 'USD', value_in_cents: 300 }, item_id: null, units: null },
      name: 'Options',
      external_name: 'Options (invoice)',
      description: 'all the options',
    });
  });

  it.each([
    [{ type: 'ONETIME' }, 'ONETIME', 'ONETIME'],
    [{ type: 'one-time' }, 'ONETIME', 'ONETIME'],
    [{ type: 'recurring', billing_frequency: { count: 1, frequency: 'YEAR' } }, 'RECURRING', 'YEAR'],
    [{ billing_frequency: { count: 1, frequency: 'ONETIME' } }, 'ONETIME', 'ONETIME'],
    [{ billing_frequency: { count: 2, frequency: 'WEEK' } }, 'RECURRING', 'WEEK'],
  ])('type and frequency from %j', async (over, type, frequency) => {
    const created = await createPricing(a, fixedPricing(product.id, over));
    expect(created.type).toBe(type);
    expect(created.product_metric_pricings[0].item_pricing).toMatchObject({ type, frequency });
  });

  const gradient = (tiers: unknown[]) => fixedPricing('', { pricing_type: 'GRADIENT', fixed_price: undefined, gradient_price: tiers });
  const volume = (tiers: unknown[]) => fixedPricing('', { pricing_type: 'VOLUME', fixed_price: undefined, volume_price: tiers });

  it.each([
    [
      'a gap',
      'gradient_price[1].start',
      gradient([
        { start: 0, end: 100, price_per_unit: 1 },
        { start: 101, price_per_unit: 1 },
      ]),
    ],
    [
      'an overlap',
      'gradient_price[1].start',
      gradient([
        { start: 0, end: 100, price_per_unit: 1 },
        { start: 50, price_per_unit: 1 },
      ]),
    ],
    ['a first tier not at 0', 'gradient_price[0].start', gradient([{ start: 10, price_per_unit: 1 }])],
    [
      'an open-ended tier that is not last',
      'gradient_price[0].end',
      gradient([
        { start: 0, end: null, price_per_unit: 1 },
        { start: 100, price_per_unit: 1 },
      ]),
    ],
    [
      'a last tier that is not open-ended',
      'gradient_price[1].end',
      gradient([
        { start: 0, end: 100, price_per_unit: 1 },
        { start: 100, end: 200, price_per_unit: 1 },
      ]),
    ],
    [
      'descending tiers',
      'gradient_price[1].end',
      gradient([
        { start: 0, end: 100, price_per_unit: 1 },
        { start: 100, end: 50, price_per_unit: 1 },
        { start: 50, price_per_unit: 1 },
      ]),
    ],
    ['a negative start', 'gradient_price[0].start', gradient([{ start: -5, price_per_unit: 1 }])],
    [
      'a negative end',
      'gradient_price[0].end',
      gradient([
        { start: 0, end: -1, price_per_unit: 1 },
        { start: 0, price_per_unit: 1 },
      ]),
    ],
    [
      'a fractional end',
      'gradient_price[0].end',
      gradient([
        { start: 0, end: 1.5, price_per_unit: 1 },
        { start: 1.5, price_per_unit: 1 },
      ]),
    ],
    ['a negative tier price', 'gradient_price[0].price_per_unit', gradient([{ start: 0, price_per_unit: -0.1 }])],
    ['a negative flat price', 'gradient_price[0].flat_price', gradient([{ start: 0, flat_price: '-1', price_per_unit: 1 }])],
    ['no tiers', 'gradient_price', gradient([])],
    [
      'a volume gap',
      'volume_price[1].total_units_start',
      volume([
        { total_units_start: 0, total_units_end: 10, price_per_unit: 1 },
        { total_units_start: 20, price_per_unit: 1 },
      ]),
    ],
    [
      'a volume overlap',
      'volume_price[1].total_units_start',
      volume([
        { total_units_start: 0, total_units_end: 10, price_per_unit: 1 },
        { total_units_start: 5, price_per_unit: 1 },
      ]),
    ],
    ['a volume first tier not at 0', 'volume_price[0].total_units_start', volume([{ total_units_start: 1, price_per_unit: 1 }])],
    [
      'a volume last tier with an end',
      'volume_price[0].total_units_end',
      volume([{ total_units_start: 0, total_units_end: 10, price_per_unit: 1 }]),
    ],
    [
      'a volume open tier before the last',
      'volume_price[0].total_units_end',
      volume([
        { total_units_start: 0, price_per_unit: 1 },
        { total_units_start: 10, price_per_unit: 1 },
      ]),
    ],
    ['a volume negative start', 'volume_price[0].total_units_start', volume([{ total_units_start: -1, price_per_unit: 1 }])],
  ])('rejects tiers with %s, naming %s', async (_what, field, body) => {
    const before = await rowCounts(a.companyId);
    const res = await a.post('/pricing', { ...body, product_id: product.id }).expect(400);
    expect(expectError(res, 400, 'validation_error').validation_errors).toHaveProperty([field]);
    expect(await rowCounts(a.companyId)).toEqual(before);
  });

  it.each([
    ['a negative base price', { base_price: { currency: 'USD', value_in_cents: -1 } }, 'base_price.value_in_cents', 'validation_error'],
    ['a fractional base price', { base_price: { currency: 'USD', value_in_cents: 1.5 } }, 'base_price.value_in_cents', 'validation_error'],
    [
      'a negative minimum spend',
      { minimum_spend: { currency: 'USD', value_in_cents: -100 } },
      'minimum_spend.value_in_cents',
      'validation_error',
    ],
    ['a base price in another currency', { base_price: { currency: 'EUR', value_in_cents: 100 } }, 'base_price.currency', 'request_error'],
    [
      'a minimum spend in another currency',
      { minimum_spend: { currency: 'GBP', value_in_cents: 100 } },
      'minimum_spend.currency',
      'request_error',
    ],
    ['a negative unit price', { fixed_price: { price_per_unit: -1 } }, 'fixed_price.price_per_unit', 'validation_error'],
    ['a non-numeric unit price', { fixed_price: { price_per_unit: '12abc' } }, 'fixed_price.price_per_unit', 'validation_error'],
    ['a negative base_units', { base_units: -1 }, 'base_units', 'validation_error'],
    ['a lower-case currency', { currency: 'usd' }, 'currency', 'validation_error'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'validation_error'],
    ['a 2-letter currency', { currency: 'US' }, 'currency', 'validation_error'],
    ['no currency', { currency: undefined }, 'currency', 'validation_error'],
    ['no name', { name: undefined }, 'name', 'validation_error'],
    ['no product_id', { product_id: undefined }, 'product_id', 'validation_error'],
    ['no pricing_type', { pricing_type: undefined }, 'pricing_type', 'validation_error'],
    ['an unknown pricing_type', { pricing_type: 'TIERED' }, 'pricing_type', 'validation_error'],
    ['FIXED without fixed_price', { fixed_price: undefined }, 'fixed_price', 'validation_error'],
    ['STEP without step_price', { pricing_type: 'STEP', fixed_price: undefined }, 'step_price', 'validation_error'],
    ['GRADIENT without tiers', { pricing_type: 'GRADIENT', fixed_price: undefined }, 'gradient_price', 'validation_error'],
    ['VOLUME without tiers', { pricing_type: 'VOLUME', fixed_price: undefined }, 'volume_price', 'validation_error'],
    ['CUSTOM without custom_price', { pricing_type: 'CUSTOM', fixed_price: undefined }, 'custom_price', 'validation_error'],
    ['SCHEDULED without prices', { pricing_type: 'SCHEDULED', fixed_price: undefined }, 'scheduled_price', 'validation_error'],
    [
      'SCHEDULED with an empty list',
      { pricing_type: 'SCHEDULED', fixed_price: undefined, scheduled_price: { price_per_unit_per_period: [] } },
      'scheduled_price.price_per_unit_per_period',
      'validation_error',
    ],
    [
      'SCHEDULED with a bad entry',
      { pricing_type: 'SCHEDULED', fixed_price: undefined, scheduled_price: { price_per_unit_per_period: ['1', 'x'] } },
      'scheduled_price.price_per_unit_per_period',
      'validation_error',
    ],
    [
      'a step size of 0',
      { pricing_type: 'STEP', fixed_price: undefined, step_price: { price_per_step: 1, step_size: 0 } },
      'step_price.step_size',
      'validation_error',
    ],
    [
      'custom preset above max',
      {
        pricing_type: 'CUSTOM',
        fixed_price: undefined,
        custom_price: { preset_price_per_unit: 20, min_price_per_unit: 1, max_price_per_unit: 10 },
      },
      'custom_price.preset_price_per_unit',
      'validation_error',
    ],
    [
      'custom preset below min',
      {
        pricing_type: 'CUSTOM',
        fixed_price: undefined,
        custom_price: { preset_price_per_unit: '0.5', min_price_per_unit: 1, max_price_per_unit: 10 },
      },
      'custom_price.preset_price_per_unit',
      'validation_error',
    ],
    ["another type's shape", { gradient_price: [{ start: 0, price_per_unit: 1 }] }, 'gradient_price', 'validation_error'],
    ['a bad frequency', { billing_frequency: { count: 1, frequency: 'FORTNIGHT' } }, 'billing_frequency.frequency', 'validation_error'],
    ['a zero count', { billing_frequency: { count: 0, frequency: 'MONTH' } }, 'billing_frequency.count', 'validation_error'],
    [
      'a recurring one-time frequency',
      { type: 'RECURRING', billing_frequency: { count: 1, frequency: 'ONETIME' } },
      'billing_frequency.frequency',
      'validation_error',
    ],
    ['a bad charge_type', { charge_type: 'PREPAID' }, 'charge_type', 'validation_error'],
    ['a bad proration_type', { proration_type: 'SOME' }, 'proration_type', 'validation_error'],
    ['a bad type', { type: 'SOMETIMES' }, 'type', 'validation_error'],
    ['an unknown field', { colour: 'red' }, 'colour', 'validation_error'],
  ])('rejects %s', async (_what, over, field, errorType) => {
    const res = await a.post('/pricing', fixedPricing(product.id, over)).expect(400);
    expect(expectError(res, 400, errorType).validation_errors).toHaveProperty([field]);
  });

  it('checks the item and metric of a usage price', async () => {
    const other = await createUsageItem(a, 'Other item');
    const mismatch = await a.post('/pricing', fixedPricing(product.id, { item_id: usage.itemId, metric_id: other.metricId })).expect(400);
    expect(expectError(mismatch, 400, 'validation_error').validation_errors).toHaveProperty(['metric_id']);
    const noMetric = await a.post('/pricing', fixedPricing(product.id, { item_id: usage.itemId })).expect(400);
    expect(expectError(noMetric, 400, 'validation_error').validation_errors).toHaveProperty(['metric_id']);
    const noItem = await a.post('/pricing', fixedPricing(product.id, { metric_id: usage.metricId })).expect(400);
    expect(expectError(noItem, 400, 'validation_error').validation_errors).toHaveProperty(['item_id']);
    const unknownItem = await a
      .post('/pricing', fixedPricing(product.id, { item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz', metric_id: usage.metricId }))
      .expect(404);
    expect(expectError(unknownItem, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['item_id']);
    const unknownMetric = await a
      .post('/pricing', fixedPricing(product.id, { item_id: usage.itemId, metric_id: 'bm_01jzzzzzzzzzzzzzzzzzzzzzzz' }))
      .expect(404);
    expect(expectError(unknownMetric, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['metric_id']);
    const badCreditItem = await a
      .post('/pricing', fixedPricing(product.id, { credit_price: { type: 'UNITS', units: 5, item_id: 'bi_01jzzzzzzzzzzzzzzzzzzzzzzz' } }))
      .expect(404);
    expect(expectError(badCreditItem, 404, 'request_error').validation_errors).toHaveProperty(['credit_price.item_id']);
  });

  it('answers 404 naming product_id for an unknown product', async () => {
    for (const id of ['prod_01jzzzzzzzzzzzzzzzzzzzzzzz', 'nonsense', 'pp_01jzzzzzzzzzzzzzzzzzzzzzzz']) {
      const res = await a.post('/pricing', fixedPricing(id)).expect(404);
      expect(expectError(res, 404, 'request_error', 'not_found').validation_errors).toHaveProperty(['product_id']);
    }
    expectError(await a.get('/pricing/pp_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.get('/pricing/prod_01jzzzzzzzzzzzzzzzzzzzzzzz').expect(404), 404, 'request_error', 'not_found');
    expectError(await a.patch('/pricing/whatever', { name: 'x' }).expect(404), 404, 'request_error', 'not_found');
  });

  it('computes entitlements: the pricing overrides the product', async () => {
    const seats = await createEntitlement(a, { key: 'pr_seats', type: 'NUMBER', aggregator_type: 'MAXIMUM' });
    const sso = await createEntitlement(a, { key: 'pr_sso', type: 'BOOL', aggregator_type: 'OR' });
    const api = await createEntitlement(a, { key: 'pr_api', type: 'BOOL', aggregator_type: 'OR' });
    const entitled = await createProduct(a, {
      name: 'Entitled product',
      entitlements: [
        { key: 'pr_seats', value: 5 },
        { key: 'pr_sso', value: false },
      ],
    });
    const pricing = await createPricing(
      a,
      fixedPricing(entitled.id, {
        entitlements: [
          { key: 'pr_seats', value: '50' },
          { entitlement_id: api.id, value: true },
        ],
      }),
    );
    const productSeats = entitled.entitlements[0];
    const productSso = entitled.entitlements[1];
    expect(pricing.computed_entitlements).toEqual([
      {
        entitlement_id: seats.id,
        id: expect.stringMatching(/^enta_/),
        inherited_from_id: pricing.id,
        inherited_from_type: 'PRODUCT_PRICING',
        key: 'pr_seats',
        name: 'pr_seats',
        original_value: 5,
        overridden: true,
        type: 'NUMBER',
        value: 50,
      },
      {
        ...productSso,
        entitlement_id: sso.id,
        inherited_from_type: 'PRODUCT',
        inherited_from_id: entitled.id,
        overridden: false,
        original_value: null,
        value: false,
      },
      {
        entitlement_id: api.id,
        id: expect.stringMatching(/^enta_/),
        inherited_from_id: pricing.id,
        inherited_from_type: 'PRODUCT_PRICING',
        key: 'pr_api',
        name: 'pr_api',
        original_value: null,
        overridden: false,
        type: 'BOOL',
        value: true,
      },
    ]);
    expect(pricing.computed_entitlements[0].id).not.toBe(productSeats.id);
    expect(pricing.override_entitlements).toEqual([pricing.computed_entitlements[0], pricing.computed_entitlements[2]]);
    expect(pricing.product.entitlements).toEqual(entitled.entitlements);

    // a product change shows in the pricing's computed entitlements
    await a.patch(`/products/${entitled.id}`, { entitlements: [{ key: 'pr_seats', value: 7 }] }).expect(200);
    const after = (await a.get(`/pricing/${pricing.id}`).expect(200)).body;
    expect(
      after.computed_entitlements.map((e: { key: string; value: unknown; original_value: unknown }) => [e.key, e.value, e.original_value]),
    ).toEqual([
      ['pr_seats', 50, 7],
      ['pr_api', true, null],
    ]);
    // replacing the pricing's own set
    const patched = (await a.patch(`/pricing/${pricing.id}`, { entitlements: [{ key: 'pr_sso', value: 'true' }] }).expect(200)).body;
    expect(
      patched.override_entitlements.map((e: { key: string; value: unknown; overridden: boolean }) => [e.key, e.value, e.overridden]),
    ).toEqual([['pr_sso', true, false]]);
    expect(patched.computed_entitlements.map((e: { key: string; inherited_from_type: string }) => [e.key, e.inherited_from_type])).toEqual([
      ['pr_seats', 'PRODUCT'],
      ['pr_sso', 'PRODUCT_PRICING'],
    ]);
    const bad = await a.patch(`/pricing/${pricing.id}`, { entitlements: [{ key: 'pr_seats', value: 'many' }] }).expect(400);
    expect(expectError(bad, 400, 'validation_error').validation_errors).toHaveProperty(['entitlements[0].value']);
  });

  it('updates names, tags, metadata, upsell and state; archives', async () => {
    const pricing = await createPricing(a, fixedPricing(product.id, { name: 'Before', tags: ['a'] }));
    const upsell = await createPricing(a, fixedPricing(product.id, { name: 'Upsell' }));
    clock.advance(1000);
    const res = await a
      .patch(`/pricing/${pricing.id}`, {
        name: 'After',
        external_name: 'After (invoice)',
        description: 'changed',
        metadata: { x: 1 },
        tags: ['b', 'c'],
        upsell_product_pricing_id: upsell.id,
      })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'After',
      external_name: 'After (invoice)',
      description: 'changed',
      metadata: { x: 1 },
      tags: ['b', 'c'],
      upsell_product_pricing_id: upsell.id,
      state: 'ACTIVE',
    });
    expect(res.body.updated_at).toBe('2026-03-01T10:00:01.000Z');
    expect(res.body.product_metric_pricings[0].item_pricing).toMatchObject({
      name: 'After',
      external_name: 'After (invoice)',
      description: 'changed',
    });
    expect(res.body.product_metric_pricings[0].item_pricing.fixed_price).toEqual({ price_per_unit: 1000 });
    const archived = (await a.patch(`/pricing/${pricing.id}`, { state: 'ARCHIVED', upsell_product_pricing_id: null }).expect(200)).body;
    expect(archived).toMatchObject({ state: 'ARCHIVED', upsell_product_pricing_id: null });
    expect(archived.product_metric_pricings[0].item_pricing.state).toBe('ARCHIVED');
    expect((await a.get(`/pricing/${pricing.id}`).expect(200)).body).toEqual(archived);

    const unknownUpsell = await a
      .patch(`/pricing/${pricing.id}`, { upsell_product_pricing_id: 'pp_01jzzzzzzzzzzzzzzzzzzzzzzz' })
      .expect(404);
    expect(expectError(unknownUpsell, 404, 'request_error').validation_errors).toHaveProperty(['upsell_product_pricing_id']);
    const self = await a.patch(`/pricing/${pricing.id}`, { upsell_product_pricing_id: pricing.id }).expect(400);
    expect(expectError(self, 400, 'validation_error').validation_errors).toHaveProperty(['upsell_product_pricing_id']);
    expectError(await a.patch(`/pricing/${pricing.id}`, { currency: 'EUR' }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/pricing/${pricing.id}`, { name: null }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/pricing/${pricing.id}`, { state: 'DELETED' }).expect(400), 400, 'validation_error');
    expectError(await a.patch(`/pricing/${pricing.id}`, { product_id: product.id }).expect(400), 400, 'validation_error');
  });

  it('changes prices while unused, and refuses any price change (409) once a subscription uses it', async () => {
    const pricing = await createPricing(a, fixedPricing(product.id, { base_units: 2 }));
    const ipId = pricing.product_metric_pricings[0].item_pricing_id;
    const changed = (
      await a
        .patch(`/pricing/${pricing.id}`, {
          pricing_type: 'GRADIENT',
          gradient_price: [
            { start: 0, end: 10, price_per_unit: 5 },
            { start: 10, price_per_unit: '2.5' },
          ],
          billing_frequency: { count: 1, frequency: 'YEAR' },
        })
        .expect(200)
    ).body;
    const ip = changed.product_metric_pricings[0].item_pricing;
    expect(changed.pricing_type).toBe('GRADIENT');
    expect(ip).toMatchObject({ id: ipId, pricing_type: 'GRADIENT', fixed_price: null, frequency: 'YEAR', base_units: 2 });
    expect(ip.gradient_price).toEqual([
      { start: 0, end: 10, flat_price: 0, price_per_unit: 5, is_custom_tier: false },
      { start: 10, end: null, flat_price: 0, price_per_unit: 2.5, is_custom_tier: false },
    ]);
    const badTiers = await a
      .patch(`/pricing/${pricing.id}`, {
        gradient_price: [
          { start: 0, end: 10, price_per_unit: 1 },
          { start: 11, price_per_unit: 1 },
        ],
      })
      .expect(400);
    expect(expectError(badTiers, 400, 'validation_error').validation_errors).toHaveProperty(['gradient_price[1].start']);
    const badShape = await a.patch(`/pricing/${pricing.id}`, { fixed_price: { price_per_unit: 3 } }).expect(400);
    expect(expectError(badShape, 400, 'validation_error').validation_errors).toHaveProperty(['fixed_price']);
    expect((await a.get(`/pricing/${pricing.id}`).expect(200)).body).toEqual(changed);

    const counter = t.app.get(CatalogHooks).subscriptionUsage;
    const spy = jest
      .spyOn(counter, 'countByPricing')
      .mockImplementation(async (_c, ids) => new Map(ids.map((id) => [id, id === pricing.id ? 2 : 0])));
    try {
      const used = (await a.get(`/pricing/${pricing.id}`).expect(200)).body;
      expect(used.num_subs).toBe(2);
      expect(used.product_metric_pricings[0].item_pricing).toMatchObject({ num_subs: 2, editable: false });
      for (const change of [
        { base_units: 3 },
        { gradient_price: [{ start: 0, price_per_unit: 1 }] },
        { charge_type: 'POST_ONLY' },
        { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1 } },
        { minimum_spend: { value_in_cents: 10 } },
      ]) {
        expectError(await a.patch(`/pricing/${pricing.id}`, change).expect(409), 409, 'request_error', 'invalid_state');
      }
      // names and archiving stay possible
      const archived = (await a.patch(`/pricing/${pricing.id}`, { name: 'Legacy', state: 'ARCHIVED' }).expect(200)).body;
      expect(archived).toMatchObject({ name: 'Legacy', state: 'ARCHIVED', num_subs: 2 });
      expect(archived.product_metric_pricings[0].item_pricing.gradient_price).toEqual(ip.gradient_price);
    } finally {
      spy.mockRestore();
    }
  });

  it('finds by every filter, with the base sort keys', async () => {
    const c = await t.tenant('pricing finder');
    const p1 = await createProduct(c, { name: 'One' });
    const p2 = await createProduct(c, { name: 'Two' });
    const tick = () => clock.advance(1000);
    const usd = await createPricing(c, fixedPricing(p1.id, { name: 'Basic', external_name: 'Basic plan', tags: ['x', 'y'] }));
    tick();
    const eur = await createPricing(c, fixedPricing(p1.id, { name: 'Euro', currency: 'EUR', description: 'for Europe', tags: ['x'] }));
    tick();
    const once = await createPricing(c, fixedPricing(p2.id, { name: 'Setup fee', type: 'ONETIME', tags: ['z'] }));
    tick();
    await c.patch(`/pricing/${eur.id}`, { state: 'ARCHIVED' }).expect(200);
    tick();
    await c.patch(`/pricing/${usd.id}`, { description: 'touched' }).expect(200);
    const ids = async (body: object) => (await c.post('/pricing/find', body).expect(200)).body.results.map((r: { id: string }) => r.id);
    expect(await ids({ query: { currency: 'EUR' } })).toEqual([eur.id]);
    expect(await ids({ query: { name: 'Basic' } })).toEqual([usd.id]);
    expect(await ids({ query: { external_name: 'Basic plan' } })).toEqual([usd.id]);
    expect(await ids({ query: { product_id: p2.id } })).toEqual([once.id]);
    expect(await ids({ query: { search: 'europe' } })).toEqual([eur.id]);
    expect(await ids({ query: { search: 'SETUP' } })).toEqual([once.id]);
    expect(await ids({ query: { state: 'archived' } })).toEqual([eur.id]);
    expect(await ids({ query: { type: 'ONETIME' } })).toEqual([once.id]);
    expect(await ids({ query: { type: 'RECURRING', state: 'ACTIVE' } })).toEqual([usd.id]);
    expect((await ids({ query: { tags: { condition: 'OR', values: ['y', 'z'] } } })).sort()).toEqual([usd.id, once.id].sort());
    expect(await ids({ query: { tags: { condition: 'AND', values: ['x', 'y'] } } })).toEqual([usd.id]);
    expect(await ids({ query: { pricing_type: 'FIXED', currency: 'USD' } })).toEqual([once.id, usd.id]);
    expect(await ids({})).toEqual([once.id, eur.id, usd.id]);
    expect(await ids({ sort_key: 'createdAtAsc' })).toEqual([usd.id, eur.id, once.id]);
    expect(await ids({ sort_key: 'updatedAtDesc' })).toEqual([usd.id, eur.id, once.id]);
    expect(await ids({ sort_key: 'updatedAtAsc' })).toEqual([once.id, eur.id, usd.id]);
    const page = (await c.post('/pricing/find', { pagination: { limit: 1 }, include_meta: true, query: { currency: 'USD' } }).expect(200))
      .body;
    expect(page.pagination).toEqual({ from_key: expect.any(String), limit: 1, total: 2 });
    expect(page.results[0]).toEqual((await c.get(`/pricing/${once.id}`).expect(200)).body);
    expectError(await c.post('/pricing/find', { sort_key: 'priceAsc' }).expect(400), 400, 'validation_error');
    expectError(await c.post('/pricing/find', { query: { amount: 1 } }).expect(400), 400, 'validation_error');
  });

  it('expands nested records in a fixed number of queries, whatever the number of pricings', async () => {
    const c = await t.tenant('query counter');
    const seat = await createEntitlement(c, { key: 'q_seats', type: 'NUMBER', aggregator_type: 'ADD' });
    const prods = [
      await createProduct(c, { name: 'Q1', entitlements: [{ entitlement_id: seat.id, value: 1 }] }),
      await createProduct(c, { name: 'Q2' }),
    ];
    const store = await createUsageItem(c, 'Q usage');
    const mk = (i: number) =>
      createPricing(c, {
        ...fixedPricing(prods[i % 2].id, { name: `Q${i}`, entitlements: [{ entitlement_id: seat.id, value: i }] }),
        ...(i % 3 === 0
          ? {
              pricing_type: 'GRADIENT',
              fixed_price: undefined,
              gradient_price: [
                { start: 0, end: 5, price_per_unit: 1 },
                { start: 5, price_per_unit: 0.5 },
              ],
              item_id: store.itemId,
              metric_id: store.metricId,
            }
          : {}),
      });
    const runner = t.dataSource.driver.createQueryRunner('master');
    const proto = Object.getPrototypeOf(runner) as { query: (...args: unknown[]) => unknown };
    await runner.release();
    const countQueries = async (fn: () => Promise<unknown>) => {
      const spy = jest.spyOn(proto, 'query');
      try {
        await fn();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    await mk(0);
    const findFew = await countQueries(() => c.post('/pricing/find', { pagination: { limit: 100 } }).expect(200));
    const productFew = await countQueries(() => c.get(`/products/${prods[0].id}`).expect(200));
    for (let i = 1; i <= 12; i++) await mk(i);
    let found: { results: unknown[] } = { results: [] };
    const findMany = await countQueries(async () => {
      found = (await c.post('/pricing/find', { pagination: { limit: 100 } }).expect(200)).body;
    });
    const productMany = await countQueries(() => c.get(`/products/${prods[0].id}`).expect(200));
    expect(found.results).toHaveLength(13);
    expect(findMany).toBe(findFew);
    expect(productMany).toBe(productFew);
    expect(findFew).toBeGreaterThan(5); // the spy sees the queries
    expect(findMany).toBeLessThanOrEqual(15);
  });

  it("keeps companies apart: B cannot read, find, change or build on A's pricings", async () => {
    const secret = await createPricing(a, fixedPricing(product.id, { name: 'Secret pricing of A' }));
    expectError(await b.get(`/pricing/${secret.id}`).expect(404), 404, 'request_error');
    expectError(await b.patch(`/pricing/${secret.id}`, { name: 'hacked' }).expect(404), 404, 'request_error');
    const found = (await b.post('/pricing/find', { query: { search: 'Secret pricing' }, include_meta: true }).expect(200)).body;
    expect(found.results).toEqual([]);
    expect(found.pagination.total).toBe(0);
    expect((await b.post('/pricing/find', { query: { product_id: product.id } }).expect(200)).body.results).toEqual([]);
    // B's own product with A's item/metric, or with A's pricing as upsell
    const bProduct = await createProduct(b, { name: 'B product' });
    const cross = await b.post('/pricing', fixedPricing(bProduct.id, { item_id: usage.itemId, metric_id: usage.metricId })).expect(404);
    expect(expectError(cross, 404, 'request_error').validation_errors).toHaveProperty(['item_id']);
    const crossUpsell = await b.post('/pricing', fixedPricing(bProduct.id, { upsell_product_pricing_id: secret.id })).expect(404);
    expect(expectError(crossUpsell, 404, 'request_error').validation_errors).toHaveProperty(['upsell_product_pricing_id']);
    // B's licence price uses B's own License item
    const own = await createPricing(b, fixedPricing(bProduct.id));
    expect(own.product_metric_pricings[0].item_id).not.toBe(secret.product_metric_pricings[0].item_id);
    expect(own.product_metric_pricings[0].item_pricing.company.id).toBe(b.companyId);
    // B's token on A's path
    expectError(await a.get(`/pricing/${secret.id}`).set('Authorization', `Bearer ${b.token}`).expect(403), 403, 'auth_error');
    expectError(
      await a.post('/pricing', fixedPricing(product.id)).set('Authorization', `Bearer ${b.token}`).expect(403),
      403,
      'auth_error',
    );
    expect((await a.get(`/pricing/${secret.id}`).expect(200)).body.name).toBe('Secret pricing of A');
  });

  it('num_subs is counted by the subscriptions module; without it the application refuses to start', () => {
    expect(() => t.app.get(CatalogHooks).onApplicationBootstrap()).not.toThrow();
    expect(() => new CatalogHooks().onApplicationBootstrap()).toThrow(
      /CatalogModule: hooks not provided: subscription usage \(SubscriptionsModule\)/,
    );
  });
});
