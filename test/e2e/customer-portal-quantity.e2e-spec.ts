import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createProduct, createPricing, ok } from '../support/fixtures';
import { expectError } from '../support/errors';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * Seat quantities changed in the customer portal (issue #40): only with the company's
 * `portal_quantity_changes_enabled`, only within the seat price's quantity_config, only on the
 * link's own customer's subscriptions; the change is the API's immediate change with immediate
 * proration, so the billing run writes the same invoice as `POST /subscriptions/{id}/change`.
 * Every refusal is an HTML page with the reason, and changes nothing.
 */
describe('customer portal: seat quantity changes', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const NOW = new Date('2027-03-10T12:00:00.000Z');
  const clock = new FixedClock(NOW);
  let seats: any;
  let seatPmp: string;
  let extras: any;
  let extrasPmp: string;

  const pathOf = (url: string) => new URL(url, 'http://127.0.0.1').pathname;
  const page = (url: string) => request(t.http).get(pathOf(url));
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(t.http).post(pathOf(url)).set(headers).type('form').send(fields);
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');
  const portalLink = async (tenant: Tenant, customer: string) =>
    (await ok(await tenant.post(`/customer_dashboards/${customer}/portal`))).url as string;
  const setSettings = async (tenant: Tenant, settings: Record<string, unknown>) => ok(await tenant.patch('/settings', settings));
  /** 5 seats (2 to 20) and 1 "extras" seat whose quantity only the company sets. */
  const subscribe = async (tenant: Tenant, customerId: string) =>
    ok(
      await tenant.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [seats.id, extras.id],
        config_items: [
          { product_metric_pricing_id: seatPmp, num_licenses: 5, quantity_config: { min_quantity: 2, max_quantity: 20 } },
          { product_metric_pricing_id: extrasPmp, num_licenses: 1, quantity_config: { allow_custom_quantity: false } },
        ],
        start_date: '2027-03-01T00:00:00.000Z',
      }),
    );
  const quantities = async (tenant: Tenant, subId: string) =>
    ((await ok(await tenant.get(`/subscriptions/${subId}`))).config_items as any[]).map((c) => [
      c.product_metric_pricing_id,
      c.num_licenses,
    ]);
  const phaseCount = async (companyId: string, subId: string) =>
    Number(
      (
        await t.dataSource.query('SELECT count(*)::int AS n FROM subscription_phases WHERE company_id = $1 AND subscription_id = $2', [
          companyId,
          subId,
        ])
      )[0].n,
    );
  const change = (subId: string, quantity: string, pmp = seatPmp) => ({
    action: 'change_quantity',
    subscription_id: subId,
    product_metric_pricing_id: pmp,
    quantity,
  });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme');
    b = await t.tenant('Other company');
    const product = await createProduct(a, { name: 'Team plan' });
    seats = await createPricing(a, {
      product_id: product.id,
      name: 'Team seats',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 4900 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    });
    seatPmp = seats.product_metric_pricings[0].id;
    extras = await createPricing(a, {
      product_id: product.id,
      name: 'Admin seats',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 1000 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    });
    extrasPmp = extras.product_metric_pricings[0].id;
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  it('the setting is off by default, documented in the settings answer, and a boolean', async () => {
    expect(await ok(await b.get('/settings'))).toMatchObject({ portal_quantity_changes_enabled: false });
    const e = expectError(await b.patch('/settings', { portal_quantity_changes_enabled: 'yes' }), 400, 'validation_error');
    expect(Object.keys(e.validation_errors!)).toEqual(['portal_quantity_changes_enabled']);
    expect(await ok(await b.get('/settings'))).toMatchObject({ portal_quantity_changes_enabled: false });
  });

  it('disabled: no form, and a posted change is a 403 page that changes nothing', async () => {
    await setSettings(a, { portal_quantity_changes_enabled: false });
    const c = await createCustomer(a);
    const sub = await subscribe(a, c.id);
    const url = await portalLink(a, c.id);
    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain('change_quantity');
    const refused = await form(url, change(sub.id, '8'));
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(text(refused.text)).toContain('Changing quantities in the portal is not enabled: please contact us.');
    expect(await quantities(a, sub.id)).toEqual([
      [seatPmp, 5],
      [extrasPmp, 1],
    ]);
    expect(await phaseCount(a.companyId, sub.id)).toBe(1);
  });

  it('enabled: changes the quantity now; the prorated invoice is the one the API change makes, to the cent', async () => {
    await setSettings(a, { portal_quantity_changes_enabled: true });
    const viaPortal = await createCustomer(a, { name: 'Via portal' });
    const viaApi = await createCustomer(a, { name: 'Via API' });
    // subscribed and first invoiced on Mar 1 (in advance: 5 × 49.00 + 1 × 10.00); changed on Mar 10 at noon
    clock.set(new Date('2027-03-01T00:00:00.000Z'));
    const portalSub = await subscribe(a, viaPortal.id);
    const apiSub = await subscribe(a, viaApi.id);
    await t.app.get(BillingRunService).run(clock.now(), { companyIds: [a.companyId] });
    clock.set(NOW);

    const url = await portalLink(a, viaPortal.id);
    const shown = await page(url);
    expect(shown.text).toContain(`name="product_metric_pricing_id" value="${seatPmp}"`);
    expect(shown.text).not.toContain(`name="product_metric_pricing_id" value="${extrasPmp}"`);
    expect(shown.text).toContain('min="2" max="20" value="5"');
    const done = await form(url, change(portalSub.id, '8'));
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('?done=quantity_changed');
    expect(text((await request(t.http).get(`${pathOf(url)}?done=quantity_changed`)).text)).toContain('The quantity was changed.');
    expect(await quantities(a, portalSub.id)).toEqual([
      [seatPmp, 8],
      [extrasPmp, 1],
    ]);

    await ok(
      await a.post(`/subscriptions/${apiSub.id}/change`, {
        config_items: [
          { product_metric_pricing_id: seatPmp, num_licenses: 8, quantity_config: { min_quantity: 2, max_quantity: 20 } },
          { product_metric_pricing_id: extrasPmp, num_licenses: 1, quantity_config: { allow_custom_quantity: false } },
        ],
        timing: 'IMMEDIATE',
        proration_type: 'IMMEDIATE',
      }),
    );
    // the next billing run writes the change's invoice, dated at the change
    await t.app.get(BillingRunService).run(NOW, { companyIds: [a.companyId] });

    const changeInvoice = async (customerId: string) => {
      const found = (await ok(await a.post('/invoices/find', { query: { customer_id: customerId } }))).results as any[];
      expect(found).toHaveLength(2);
      return found.find((i) => i.items.some((l: any) => l.prorated));
    };
    const fromPortal = await changeInvoice(viaPortal.id);
    const fromApi = await changeInvoice(viaApi.id);
    // Mar 10 12:00 → Apr 1 is 21.5 of March's 31 days (516 of 744 hours), each price credited and charged anew:
    // seats  −round(5 × 4900 × 516/744) = −round(16991.94) = −16992, round(8 × 4900 × 516/744) = round(27187.10) = 27187;
    // admin  −round(1 × 1000 × 516/744) = −round(693.55) = −694, and +694; total 27187 − 16992 = 10195
    const lines = (inv: any) => inv.items.map((l: any) => [l.name, l.quantity, l.amount.value_in_cents, l.prorated]);
    expect(lines(fromPortal)).toEqual([
      ['Unused time: Team seats', 5, -16992, true],
      ['Unused time: Admin seats', 1, -694, true],
      ['Remaining time: Team seats', 8, 27187, true],
      ['Remaining time: Admin seats', 1, 694, true],
    ]);
    expect(fromPortal).toMatchObject({ invoice_date: NOW.toISOString(), total: { value_in_cents: 10195 } });
    expect(lines(fromPortal)).toEqual(lines(fromApi));
    expect(fromPortal.total).toEqual(fromApi.total);
    expect(fromPortal.invoice_date).toBe(fromApi.invoice_date);
  });

  it('out of range, not a number, the same quantity, a price the customer may not change: a 400 page, nothing changed', async () => {
    await setSettings(a, { portal_quantity_changes_enabled: true });
    const c = await createCustomer(a);
    const sub = await subscribe(a, c.id);
    const url = await portalLink(a, c.id);
    for (const [fields, message] of [
      [change(sub.id, '21'), 'Quantity must be between 2 and 20.'],
      [change(sub.id, '1'), 'Quantity must be between 2 and 20.'],
      [change(sub.id, '2.5'), 'Quantity must be a whole number.'],
      [change(sub.id, ''), 'Quantity must be a whole number.'],
      [change(sub.id, '5'), 'Quantity is already 5.'],
      [change(sub.id, '3', extrasPmp), 'Product_metric_pricing_id is not a seat price of this subscription you can change.'],
      [change(sub.id, '3', 'pmp_unknown'), 'Product_metric_pricing_id is not a seat price of this subscription you can change.'],
    ] as const) {
      const res = await form(url, fields);
      expect([res.status, text(res.text)]).toEqual([400, expect.stringContaining(message)]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect(await quantities(a, sub.id)).toEqual([
      [seatPmp, 5],
      [extrasPmp, 1],
    ]);
    expect(await phaseCount(a.companyId, sub.id)).toBe(1);
  });

  it('a scheduled change or a pending cancellation is not overridden from the portal (409); a cross-site post is refused', async () => {
    await setSettings(a, { portal_quantity_changes_enabled: true });
    const c = await createCustomer(a);
    const scheduled = await subscribe(a, c.id);
    await ok(
      await a.post(`/subscriptions/${scheduled.id}/change`, {
        config_items: [{ product_metric_pricing_id: seatPmp, num_licenses: 3 }],
        timing: 'PERIOD_END',
      }),
    );
    const cancelled = await subscribe(a, c.id);
    await ok(await a.post(`/subscriptions/${cancelled.id}/cancel`, { timing: 'PERIOD_END' }));
    const url = await portalLink(a, c.id);
    const shown = await page(url);
    expect(shown.text).not.toContain('change_quantity');
    const pending = await form(url, change(scheduled.id, '8'));
    expect(pending.status).toBe(409);
    expect(text(pending.text)).toContain('A change of this subscription is already scheduled: please contact us.');
    const ending = await form(url, change(cancelled.id, '8'));
    expect(ending.status).toBe(409);
    expect(text(ending.text)).toContain('This subscription is cancelled');
    const crossSite = await form(url, change(cancelled.id, '8'), { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await phaseCount(a.companyId, scheduled.id)).toBe(2);
    expect(await phaseCount(a.companyId, cancelled.id)).toBe(1);
  });

  it("company isolation: a portal link of company B, or of another customer, cannot change company A's subscription", async () => {
    await setSettings(a, { portal_quantity_changes_enabled: true });
    await setSettings(b, { portal_quantity_changes_enabled: true });
    const owner = await createCustomer(a);
    const sub = await subscribe(a, owner.id);
    const neighbour = await createCustomer(a);
    const outsider = await createCustomer(b);
    for (const url of [await portalLink(a, neighbour.id), await portalLink(b, outsider.id)]) {
      const res = await form(url, change(sub.id, '8'));
      expect(res.status).toBe(404);
      expect(text(res.text)).toContain('Subscription not found.');
    }
    expect(await quantities(a, sub.id)).toEqual([
      [seatPmp, 5],
      [extrasPmp, 1],
    ]);
    expect(await phaseCount(a.companyId, sub.id)).toBe(1);
    // and the subscription stays invisible to company B
    expectError(await b.get(`/subscriptions/${sub.id}`), 404, 'request_error', 'not_found');
  });
});
