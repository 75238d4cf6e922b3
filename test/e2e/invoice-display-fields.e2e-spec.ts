/**
 * Additional display fields on invoices: a subscription's `invoice_additional_display_fields`
 * (and a roll-up parent's `child_rollup_billing_config` ones) are copied onto each invoice when it
 * is written, answered as `display_fields` and shown, escaped, among the facts of the hosted page
 * and the PDF (read with poppler's pdftotext). A later change reaches the next invoice only; a
 * usage draft takes the fields as they stand when it is finalized.
 *
 * Seats at 49.00 a month from 1 March 2027: 1 seat = 4,900 on 1 March and on 1 April. Usage at
 * 0.25 a unit in arrears, 8 units in March = 200 on 1 April (a draft until the grace period of
 * an hour has passed). A roll-up parent with one parent-billed child of 2 seats: 9,800 on 1 March.
 */
import request from 'supertest';
import {
  anotherCompany,
  createCustomer,
  createMeter,
  expectOk,
  findInvoices,
  ingest,
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  startScenario,
  subscribe,
  usagePrice,
} from '../scenarios/scenario-kit';
import { expectError } from '../support/errors';
import { loadConfig } from '../../src/platform/config/config';
import { binary, pdfText } from '../support/system-tools';

const FIRST = [
  { name: 'PO number', value: 'PO-7731' },
  { name: 'Cost centre', value: 'R&D <West>' },
];
const SECOND = [{ name: 'PO number', value: 'PO-8120' }];

