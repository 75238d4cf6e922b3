/**
 * Taxes on invoices end to end, with cents worked by hand (docs/billing-rules.md#taxes). Each
 * scenario has a company of its own, so company-wide rates do not reach the others; dates in
 * 2033 keep the billing runs (scoped to these companies) away from other files' instants.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { expectBooksBalanced } from '../support/audit';
import { draftInvoice, ok, usd, webhookEvents } from '../support/fixtures';

const T0 = new Date('2033-03-01T00:00:00.000Z');
const iso = (d: string) => `${d}T00:00:00.000Z`;

describe('invoice taxes', () => {
  let t: TestApp;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(T0);
    await expectBooksBalanced(t);
  });

  const rate = async (tenant: Tenant, body: Record<string, unknown>) =>
    ok(await tenant.post('/taxes', { name: String(body.code), ...body }), 201);
  const customer = async (tenant: Tenant, body: Record<string, unknown> = {}) => ok(await tenant.post('/customers', body), 201);
  const US = (state: string) => ({ address: { country: 'US', state, city: 'X', zip: '10001', address_line_1: '1 Main St' } });
  /** An IMMEDIATE one-time invoice of custom lines (cents), answered as GET /invoices/{uuid}. */
  const bill = async (tenant: Tenant, customerId: string, lines: number[], extra: Record<string, unknown> = {}) => {
    const created = await ok(
      await tenant.post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: lines.map((cents, k) => ({ custom_price: { amount: usd(cents), description: `Item ${k + 1}` } })),
        ...extra,
      }),
      201,
    );
    return ok(await tenant.get(`/invoices/${created[0].invoice_uuid}`), 200);
  };
  const lineTaxes = (inv: any) => inv.items.filter((l: any) => l.kind !== 'DISCOUNT').map((l: any) => l.tax_amount.value_in_cents);

  it('exclusive 20 % on 100.00 is 20.00: line taxes, tax_amount, tax_details and a total of 120.00', async () => {
    const a = await t.tenant('VAT');
    const vat = await rate(a, { name: 'VAT', code: 'VAT20', percentage: 20 });
    const inv = await bill(a, (await customer(a)).id, [10000]);
    expect(inv).toMatchObject({ sub_total: usd(10000), tax_amount: usd(2000), total: usd(12000), due: usd(12000) });
    expect(inv.tax_details).toEqual([
      { tax_id: vat.id, code: 'VAT20', name: 'VAT', percentage: 20, inclusive: false, taxable_amount: usd(10000), amount: usd(2000) },
    ]);
    expect(inv.items[0]).toMatchObject({
      tax_amount: usd(2000),
      taxes: [{ tax_id: vat.id, percentage: 20, inclusive: false, amount: usd(2000) }],
    });
    // webhook events carry the invoice as GET answers it, taxes included
    const [finalized] = await webhookEvents(a, inv.id, ['invoice.finalized']);
    expect(finalized.data.object).toMatchObject({ tax_amount: usd(2000), tax_details: inv.tax_details });
  });

  it('8.875 % on three lines of 33.33 rounds per line: 2.96 each, 8.88 in all (not 8.87 on the sum)', async () => {
    const a = await t.tenant('NY');
    await rate(a, { code: 'NY', percentage: 8.875, country: 'US', state: 'NY' });
    const inv = await bill(a, (await customer(a, US('NY'))).id, [3333, 3333, 3333]);
    expect(lineTaxes(inv)).toEqual([296, 296, 296]);
    expect(inv).toMatchObject({ sub_total: usd(9999), tax_amount: usd(888), total: usd(10887) });
  });

  it('a country rate and a state rate both apply; another state gets the country rate only; another country none', async () => {
    const a = await t.tenant('US+PA');
    const us = await rate(a, { code: 'US6', percentage: 6, country: 'US' });
    const pa = await rate(a, { code: 'PA', percentage: 2.5, country: 'US', state: 'pa' });
    const inPa = await bill(a, (await customer(a, US('PA'))).id, [5000]);
    expect(inPa.items[0].taxes.map((x: any) => [x.tax_id, x.amount.value_in_cents])).toEqual([
      [us.id, 300],
      [pa.id, 125],
    ]);
    expect(inPa).toMatchObject({ tax_amount: usd(425), total: usd(5425) });
    expect((await bill(a, (await customer(a, US('NY'))).id, [5000])).tax_amount).toEqual(usd(300));
    expect((await bill(a, (await customer(a, { address: { country: 'FR' } })).id, [5000])).tax_amount).toEqual(usd(0));
  });

  it('inclusive 20 % on 120.00 is 100.00 net + 20.00 tax, and the total stays 120.00', async () => {
    const a = await t.tenant('Inclusive');
    await rate(a, { code: 'VATI', percentage: 20, inclusive: true });
    const inv = await bill(a, (await customer(a)).id, [12000]);
    expect(inv).toMatchObject({ sub_total: usd(12000), tax_amount: usd(2000), total: usd(12000) });
    expect(inv.tax_details[0]).toMatchObject({ inclusive: true, taxable_amount: usd(10000), amount: usd(2000) });
  });

  it("an exempt customer pays none; a customer's override beats a price's, which beats the automatic rates", async () => {
    const a = await t.tenant('Overrides');
    await rate(a, { code: 'AUTO', percentage: 20 });
    await rate(a, { code: 'LOW', percentage: 5, active: false });
    const mid = await rate(a, { code: 'MID', percentage: 10, active: false });
    const exempt = await customer(a, { override_taxes: [] });
    expect(await bill(a, exempt.id, [10000])).toMatchObject({ tax_amount: usd(0), tax_details: [], total: usd(10000) });
    // an override names rates whatever their active flag
    const own = await customer(a, { override_taxes: [{ tax_id: 'LOW' }] });
    expect((await bill(a, own.id, [10000])).tax_amount).toEqual(usd(500));

    const product = await ok(await a.post('/products', { name: 'Setup' }), 200);
    const priced = await ok(
      await a.post('/pricing', {
        product_id: product.id,
        name: 'Setup',
        currency: 'USD',
        pricing_type: 'FIXED',
        type: 'ONETIME',
        fixed_price: { price_per_unit: 10000 },
        override_taxes: [{ tax_id: mid.id }],
      }),
      200,
    );
    const plain = await customer(a);
    const withPrice = async (c: any) =>
      ok(
        await a.get(
          `/invoices/${(await ok(await a.post('/one_times', { customer_id: c.id, type: 'IMMEDIATE', onetime_items: [{ product_pricing_id: priced.id }, { custom_price: { amount: usd(10000) } }] }), 201))[0].invoice_uuid}`,
        ),
        200,
      );
    // the price's line takes MID (10 %), the custom line the automatic 20 %
    expect(lineTaxes(await withPrice(plain))).toEqual([1000, 2000]);
    // the customer's override wins on both lines: 5 % each
    expect(lineTaxes(await withPrice(own))).toEqual([500, 500]);
    expect(lineTaxes(await withPrice(exempt))).toEqual([0, 0]);
  });

  it('discounts come off before tax (spread over the lines); credits apply after tax', async () => {
    const a = await t.tenant('Discounts');
    await rate(a, { code: 'VAT', percentage: 20 });
    const c = await customer(a);
    // 10.00 off 30.00 + 20.00 + 20.00: shares 4.29 (4.28 with the remainder), 2.86, 2.86 → taxable 25.72, 17.14, 17.14
    const inv = await bill(a, c.id, [3000, 2000, 2000], { discounts: [{ name: '10 off', type: 'DISCOUNT_AMOUNT', amount: usd(1000) }] });
    expect(lineTaxes(inv)).toEqual([514, 343, 343]);
    expect(inv).toMatchObject({ sub_total: usd(7000), discount_total: usd(1000), tax_amount: usd(1200), total: usd(7200) });

    await ok(await a.post('/credits', { customer_id: c.id, name: 'Prepaid', type: 'AMOUNT', amount: usd(5000) }), 201);
    const credited = await bill(a, c.id, [10000]);
    // 100.00 + 20.00 tax − 50.00 of credits
    expect(credited).toMatchObject({ tax_amount: usd(2000), credits_applied: usd(5000), total: usd(7000), due: usd(7000) });
  });

  it('a prorated change: the credit line carries negative tax; the preview shows taxes only with include_taxes', async () => {
    const a = await t.tenant('Proration');
    await rate(a, { code: 'VAT', percentage: 20 });
    const c = await customer(a);
    const product = await ok(await a.post('/products', { name: 'Seats' }), 200);
    const p = await ok(
      await a.post('/pricing', {
        product_id: product.id,
        name: 'Seat',
        currency: 'USD',
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 3000 },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
      200,
    );
    const seats = (n: number) => [{ product_metric_pricing_id: p.product_metric_pricings[0].id, num_licenses: n }];
    clock.set(new Date(iso('2033-04-01')));
    const sub = await ok(
      await a.post('/subscriptions', {
        customer_id: c.id,
        product_pricing_ids: [p.id],
        config_items: seats(1),
        start_date: iso('2033-04-01'),
      }),
      200,
    );
    const next = (include?: boolean) =>
      a.post('/invoices/next', {
        currency: 'USD',
        customer_id: c.id,
        subscription_id: sub.id,
        ...(include === undefined ? {} : { include_taxes: include }),
      });
    expect(await ok(await next(true), 200)).toMatchObject({ sub_total: usd(3000), tax_amount: usd(600), total: usd(3600) });
    const plain = await ok(await next(), 200);
    expect(plain).toMatchObject({ tax_amount: usd(0), tax_details: [], total: usd(3000) });
    expect((await ok(await next(false), 200)).total).toEqual(usd(3000));
    await t.app.get(BillingRunService).run(new Date(iso('2033-04-01')), { companyIds: [a.companyId] });

    // Apr 16: 15 of 30 days left, 1 → 2 seats at once: −round(3000 × 15/30) = −1500 and round(6000 × 15/30) = 3000
    clock.set(new Date(iso('2033-04-16')));
    await ok(await a.post(`/subscriptions/${sub.id}/change`, { config_items: seats(2), proration_type: 'IMMEDIATE' }), 200);
    await t.app.get(BillingRunService).run(new Date(iso('2033-04-16')), { companyIds: [a.companyId] });
    const rows: { uuid: string }[] = await t.dataSource.query(
      'SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date',
      [a.companyId, sub.id],
    );
    const [first, change] = await Promise.all(rows.map(async (r) => ok(await a.get(`/invoices/${r.uuid}`), 200)));
    expect(first).toMatchObject({ tax_amount: usd(600), total: usd(3600) });
    expect(change.items.map((l: any) => [l.amount.value_in_cents, l.tax_amount.value_in_cents])).toEqual([
      [-1500, -300],
      [3000, 600],
    ]);
    expect(change).toMatchObject({ sub_total: usd(1500), tax_amount: usd(300), total: usd(1800) });
  });

  it('a rate on a finalized invoice cannot change its percentage (409), and the invoice keeps it; a draft takes the rate as it stands', async () => {
    const a = await t.tenant('Frozen');
    const vat = await rate(a, { code: 'VAT', percentage: 20 });
    const c = await customer(a);
    const draft = await draftInvoice(t, a, c.id, T0);
    // on a draft only: the rate may still change, and the draft follows it when finalized
    expect(draft).toMatchObject({ tax_amount: usd(140), total: usd(840) });
    await ok(await a.patch('/taxes/VAT', { percentage: 10 }), 200);
    const finalized = await ok(await a.post(`/invoices/${draft.uuid}/finalize`, {}), 200);
    expect(finalized).toMatchObject({ status: 'PENDING', tax_amount: usd(70), total: usd(770) });
    expect(finalized.tax_details[0]).toMatchObject({ percentage: 10, amount: usd(70) });

    expectError(await a.patch('/taxes/VAT', { percentage: 25 }), 409, 'request_error', 'tax_in_use');
    expectError(await a.patch(`/taxes/${vat.id}`, { inclusive: true }), 409, 'request_error', 'tax_in_use');
    // the name, description and active flag still change; the invoice keeps its copy
    await ok(await a.patch('/taxes/VAT', { name: 'Old VAT', active: false }), 200);
    await rate(a, { code: 'VAT25', percentage: 25 });
    const again = await ok(await a.get(`/invoices/${draft.uuid}`), 200);
    expect(again).toMatchObject({ tax_amount: usd(70), total: usd(770) });
    expect(again.tax_details[0]).toMatchObject({ name: 'VAT', percentage: 10 });
    expect((await bill(a, c.id, [1000])).tax_amount).toEqual(usd(250));
  });

  it("another company's rates never reach this company's invoices", async () => {
    const a = await t.tenant('Isolated A');
    const b = await t.tenant('Isolated B');
    const vat = await rate(a, { code: 'VAT', percentage: 20 });
    expect((await bill(b, (await customer(b)).id, [10000])).tax_amount).toEqual(usd(0));
    expectError(await b.post('/customers', { override_taxes: [{ tax_id: vat.id }] }), 400, 'validation_error');
  });

  it('invoices/find filters has_tax and ranges tax_amount', async () => {
    const a = await t.tenant('Find');
    await rate(a, { code: 'VAT', percentage: 20 });
    const taxed = await bill(a, (await customer(a)).id, [1000]);
    const big = await bill(a, (await customer(a)).id, [5000]);
    const exempt = await bill(a, (await customer(a, { override_taxes: [] })).id, [1000]);
    const find = async (query: Record<string, unknown>) =>
      (await ok(await a.post('/invoices/find', { query, sort_key: 'createdAtAsc' }), 200)).results.map((r: any) => r.uuid);
    expect(await find({ has_tax: true })).toEqual([taxed.uuid, big.uuid]);
    expect(await find({ has_tax: false })).toEqual([exempt.uuid]);
    expect(await find({ tax_amount: { gt: 200 } })).toEqual([big.uuid]);
    expect(await find({ tax_amount: { eq: 200 } })).toEqual([taxed.uuid]);
  });

  it("a partial refund records its share of the invoice's tax; the whole refund gives back the whole tax", async () => {
    const a = await t.tenant('Refunds');
    await rate(a, { code: 'VAT', percentage: 20 });
    const inv = await bill(a, (await customer(a)).id, [10000]);
    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(12000), provider_type: 'WIRE' }), 200);
    const page = await ok(
      await a.post('/payments/transactions/find', {
        pagination: { limit: 10 },
        query: { invoice_uuid: inv.uuid, transaction_type: 'PAYMENT' },
      }),
      200,
    );
    const pay = page.results[0];
    await ok(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(5000) }), 200);
    await ok(await a.post(`/payments/transactions/${pay.id}/refund`, { amount: usd(7000) }), 200);
    const shares = await t.dataSource.query(
      `SELECT amount_cents::int AS amount, tax_refunded_cents::int AS tax FROM invoice_ledger_entries
       WHERE company_id = $1 AND invoice_id = $2 AND kind = 'PAYMENT_REFUNDED' ORDER BY id`,
      [a.companyId, inv.id],
    );
    // round(5000 × 2000 / 12000) = round(833.33) = 833; then round(12000 × 2000 / 12000) − 833 = 1167
    expect(shares).toEqual([
      { amount: 5000, tax: 833 },
      { amount: 7000, tax: 1167 },
    ]);
  });

  it('POST /reports/taxes: per rate and currency, taxable, invoiced, refunded and net, as JSON and CSV; another company sees none', async () => {
    const a = await t.tenant('Tax report');
    const b = await t.tenant('Tax report B');
    const vat = await rate(a, { name: 'VAT', code: 'VAT', percentage: 20 });
    const c = await customer(a);
    await bill(a, c.id, [10000]);
    const refunded = await bill(a, c.id, [10000]);
    await ok(await a.post(`/invoices/${refunded.uuid}/mark_paid`, { amount: usd(12000), provider_type: 'WIRE' }), 200);
    const pays = await ok(
      await a.post('/payments/transactions/find', {
        pagination: { limit: 10 },
        query: { invoice_uuid: refunded.uuid, transaction_type: 'PAYMENT' },
      }),
      200,
    );
    await ok(await a.post(`/payments/transactions/${pays.results[0].id}/refund`, { amount: usd(5000) }), 200);
    const body = { from: '2033-03-01T00:00:00Z', to: '2033-04-01T00:00:00Z' };
    const report = await ok(await a.post('/reports/taxes', body), 200);
    // two invoices of 100.00 at 20 %: 200.00 taxable, 40.00 invoiced; 50.00 of 120.00 refunded: round(833.33) = 8.33 back
    expect(report).toEqual({
      from: '2033-03-01T00:00:00.000Z',
      to: '2033-04-01T00:00:00.000Z',
      results: [
        {
          tax_id: vat.id,
          code: 'VAT',
          name: 'VAT',
          percentage: 20,
          inclusive: false,
          currency: 'USD',
          taxable: 20000,
          tax_invoiced: 4000,
          tax_refunded: 833,
          net: 3167,
        },
      ],
    });
    const csv = await a.post('/reports/taxes', body).set('Accept', 'text/csv').expect(200);
    expect(csv.text.trim().split('\n')).toEqual([
      'tax_id,code,name,percentage,inclusive,currency,taxable,tax_invoiced,tax_refunded,net',
      `${vat.id},VAT,VAT,20,false,USD,20000,4000,833,3167`,
    ]);
    expect((await ok(await b.post('/reports/taxes', body), 200)).results).toEqual([]);
    expectError(await a.post('/reports/taxes', { from: body.to, to: body.from }), 400, 'validation_error');
  });

  it('a usage draft is taxed again with the rates as they stand when the run finalizes it', async () => {
    const a = await t.tenant('Usage draft');
    await rate(a, { code: 'VAT', percentage: 20 });
    const c = await customer(a);
    const item = await ok(await a.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }), 200);
    const metric = await ok(
      await a.post('/billable_metrics', {
        item_id: item.id,
        name: 'Calls',
        metering_rule: { aggregator: 'SUM', property: 'units', group_keys: [] },
      }),
      200,
    );
    const product = await ok(await a.post('/products', { name: 'API' }), 200);
    const usage = await ok(
      await a.post('/pricing', {
        product_id: product.id,
        name: 'Calls',
        currency: 'USD',
        item_id: item.id,
        metric_id: metric.id,
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 10 },
        billing_frequency: { count: 1, frequency: 'MONTH' },
      }),
      200,
    );
    clock.set(new Date(iso('2033-06-01')));
    const sub = await ok(
      await a.post('/subscriptions', { customer_id: c.id, product_pricing_ids: [usage.id], start_date: iso('2033-06-01') }),
      200,
    );
    await ok(
      await a.post('/events/ingest', {
        events: [
          { customer_id: c.id, item_id: item.id, transaction_id: 'tx-usage-1', timestamp: iso('2033-06-10'), properties: { units: 100 } },
        ],
      }),
      200,
    );
    const run = (at: string) => {
      clock.set(new Date(at));
      return t.app.get(BillingRunService).run(new Date(at), { companyIds: [a.companyId] });
    };
    await run('2033-07-01T00:10:00.000Z');
    const [row] = await t.dataSource.query('SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2', [
      a.companyId,
      sub.id,
    ]);
    // 100 calls × 10 = 1000; 20 % = 200 while a draft
    expect(await ok(await a.get(`/invoices/${row.uuid}`), 200)).toMatchObject({ status: 'DRAFT', tax_amount: usd(200), total: usd(1200) });
    await ok(await a.patch('/taxes/VAT', { percentage: 10 }), 200);
    await run('2033-07-01T01:00:00.000Z');
    // finalized with the rate as it stands: 10 % = 100
    expect(await ok(await a.get(`/invoices/${row.uuid}`), 200)).toMatchObject({
      status: 'PENDING',
      tax_amount: usd(100),
      total: usd(1100),
    });
  });
});
