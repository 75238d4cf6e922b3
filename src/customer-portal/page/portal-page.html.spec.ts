import { PortalPageModel, renderLinkGone, renderPortalPage } from './portal-page.html';
import { renderUsagePage } from './usage-page.html';
import { usagePageHeaders } from './usage-page-headers';
import { isFrameOrigin, portalSettings } from './portal-settings';

describe('customer portal HTML', () => {
  const model: PortalPageModel = {
    companyName: 'Co <b>',
    accentColor: null,
    supportEmail: 'help"@x.test',
    customerName: '<script>x</script>',
    notice: 'Done <i>',
    error: 'Refused <u>',
    subscriptions: [
      {
        id: 'subs_1',
        plan: 'Plan <p>',
        products: 'Analytics <a>',
        quantity: '5 seats',
        started: '1 March 2027',
        period: '1 March 2027 – 1 April 2027',
        amount: '$1.00 a month',
        nextInvoice: '1 April 2027',
        status: 'Active',
        cancellable: true,
        periodEnd: '1 April 2027',
        seats: [{ productMetricPricingId: 'pmp_1', name: 'Seats <s>', current: 5, min: 2, max: 20 }],
      },
      {
        id: 'subs_2',
        plan: 'Other',
        products: 'Other',
        quantity: null,
        started: '2 March 2027',
        period: null,
        amount: '$2.00 a month',
        nextInvoice: '—',
        status: 'Ends on 1 April 2027',
        cancellable: false,
        periodEnd: null,
        seats: [{ productMetricPricingId: 'pmp_2', name: 'Other seats', current: 3, min: 1, max: null }],
      },
    ],
    invoices: [
      {
        number: '7',
        date: '1 March 2027',
        total: '$1.00',
        due: '$0.00',
        status: 'PAID',
        hostedLink: 'https://x.test/i?a=1&b="2"',
        pdfLink: null,
        billedTo: null,
        for: null,
        payable: true,
      },
    ],
    cards: [
      { id: 'pm_1', label: 'Visa ending 4242', expires: '12/2030', isDefault: true, removable: false },
      { id: 'pm_2', label: 'Visa ending <4242>', expires: '01/2031', isDefault: false, removable: true },
    ],
    cardChoices: [{ value: 'tok_visa', label: 'Visa <test>' }],
    details: { name: 'Jane <j>', email: 'j@x.test', billingEmails: '', address: { country: 'US', city: 'Arlington' } },
    savedDetails: { name: 'Jane <j>', email: 'j@x.test', billingEmails: 'ap@x.test', address: {} },
    addressLines: ['Arlington, VA 22201'],
    detailsOpen: false,
  };

  it('escapes every value, labels every control, one cancel form per cancellable subscription', () => {
    const html = renderPortalPage(model);
    expect(html).not.toMatch(/<script|<b>|<i>|<u>|<p>|<4242>|<test>|<a>|<j>/);
    expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(html).toContain('href="https://x.test/i?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('<label for="payment_token">');
    expect(html).toContain('<label for="confirm-subs_1">');
    expect(html.match(/value="cancel_subscription"/g)).toHaveLength(1);
    expect(html).toContain('role="status"');
    expect(html).toContain('role="alert"');
    // the default card: a badge, no "make default"; the one in use: no remove
    expect(html.match(/value="make_default"/g)).toHaveLength(1);
    expect(html.match(/value="remove_card"/g)).toHaveLength(1);
    expect(html).toContain('name="payment_method_id" value="pm_2"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<s>');
  });

  it('tells subscriptions apart and puts cancelling behind a disclosure and a ticked confirmation', () => {
    const html = renderPortalPage(model);
    expect(html).toContain('<dt>Started</dt><dd>1 March 2027</dd>');
    expect(html).toContain('<dt>Quantity</dt><dd>5 seats</dd>');
    expect(html).toContain('<dt>Current period</dt><dd>1 March 2027 – 1 April 2027</dd>');
    expect(html).toMatch(/<details class="cancelbox">\n<summary>Cancel this subscription/);
    expect(html).toContain('name="confirm" value="yes" required');
  });

  it('the billing details: a summary, and a closed labelled form that opens after a refusal', () => {
    const html = renderPortalPage(model);
    expect(html).toContain('<details class="editbox" id="billing-details">');
    for (const id of ['name', 'email', 'billing_emails', 'address_line_1', 'city', 'zip', 'country'])
      expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('Copies to ap@x.test');
    expect(html).toContain('Arlington, VA 22201');
    expect(renderPortalPage({ ...model, detailsOpen: true })).toContain('<details class="editbox" id="billing-details" open>');
  });

  it('one labelled quantity form per changeable seat price, bounded by its range', () => {
    const html = renderPortalPage(model);
    expect(html.match(/value="change_quantity"/g)).toHaveLength(2);
    expect(html).toContain('<label for="qty-subs_1-pmp_1">Seats of Seats &#60;s&#62;');
    expect(html).toContain('id="qty-subs_1-pmp_1" name="quantity" inputmode="numeric" step="1" min="2" max="20" value="5" required');
    expect(html).toContain('Now 5; 2 to 20.');
    expect(html).toContain('id="qty-subs_2-pmp_2" name="quantity" inputmode="numeric" step="1" min="1" value="3"');
    expect(html).toContain('Now 3; at least 1.');
    const none = renderPortalPage({ ...model, subscriptions: model.subscriptions.map((s) => ({ ...s, seats: [] })) });
    expect(none).not.toContain('change_quantity');
  });

  it('without anything: empty states, no cancel form, no alert', () => {
    const html = renderPortalPage({ ...model, notice: null, error: null, subscriptions: [], invoices: [], cards: [], supportEmail: null });
    expect(html).toContain('You have no current subscriptions.');
    expect(html).toContain('No invoices yet.');
    expect(html).toContain('No card on file.');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('mailto:');
  });

  it('a gone link says why, with no form', () => {
    expect(renderLinkGone('expired', 'portal')).toContain('This billing portal link has expired');
    expect(renderLinkGone('unknown', 'usage')).toContain('This page cannot be found');
    expect(renderLinkGone('expired', 'usage')).not.toContain('<form');
  });

  it('the usage page escapes and has no form', () => {
    const html = renderUsagePage({
      companyName: 'A&B',
      accentColor: '#0f766e',
      supportEmail: null,
      customerName: '<x>',
      subscriptions: [{ plan: '<plan>', period: 'p', metrics: [{ key: 'k', name: '<m>', value: '1', note: null, chart: null }] }],
    });
    expect(html).not.toMatch(/<x>|<plan>|<m>|<form/);
    expect(html).toContain(':root{--brand:#0f766e;');
  });
});

describe('usage page headers and settings', () => {
  const base = { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store' };

  it("frame-ancestors 'none' with X-Frame-Options by default; the listed origins without it", () => {
    expect(usagePageHeaders(base, [])).toMatchObject({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-store' });
    expect(usagePageHeaders(base, [])['Content-Security-Policy']).toMatch(/form-action 'none'; base-uri 'none'; frame-ancestors 'none'$/);
    const h = usagePageHeaders(base, ['https://a.test', 'http://127.0.0.1:8080']);
    expect(h['Content-Security-Policy']).toMatch(/frame-ancestors https:\/\/a\.test http:\/\/127\.0\.0\.1:8080$/);
    expect(h).not.toHaveProperty('X-Frame-Options');
    expect(base['X-Frame-Options']).toBe('DENY');
  });

  it('only exact origins reach the header', () => {
    for (const ok of ['https://a.test', 'http://127.0.0.1:8080']) expect(isFrameOrigin(ok)).toBe(true);
    for (const bad of [
      '*',
      'https://a.test/',
      'https://a.test/x',
      "https://a.test; script-src 'self'",
      'javascript:1',
      'HTTPS://A.TEST',
      42,
    ])
      expect(isFrameOrigin(bad)).toBe(false);
    expect(portalSettings('Co', { usage_page_frame_ancestors: ['https://a.test', '*', 'https://a.test'] }).frameAncestors).toEqual([
      'https://a.test',
    ]);
    expect(portalSettings('Co', {})).toEqual({
      displayName: 'Co',
      supportEmail: null,
      accentColor: '#1d4ed8',
      cancelEnabled: false,
      quantityChangesEnabled: false,
      frameAncestors: [],
      timeZone: 'UTC',
    });
    expect(portalSettings('Co', { portal_quantity_changes_enabled: true }).quantityChangesEnabled).toBe(true);
    expect(portalSettings('Co', { preferred_timezone: 'Europe/Paris' }).timeZone).toBe('Europe/Paris');
  });
});
