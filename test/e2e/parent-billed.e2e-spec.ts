import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createProduct, monthlySeatPricing, ok, usd, webhookEvents } from '../support/fixtures';
import { pdfText } from '../support/system-tools';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * Parent-billed subscriptions: a child's subscription with `parent_billed` is invoiced to the
 * child (`customer_id`) and billed to its direct parent (`billed_customer_id`): charged to the
 * parent's default card (never the child's), the parent's credits apply, the page, PDF and
 * portals show both parties; a later change of parent changes who pays from the next invoice on.
 *
 * The plan: 3 seats at 49.00 a month = 14,700 cents an invoice.
 */
const MARCH = new Date('2027-03-01T00:00:00.000Z');
const APRIL = new Date('2027-04-01T00:00:00.000Z');
const MAY = new Date('2027-05-01T00:00:00.000Z');

describe('parent-billed subscriptions', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(MARCH);
  let seats: any;

  const attach = async (customerId: string, token: string) => ok(await a.post(`/customers/${customerId}/payment_methods`, { token }));
  const subscribe = async (customerId: string, extra: Record<string, unknown> = {}) =>
    ok(
      await a.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }],
        start_date: MARCH.toISOString(),
        ...extra,
      }),
    );
  const bill = async (at: Date) => {
    clock.set(at);
    await t.app.get(BillingRunService).run(at, { companyIds: [a.companyId] });
    await t.app.get(AutoChargeService).settle();
  };
  const invoicesOf = async (query: Record<string, unknown>, tenant: Tenant = a) =>
    (await ok(await tenant.post('/invoices/find', { query, sort_key: 'createdAtAsc' }))).results as any[];
  const pathOf = (url: string) => new URL(url, 'http://127.0.0.1').pathname;
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  const portalText = async (customerId: string) => {
    const { url } = await ok(await a.post(`/customer_dashboards/${customerId}/portal`));
    const res = await request(t.http).get(pathOf(url)).expect(200);
    return res.text as string;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const product = await createProduct(a, { name: 'Team plan' });
    seats = await monthlySeatPricing(a, product.id, 'Team seats', 4900);
  });
  afterAll(() => t.close());

  it('refuses parent_billed on a customer without a parent (create and PATCH), and accepts it with one', async () => {
    const orphan = await createCustomer(a);
    const res = await a.post('/subscriptions', {
      customer_id: orphan.id,
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 1 }],
      parent_billed: true,
    });
    expect(expectError(res, 400, 'validation_error', 'invalid_field').validation_errors).toHaveProperty(['parent_billed']);
    const sub = await subscribe(orphan.id);
    const patch = await a.patch(`/subscriptions/${sub.id}`, { parent_billed: true });
    expect(expectError(patch, 400, 'validation_error', 'invalid_field').validation_errors).toHaveProperty(['parent_billed']);
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).parent_billed).toBe(false);

    const parent = await createCustomer(a);
    const child = await createCustomer(a, { parent_customer_id: parent.id });
    expect((await subscribe(child.id, { parent_billed: true })).parent_billed).toBe(true);
  });

  it("bills the parent: its card (never the child's), its credits; the child's credit untouched; payer follows the parent", async () => {
    const parent = await createCustomer(a, { name: 'Parent Holdings' });
    const parentCard = await attach(parent.id, 'tok_visa');
    const child = await createCustomer(a, { name: 'Child Shop', parent_customer_id: parent.id });
    // the child's own card declines: a charge on it could never make the invoice PAID
    const childCard = await attach(child.id, 'tok_chargeDeclined');
    await ok(await a.post('/credits', { customer_id: parent.id, name: 'Parent credit', type: 'AMOUNT', amount: usd(5000) }), 201);
    await ok(await a.post('/credits', { customer_id: child.id, name: 'Child credit', type: 'AMOUNT', amount: usd(1000) }), 201);
    const sub = await subscribe(child.id, { parent_billed: true, auto_charges: true, payment_method_id: childCard.id });

    await bill(MARCH);
    const [march] = await invoicesOf({ subscription_id: sub.id });
    // 14,700 − 5,000 of the parent's credit = 9,700, paid with the parent's card
    expect(march).toMatchObject({
      customer_id: child.id,
      billed_customer_id: parent.id,
      status: 'PAID',
      sub_total: usd(14700),
      credits_applied: usd(5000),
      total: usd(9700),
      paid: usd(9700),
      due: usd(0),
    });
    expect(march.customer.id).toBe(child.id);
    expect(march.billed_customer.id).toBe(parent.id);
    const got = await ok(await a.get(`/invoices/${march.uuid}`));
    expect(got.billed_customer).toMatchObject({ id: parent.id, name: 'Parent Holdings' });
    const attempts = await t.dataSource.query(
      'SELECT customer_id, payment_method_id, status FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2',
      [a.companyId, march.id],
    );
    expect(attempts).toEqual([{ customer_id: parent.id, payment_method_id: parentCard.id, status: 'SUCCEEDED' }]);
    const credits = await ok(await a.post('/credits/find', { query: { customer_id: child.id } }));
    expect(credits.results.map((c: any) => c.amount)).toEqual([usd(1000)]);

    // invoices/find by billed_customer_id: the parent's, not the child's
    expect((await invoicesOf({ billed_customer_id: parent.id })).map((i) => i.uuid)).toEqual([march.uuid]);
    expect(await invoicesOf({ billed_customer_id: child.id })).toEqual([]);
    expect(await invoicesOf({ billed_customer_id: parent.id }, b)).toEqual([]);

    // another parent from April on: April is billed to it; March keeps its payer
    const other = await createCustomer(a, { name: 'Other Parent' });
    const otherCard = await attach(other.id, 'tok_visa');
    await ok(await a.patch(`/customers/${child.id}`, { parent_customer_id: other.id }));
    await bill(APRIL);
    // no parent from May on: the child pays its own invoice, with its own credit and its subscription's card (which declines)
    await ok(await a.patch(`/customers/${child.id}`, { parent_customer_id: null }));
    await bill(MAY);
    const all = await invoicesOf({ subscription_id: sub.id });
    expect(all.map((i) => [i.billed_customer_id, i.status, i.total.value_in_cents])).toEqual([
      [parent.id, 'PAID', 9700],
      [other.id, 'PAID', 14700],
      // the child's own 1,000 credit applies once the child pays: 14,700 − 1,000
      [child.id, 'PENDING', 13700],
    ]);
    const april = await t.dataSource.query('SELECT payment_method_id FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2', [
      a.companyId,
      all[1].id,
    ]);
    expect(april).toEqual([{ payment_method_id: otherCard.id }]);
    const may = await t.dataSource.query(
      'SELECT payment_method_id, status FROM payment_attempts WHERE company_id = $1 AND invoice_id = $2 ORDER BY sequence',
      [a.companyId, all[2].id],
    );
    expect(may[0]).toMatchObject({ payment_method_id: childCard.id });
  });

  it('the page and PDF show "Billed to" the parent and "For" the child; the portals: parent pays, child reads', async () => {
    clock.set(MARCH);
    const parent = await createCustomer(a, { name: 'Group Parent', email: 'ap@parent.example' });
    const child = await createCustomer(a, { name: 'Group Child', email: 'it@child.example', parent_customer_id: parent.id });
    const sub = await subscribe(child.id, { parent_billed: true, auto_charges: false });
    await bill(MARCH);
    const [inv] = await invoicesOf({ subscription_id: sub.id });
    expect(inv).toMatchObject({ status: 'PENDING', billed_customer_id: parent.id, total: usd(14700) });

    const page = text((await request(t.http).get(pathOf(inv.hosted_link)).expect(200)).text);
    expect(page).toMatch(/Billed to Group Parent ap@parent\.example/);
    expect(page).toContain('For Group Child (it@child.example)');
    const pdf = await request(t.http)
      .get(pathOf(inv.pdf_link))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const pdfLines = pdfText(pdf.body as Buffer);
    expect(pdfLines).toContain('Billed to');
    expect(pdfLines).toContain('Group Parent');
    expect(pdfLines).toMatch(/For\s+Group Child \(it@child\.example\)/);

    const number = String(inv.number);
    const parentPortal = await portalText(parent.id);
    const parentRow = parentPortal.slice(parentPortal.indexOf(`>${number}<`));
    expect(parentRow).toContain('For Group Child');
    expect(parentRow.slice(0, parentRow.indexOf('</tr>'))).toContain('class="pay-link"');
    const childPortal = await portalText(child.id);
    const childRow = childPortal.slice(childPortal.indexOf(`>${number}<`));
    expect(childRow).toContain('Billed to Group Parent');
    const row = childRow.slice(0, childRow.indexOf('</tr>'));
    expect(row).not.toContain('pay-link');
    expect(row).not.toContain(pathOf(inv.hosted_link) + '"');
    expect(row).toContain('PDF');

    // the invoice.created event carries it as GET answers it: billed to the parent
    const events = await webhookEvents(a, inv.id, ['invoice.created']);
    expect(events.map((e) => [e.data.object.billed_customer_id, e.data.object.billed_customer.id])).toEqual([[parent.id, parent.id]]);
    // the preview of the next invoice is billed as the run will bill it
    const next = await ok(await a.post('/invoices/next', { currency: 'USD', customer_id: child.id, subscription_id: sub.id }));
    expect(next).toMatchObject({ customer_id: child.id, billed_customer_id: parent.id, total: usd(14700) });
    // a credit the parent is granted goes to the open invoices it pays: its child's; a credit of the child does not
    await ok(
      await a.post('/credits', {
        customer_id: child.id,
        name: 'Child credit',
        type: 'AMOUNT',
        amount: usd(700),
        apply_to_open_invoices: { enable: true },
      }),
      201,
    );
    expect((await ok(await a.get(`/invoices/${inv.uuid}`))).due).toEqual(usd(14700));
    await ok(
      await a.post('/credits', {
        customer_id: parent.id,
        name: 'Parent credit',
        type: 'AMOUNT',
        amount: usd(4700),
        apply_to_open_invoices: { enable: true },
      }),
      201,
    );
    // 14,700 − 4,700 = 10,000 still due
    expect(await ok(await a.get(`/invoices/${inv.uuid}`))).toMatchObject({ credits_applied: usd(4700), due: usd(10000) });
  });

  it("refuses another company's customer as parent (404), so B cannot bill A's customers", async () => {
    const aParent = await createCustomer(a);
    const bChild = await createCustomer(b);
    const res = await b.patch(`/customers/${bChild.id}`, { parent_customer_id: aParent.id });
    expectError(res, 404, 'request_error', 'not_found');
    const created = await b.post('/customers', { name: 'x', parent_customer_id: aParent.id });
    expectError(created, 404, 'request_error', 'not_found');
  });
});
