import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createCustomer, createProduct, createPricing, createUsageItem, ok, UsageItem } from '../support/fixtures';
import { expectError } from '../support/errors';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

/**
 * The customer portal and the usage page (#15): links (answers, expiry, isolation), the portal's
 * content (escaped), its card forms and the cancellation at period end (only when the company
 * allows it), and the usage page's numbers against `POST /subscriptions/{id}/usage`.
 */
describe('customer portal and usage page', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const NOW = new Date('2027-03-10T12:00:00.000Z');
  const clock = new FixedClock(NOW);
  let seats: any;
  let calls: any;
  let usage: UsageItem;

  const pathOf = (url: string) => {
    const u = new URL(url, 'http://127.0.0.1');
    return u.pathname + u.search;
  };
  const page = (url: string) => request(t.http).get(pathOf(url));
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(t.http).post(pathOf(url)).set(headers).type('form').send(fields);
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  const portalLink = async (tenant: Tenant, customer: string) =>
    (await ok(await tenant.post(`/customer_dashboards/${customer}/portal`))).url as string;
  const usageLink = async (tenant: Tenant, customer: string) =>
    (await ok(await tenant.post(`/customer_dashboards/${customer}/usage`))).url as string;
  const setSettings = async (tenant: Tenant, settings: Record<string, unknown>) => ok(await tenant.patch('/settings', settings));
  const subscribe = async (customerId: string, extra: Record<string, unknown> = {}) =>
    ok(
      await a.post('/subscriptions', {
        customer_id: customerId,
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 3 }],
        start_date: '2027-03-01T00:00:00.000Z',
        ...extra,
      }),
    );
  const cards = async (customerId: string) => (await ok(await a.get(`/customers/${customerId}/payment_methods`))) as any[];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme <Billing> & Co');
    b = await t.tenant('Other company');
    const product = await createProduct(a, { name: 'Team plan' });
    seats = await createPricing(a, {
      product_id: product.id,
      name: 'Team <b>seats</b>',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 4900 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    });
    usage = await createUsageItem(a, 'Storage');
    calls = await createPricing(a, {
      product_id: product.id,
      name: 'Storage',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 1 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
      item_id: usage.itemId,
      metric_id: usage.metricId,
    });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(NOW));

  describe('links', () => {
    it('answers a portal and a usage link, by id or identifier, expiring after 24 hours', async () => {
      const c = await createCustomer(a, { identifier: 'links-1' });
      const portal = await ok(await a.post(`/customer_dashboards/${c.id}/portal`));
      expect(portal).toEqual({ url: expect.any(String), link: portal.url, expires_at: '2027-03-11T12:00:00.000Z' });
      expect(portal.url).toMatch(new RegExp(`^http://[^/]+/portal/${a.companyId}_[A-Za-z0-9_-]{43}$`));
      const byIdentifier = await ok(await a.post('/customer_dashboards/links-1/usage'));
      expect(byIdentifier.url).toMatch(new RegExp(`^http://[^/]+/usage/${a.companyId}_[A-Za-z0-9_-]{43}$`));
      expect(byIdentifier.url).not.toBe(portal.url.replace('/portal/', '/usage/'));
      // only the secret's SHA-256 is stored
      const rows = await t.dataSource.query(
        'SELECT token_hash, kind FROM customer_portal_links WHERE company_id = $1 AND customer_id = $2',
        [a.companyId, c.id],
      );
      expect(rows.map((r: any) => r.kind).sort()).toEqual(['PORTAL', 'USAGE']);
      const secret = portal.url.split('/').pop();
      for (const r of rows) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(secret.slice(-43));

      expect((await page(portal.url)).status).toBe(200);
      clock.set(new Date('2027-03-11T11:59:59.000Z'));
      expect((await page(portal.url)).status).toBe(200);
      clock.set(new Date('2027-03-11T12:00:00.000Z'));
      const gone = await page(portal.url);
      expect(gone.status).toBe(410);
      expect(gone.text).toContain('This billing portal link has expired');
      expect((await page(byIdentifier.url)).status).toBe(410);
      expect(await form(portal.url, { action: 'add_card', payment_token: 'tok_visa' }).then((r) => r.status)).toBe(410);
      expect(await cards(c.id)).toHaveLength(0);
    });

    it('404 for an unknown customer and for a customer of another company; a link opens only its own page', async () => {
      const c = await createCustomer(a);
      expectError(await a.post('/customer_dashboards/cus_nobody/portal'), 404, 'request_error', 'not_found');
      expectError(await a.post(`/customer_dashboards/${c.id}/portal`, { expires_in: 60 }), 400, 'validation_error');
      await ok(await a.post(`/customer_dashboards/${c.id}/usage`, {}));
      expectError(await b.post(`/customer_dashboards/${c.id}/portal`), 404, 'request_error', 'not_found');
      expectError(await b.post(`/customer_dashboards/${c.id}/usage`), 404, 'request_error', 'not_found');
      const portal = await portalLink(a, c.id);
      const usageUrl = await usageLink(a, c.id);
      // a portal secret does not open the usage page, nor the reverse
      expect((await page(portal.replace('/portal/', '/usage/'))).status).toBe(404);
      expect((await page(usageUrl.replace('/usage/', '/portal/'))).status).toBe(404);
      // the same secret under another company's id opens nothing
      expect((await page(portal.replace(a.companyId, b.companyId))).status).toBe(404);
      const res = await page(`/portal/${a.companyId}_${'x'.repeat(43)}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect((await page('/portal/not-a-secret')).status).toBe(404);
    });
  });

  describe('portal page', () => {
    it('shows subscriptions, invoices and cards, escaped, not framable, readable without script', async () => {
      const c = await createCustomer(a, { name: '<script>alert(1)</script> Jane', email: 'jane@example.test' });
      await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
      const sub = await subscribe(c.id, { auto_charges: true });
      await t.app.get(BillingRunService).run(NOW, { companyIds: [a.companyId] });
      const invoices = (await ok(await a.post('/invoices/find', { query: { customer_id: c.id } }))).results;
      expect(invoices.length).toBeGreaterThan(0);

      const res = await page(await portalLink(a, c.id));
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("form-action 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).not.toMatch(/<script|<b>seats/);
      expect(res.text).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Jane');
      expect(res.text).toContain('Acme &#60;Billing&#62; &#38; Co');
      const body = text(res.text);
      expect(body).toContain('Team &#60;b&#62;seats&#60;/b&#62;');
      expect(body).toContain(`$147.00 a month`);
      expect(body).toContain(`Next invoice`);
      expect(body).toContain('1 April 2027');
      expect(body).toContain('Visa •••• 4242');
      expect(body).toContain('Default');
      for (const inv of invoices) {
        expect(body).toContain(String(inv.number));
        // every final invoice answers its page and PDF links; the portal links to both, and they open
        expect(inv.hosted_link).toEqual(expect.any(String));
        expect(inv.pdf_link).toEqual(expect.any(String));
        expect(res.text).toContain(`href="${inv.hosted_link}"`);
        expect(res.text).toContain(`href="${inv.pdf_link}"`);
        expect((await page(inv.hosted_link)).status).toBe(200);
      }
      expect(sub.mrr.value_in_cents).toBe(14700);
      // every control has a label
      expect(res.text).toContain('<label for="payment_token">');
      // no cancel form: the company has not enabled it
      expect(res.text).not.toContain('cancel_subscription');
      // the default card is used by an auto-charging subscription: no remove button
      expect(res.text).not.toContain('value="remove_card"');
    });
    it("shows the company's display name, support e-mail and accent colour from its settings", async () => {
      const c = await createCustomer(a);
      await setSettings(a, { display_name: 'Acme Cloud <x>', support_email: 'billing@acme.test', accent_color: '#0f766e' });
      try {
        for (const url of [await portalLink(a, c.id), await usageLink(a, c.id)]) {
          const html = (await page(url)).text;
          expect(html).toContain('<span class="company">Acme Cloud &#60;x&#62;</span>');
          expect(html).not.toContain('Acme &#60;Billing&#62;');
          expect(html).toContain(':root{--brand:#0f766e;');
        }
        expect((await page(await portalLink(a, c.id))).text).toContain('href="mailto:billing@acme.test"');
      } finally {
        await setSettings(a, { display_name: null, support_email: null, accent_color: null });
      }
    });
  });

  describe('cards', () => {
    it('adds a sandbox card, makes another the default, removes one not in use', async () => {
      const c = await createCustomer(a);
      const url = await portalLink(a, c.id);
      const added = await form(url, { action: 'add_card', payment_token: 'tok_visa' });
      expect(added.status).toBe(303);
      expect(added.headers.location).toBe('?done=card_added');
      expect(text((await page(`${url}?done=card_added`)).text)).toContain('Your card was added.');
      await form(url, { action: 'add_card', payment_token: 'tok_visa' }).expect(303);
      let list = await cards(c.id);
      expect(list).toHaveLength(2);
      expect(list.map((m) => m.default)).toEqual([true, false]);

      await form(url, { action: 'make_default', payment_method_id: list[1].id }).expect(303).expect('location', '?done=default_set');
      list = await cards(c.id);
      expect(list.map((m) => m.default)).toEqual([false, true]);

      const html = (await page(url)).text;
      expect(html).toContain(`name="payment_method_id" value="${list[0].id}"`);
      await form(url, { action: 'remove_card', payment_method_id: list[0].id }).expect(303).expect('location', '?done=card_removed');
      expect((await cards(c.id)).map((m) => m.id)).toEqual([list[1].id]);
    });

    it('refuses a card in use, a card of another customer, an unknown token and a cross-site post; nothing changes', async () => {
      const c = await createCustomer(a);
      const other = await createCustomer(a);
      const first = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
      const second = await ok(await a.post(`/customers/${c.id}/payment_methods`, { token: 'tok_visa' }));
      const theirs = await ok(await a.post(`/customers/${other.id}/payment_methods`, { token: 'tok_visa' }));
      await subscribe(c.id, { payment_method_id: second.id });
      const url = await portalLink(a, c.id);

      const inUse = await form(url, { action: 'remove_card', payment_method_id: second.id });
      expect(inUse.status).toBe(409);
      expect(inUse.text).toContain('role="alert"');
      expect(text(inUse.text)).toContain('A live subscription uses this payment method.');
      const notTheirs = await form(url, { action: 'make_default', payment_method_id: theirs.id });
      expect(notTheirs.status).toBe(404);
      expect(text(notTheirs.text)).toContain('Payment method not found.');
      const badToken = await form(url, { action: 'add_card', payment_token: 'tok_<x>' });
      expect(badToken.status).toBe(400);
      expect(badToken.text).not.toContain('tok_<x>');
      const crossSite = await form(url, { action: 'make_default', payment_method_id: second.id }, { 'Sec-Fetch-Site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      const unknownAction = await form(url, { action: 'delete_everything' });
      expect(unknownAction.status).toBe(400);

      expect((await cards(c.id)).map((m) => [m.id, m.default])).toEqual([
        [first.id, true],
        [second.id, false],
      ]);
      expect((await cards(other.id)).map((m) => m.default)).toEqual([true]);
      // the card in use has no remove button; the other one has
      const html = (await page(url)).text;
      expect(html).toContain(`value="remove_card"><input type="hidden" name="payment_method_id" value="${first.id}"`);
      expect(html).not.toContain(`value="remove_card"><input type="hidden" name="payment_method_id" value="${second.id}"`);
      expect(theirs.customer_id).toBe(other.id);
    });
  });

  describe('cancelling', () => {
    it('is refused while the company has not enabled it, then cancels at period end', async () => {
      const c = await createCustomer(a);
      const other = await createCustomer(a);
      const sub = await subscribe(c.id);
      const othersSub = await subscribe(other.id);
      const url = await portalLink(a, c.id);
      const fields = { action: 'cancel_subscription', subscription_id: sub.id, confirm: 'yes' };

      await setSettings(a, { portal_cancel_enabled: false });
      expect((await page(url)).text).not.toContain('cancel_subscription');
      const refused = await form(url, fields);
      expect(refused.status).toBe(403);
      expect(text(refused.text)).toContain('Cancelling from the portal is not enabled');
      expect((await ok(await a.get(`/subscriptions/${sub.id}`))).cancel_date).toBeNull();

      await setSettings(a, { portal_cancel_enabled: true });
      try {
        const html = (await page(url)).text;
        expect(html).toContain(`name="subscription_id" value="${sub.id}"`);
        expect(html).toContain(`<label for="confirm-${sub.id}">`);
        expect(text(html)).toContain('at the end of the current period (1 April 2027)');

        expect((await form(url, { ...fields, confirm: '' })).status).toBe(400);
        expect((await form(url, { ...fields, subscription_id: othersSub.id })).status).toBe(404);
        expect((await ok(await a.get(`/subscriptions/${othersSub.id}`))).cancel_date).toBeNull();

        await form(url, fields).expect(303).expect('location', '?done=cancelled');
        const after = await ok(await a.get(`/subscriptions/${sub.id}`));
        expect(after).toMatchObject({
          cancel_date: NOW.toISOString(),
          end_date: '2027-04-01T00:00:00.000Z',
          status: 'active',
          cancel_config: { timing: 'PERIOD_END' },
        });
        const again = (await page(`${url}?done=cancelled`)).text;
        expect(text(again)).toContain('Your subscription will end at the end of the current period.');
        expect(text(again)).toContain('Ends on 1 April 2027');
        expect(again).not.toContain(`name="subscription_id" value="${sub.id}"`);
        expect((await form(url, fields)).status).toBe(409);
      } finally {
        await setSettings(a, { portal_cancel_enabled: false });
      }
    });
  });

  describe('usage page', () => {
    it('shows the current period usage per metric, the numbers of POST /subscriptions/{id}/usage, with an SVG chart', async () => {
      const c = await createCustomer(a, { name: 'Usage <i>Co</i>' });
      const sub = await subscribe(c.id, { product_pricing_ids: [seats.id, calls.id] });
      const event = (id: string, at: string, bytes: number) => ({
        customer_id: c.id,
        item_id: usage.itemId,
        transaction_id: id,
        timestamp: at,
        properties: { bytes },
      });
      await ok(
        await a.post('/events/ingest', {
          events: [
            event('p1', '2027-02-27T10:00:00.000Z', 1000), // before the period
            event('u1', '2027-03-02T10:00:00.000Z', 1200),
            event('u2', '2027-03-02T11:30:00.000Z', 34),
            event('u3', '2027-03-09T23:59:00.000Z', 5.5),
          ],
        }),
      );
      const api = await ok(
        await a.post(`/subscriptions/${sub.id}/usage`, {
          product_metric_pricing_id: calls.product_metric_pricings[0].id,
          period: { start_date: '2027-03-01T00:00:00.000Z', end_date: '2027-04-01T00:00:00.000Z' },
        }),
      );
      expect(api.value).toBe(1239.5);

      const res = await page(await usageLink(a, c.id));
      expect(res.status).toBe(200);
      const body = text(res.text);
      expect(body).toContain('Current period: 1 March 2027 – 1 April 2027');
      expect(body).toContain('Storage bytes 1,239.5');
      expect(body).toContain('License 3 licences');
      expect(res.text).not.toContain('<i>Co');
      expect(res.text).toContain('Usage &#60;i&#62;Co&#60;/i&#62;');
      // the chart: one bar per day of March, the days after today empty
      const svg = res.text.match(/<svg class="chart"[\s\S]*?<\/svg>/)![0];
      expect(svg).toContain('role="img"');
      expect(svg.match(/<rect /g)).toHaveLength(31);
      expect(svg).toContain('<title>2 Mar: 1,234</title>');
      expect(svg).toContain('<title>9 Mar: 5.5</title>');
      expect(svg).toContain('<title>1 Mar: 0</title>');
      expect(svg).toContain('<title>11 Mar: not yet</title>');
      expect(res.text).not.toContain('<script');
      expect(res.text).not.toContain('<form');
    });

    it("frame-ancestors: none by default; the company's origins when set", async () => {
      const c = await createCustomer(a);
      await subscribe(c.id);
      const url = await usageLink(a, c.id);
      let res = await page(url);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("form-action 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      // the settings route refuses anything but origins
      expectError(
        await a.patch('/settings', { usage_page_frame_ancestors: ["https://x.test; script-src 'self'"] }),
        400,
        'validation_error',
      );
      expectError(await a.patch('/settings', { usage_page_frame_ancestors: ['*'] }), 400, 'validation_error');
      await setSettings(a, { usage_page_frame_ancestors: ['https://app.example.com', 'http://127.0.0.1:8080'] });
      try {
        res = await page(url);
        expect(res.status).toBe(200);
        expect(res.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/app\.example\.com http:\/\/127\.0\.0\.1:8080$/);
        expect(res.headers['x-frame-options']).toBeUndefined();
        // the portal stays unframable
        const portal = await page(await portalLink(a, c.id));
        expect(portal.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(portal.headers['x-frame-options']).toBe('DENY');
      } finally {
        await setSettings(a, { usage_page_frame_ancestors: null });
      }
    });
  });
});