describe('additional display fields on invoices', () => {
  let s: Scenario;
  const publicUrl = loadConfig().publicUrl;
  const path = (url: string) => url.slice(publicUrl.length);
  const invoice = async (uuid: string) => expectOk(await s.a.get(`/invoices/${uuid}`), 200, 'GET /invoices/{uuid}');

  beforeAll(async () => {
    s = await startScenario('Display Fields Co');
  });
  afterAll(() => s.t.close());

  it("shows the subscription's fields on its invoice, page and PDF; a later change reaches the next invoice only", async () => {
    const seats = await seatPrice(s, 4900);
    const c = await createCustomer(s, 'Field Shop');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 1 }],
      auto_renews: false,
      term: { count: 3, frequency: 'MONTH' },
      start_date: '2027-03-01',
      invoice_additional_display_fields: FIRST,
    });
    await runAt(s, '2027-03-01');
    const [march] = await findInvoices(s, { subscription_id: sub.id });
    const first: any = await invoice(march.uuid);
    expect(first).toMatchObject({ status: 'PENDING', total: { value_in_cents: 4900 }, display_fields: FIRST });

    const html = (await request(s.t.http).get(path(first.hosted_link)).expect(200)).text;
    expect(html).toContain('<dt>PO number</dt><dd>PO-7731</dd>');
    expect(html).toContain('<dt>Cost centre</dt><dd>R&#38;D &#60;West&#62;</dd>');
    expect(html).not.toContain('<West>');
    const text = pdfText((await binary(request(s.t.http).get(path(first.pdf_link))).expect(200)).body as Buffer);
    expect(text).toMatch(/PO number\s+PO-7731/);
    expect(text).toMatch(/Cost centre\s+R&D <West>/);

    await expectOk(await s.a.patch(`/subscriptions/${sub.id}`, { invoice_additional_display_fields: SECOND }), 200, 'PATCH');
    // the invoice written already keeps the fields it was written with
    expect((await invoice(march.uuid)).display_fields).toEqual(FIRST);
    expect((await request(s.t.http).get(path(first.hosted_link)).expect(200)).text).toContain('PO-7731');

    await runAt(s, '2027-04-01');
    const invoices = await findInvoices(s, { subscription_id: sub.id });
    expect(invoices.map((i) => [i.invoice_date, i.total.value_in_cents])).toEqual([
      [iso('2027-03-01'), 4900],
      [iso('2027-04-01'), 4900],
    ]);
    const april: any = await invoice(invoices[1].uuid);
    expect(april.display_fields).toEqual(SECOND);
    const aprilHtml = (await request(s.t.http).get(path(april.hosted_link)).expect(200)).text;
    expect(aprilHtml).toContain('<dt>PO number</dt><dd>PO-8120</dd>');
    expect(aprilHtml).not.toContain('Cost centre');
    expect(pdfText((await binary(request(s.t.http).get(path(april.pdf_link))).expect(200)).body as Buffer)).toMatch(/PO number\s+PO-8120/);

    // another company reads none of it
    const b = await anotherCompany(s, 'Other Co');
    expectError(await b.a.get(`/invoices/${march.uuid}`), 404, 'request_error');
  });

  it('refuses a display field without a name a person can read, or with a value too long', async () => {
    const seats = await seatPrice(s, 4900);
    const c = await createCustomer(s, 'Checked Shop');
    const base = { customer_id: c.id, product_pricing_ids: [seats.id], start_date: iso('2027-03-01') };
    for (const [fields, path] of [
      [[{ name: '', value: 'x' }], 'invoice_additional_display_fields[0].name'],
      [[{ name: 'PO\u202Enumber', value: 'x' }], 'invoice_additional_display_fields[0].name'],
      [[{ name: 'PO', value: 'x'.repeat(1001) }], 'invoice_additional_display_fields[0].value'],
    ] as const) {
      const err = expectError(
        await s.a.post('/subscriptions', { ...base, invoice_additional_display_fields: fields }),
        400,
        'validation_error',
      );
      expect(Object.keys(err.validation_errors ?? {})).toContain(path);
    }
  });

  it('a usage draft takes the fields as they stand when it is finalized', async () => {
    const meter = await createMeter(s, 'Calls');
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 25 } });
    const c = await createCustomer(s, 'Usage Shop');
    const sub = await subscribe(s, {
      customer_id: c.id,
      product_pricing_ids: [usage.id],
      auto_renews: false,
      term: { count: 3, frequency: 'MONTH' },
      start_date: '2027-03-01',
      invoice_additional_display_fields: FIRST,
    });
    await ingest(s, c.id, meter, [['2027-03-10T10:00:00Z', 8]]);
    await runAt(s, '2027-04-01');
    const [draft] = await findInvoices(s, { subscription_id: sub.id });
    expect(draft).toMatchObject({ status: 'DRAFT', invoice_date: iso('2027-04-01'), display_fields: FIRST });
    await expectOk(await s.a.patch(`/subscriptions/${sub.id}`, { invoice_additional_display_fields: SECOND }), 200, 'PATCH');
    await runAt(s, '2027-04-01T01:00:00Z');
    // 8 units at 0.25 = 200
    expect(await invoice(draft.uuid)).toMatchObject({ status: 'PENDING', total: { value_in_cents: 200 }, display_fields: SECOND });
  });

  it("shows a roll-up parent's config fields on the roll-up invoice (not its child's)", async () => {
    const rs = await anotherCompany(s, 'Rollup Fields Co');
    const parent = await createCustomer(rs, 'Parent Group');
    const config = {
      frequency: 'MONTH',
      start_date: iso('2027-03-01'),
      auto_charges: false,
      invoice_additional_display_fields: [{ name: 'Contract', value: 'MSA-2027/04' }],
    };
    const patched = await expectOk(
      await rs.a.patch(`/customers/${parent.id}`, { child_rollup_billing: true, child_rollup_billing_config: config }),
      200,
      'PATCH /customers/{id}',
    );
    expect(patched.child_rollup_billing_config.invoice_additional_display_fields).toEqual(config.invoice_additional_display_fields);
    const child = await expectOk(
      await rs.a.post('/customers', {
        name: 'Child Shop',
        identifier: `child-${Math.random().toString(36).slice(2, 8)}`,
        parent_customer_id: parent.id,
      }),
      201,
      'POST /customers',
    );
    const seats = await seatPrice(rs, 4900);
    await subscribe(rs, {
      customer_id: child.id,
      parent_billed: true,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: 2 }],
      auto_renews: false,
      term: { count: 3, frequency: 'MONTH' },
      start_date: '2027-03-01',
      invoice_additional_display_fields: FIRST,
    });
    await runAt(rs, '2027-03-01');
    const [rollup] = await findInvoices(rs, { customer_id: parent.id });
    const full: any = await expectOk(await rs.a.get(`/invoices/${rollup.uuid}`), 200, 'GET /invoices/{uuid}');
    expect(full).toMatchObject({ total: { value_in_cents: 9800 }, display_fields: config.invoice_additional_display_fields });
    const html = (await request(rs.t.http).get(path(full.hosted_link)).expect(200)).text;
    expect(html).toContain('<dt>Contract</dt><dd>MSA-2027/04</dd>');
    expect(html).not.toContain('PO-7731');
    const text = pdfText((await binary(request(rs.t.http).get(path(full.pdf_link))).expect(200)).body as Buffer);
    expect(text).toMatch(/Contract\s+MSA-2027\/04/);
    expectError(await s.a.get(`/invoices/${rollup.uuid}`), 404, 'request_error');
  });
});
