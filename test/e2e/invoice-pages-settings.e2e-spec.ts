/**
 * Company settings: GET/PATCH /companies/{company_id}/settings and the `company settings`
 * command line share one set of checks (src/platform/company-settings/company-settings.rules.ts).
 */
import { createTestApp, Tenant, TestApp } from '../support/app';
import supertest from 'supertest';
import { expectError } from '../support/errors';
import { cli } from '../support/cli';

describe('company settings (route and command line)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.tenant('Acme Settings Inc');
    b = await t.tenant('Other Co');
  });
  afterAll(() => t.close());

  it('answers every key with its default for a new company', async () => {
    const res = await a.get('/settings').expect(200);
    expect(res.body).toEqual({
      company_id: a.companyId,
      display_name: 'Acme Settings Inc',
      support_email: null,
      address: null,
      tax_number: null,
      accent_color: '#1d4ed8',
      portal_cancel_enabled: false,
      portal_quantity_changes_enabled: false,
      usage_page_frame_ancestors: [],
      invoice_grace_period_seconds: 3600,
      payment_retry_days: [1, 3, 5],
      dunning_steps: null,
      email_invoice_finalized: true,
      email_payment_receipt: true,
      email_refund_receipt: true,
      email_payment_failed: true,
      preferred_timezone: 'UTC',
      invoice_number_prefix: null,
      invoice_number_digits: null,
      invoice_number_sequence: 'COMPANY',
      email_signature_request: true,
      signature_reminder_days: [3, 7],
    });
  });

  it('PATCH sets the keys given (normalised), keeps the others, and null puts a default back', async () => {
    const res = await a
      .patch('/settings', {
        display_name: '  Acme Cloud ',
        support_email: 'billing@acme.test',
        accent_color: '#0F766E',
        portal_cancel_enabled: true,
        usage_page_frame_ancestors: ['https://App.Acme.test:443/', 'http://localhost:8080', 'https://app.acme.test'],
      })
      .expect(200);
    expect(res.body).toMatchObject({
      display_name: 'Acme Cloud',
      support_email: 'billing@acme.test',
      accent_color: '#0f766e',
      portal_cancel_enabled: true,
      usage_page_frame_ancestors: ['https://app.acme.test', 'http://localhost:8080'],
      invoice_grace_period_seconds: 3600,
    });
    const grace = await a.patch('/settings', { invoice_grace_period_seconds: 0 }).expect(200);
    expect(grace.body).toMatchObject({ display_name: 'Acme Cloud', invoice_grace_period_seconds: 0, portal_cancel_enabled: true });
    const reset = await a.patch('/settings', { display_name: null, accent_color: null }).expect(200);
    expect(reset.body).toMatchObject({ display_name: 'Acme Settings Inc', accent_color: '#1d4ed8', support_email: 'billing@acme.test' });
    expect((await a.get('/settings').expect(200)).body).toEqual(reset.body);
  });

  it.each([
    [{ display_name: '' }, 'display_name'],
    [{ display_name: 'x'.repeat(101) }, 'display_name'],
    [{ display_name: 42 }, 'display_name'],
    [{ support_email: 'not an email' }, 'support_email'],
    [{ accent_color: 'red' }, 'accent_color'],
    [{ accent_color: '#12345' }, 'accent_color'],
    [{ accent_color: '#ffff00' }, 'accent_color'], // white text on yellow: 1.07:1
    [{ portal_cancel_enabled: 'yes' }, 'portal_cancel_enabled'],
    [{ usage_page_frame_ancestors: 'https://a.test' }, 'usage_page_frame_ancestors'],
    [{ usage_page_frame_ancestors: ['https://a.test/path'] }, 'usage_page_frame_ancestors[0]'],
    [{ usage_page_frame_ancestors: ['https://ok.test', 'javascript:alert(1)'] }, 'usage_page_frame_ancestors[1]'],
    [{ usage_page_frame_ancestors: ['https://*.a.test'] }, 'usage_page_frame_ancestors[0]'],
    [{ usage_page_frame_ancestors: ["https://a.test 'unsafe-inline'"] }, 'usage_page_frame_ancestors[0]'],
    [{ usage_page_frame_ancestors: Array.from({ length: 21 }, (_, i) => `https://a${i}.test`) }, 'usage_page_frame_ancestors'],
    [{ invoice_grace_period_seconds: -1 }, 'invoice_grace_period_seconds'],
    [{ payment_retry_days: [3, 2] }, 'payment_retry_days'],
    [{ colour: '#000000' }, 'colour'],
    [{ address: 'Arlington' }, 'address'],
    [{ address: { address_line_1: '1 Main St', city: 'Arlington', country: 'ZZ' } }, 'address'],
    [{ address: { address_line_1: '1 Main St', country: 'US' } }, 'address'],
    [{ address: { address_line_1: '1 Main St', city: 'Arlington', country: 'US', phone: '1' } }, 'address'],
    [{ invoice_number_digits: 13 }, 'invoice_number_digits'],
  ])('PATCH %# is a 400 naming %s and changes nothing', async (body: Record<string, unknown>, field: string) => {
    const before = (await a.get('/settings').expect(200)).body;
    const err = expectError(
      await a.patch('/settings', { portal_cancel_enabled: false, ...body }),
      400,
      'validation_error',
      'invalid_field',
    );
    expect(Object.keys(err.validation_errors ?? {})).toContain(field);
    expect((await a.get('/settings').expect(200)).body).toEqual(before);
  });

  it("a company's token reads and writes only its own settings (403 on another company's)", async () => {
    const other = await b.get('/settings').expect(200);
    expect(other.body.display_name).toBe('Other Co');
    // B's token on A's route
    const res = await supertest(t.http).get(`${a.base}/settings`).set('Authorization', `Bearer ${b.token}`);
    expectError(res, 403, 'auth_error');
    const write = await supertest(t.http)
      .patch(`${a.base}/settings`)
      .set('Authorization', `Bearer ${b.token}`)
      .send({ display_name: 'Hijacked' });
    expectError(write, 403, 'auth_error');
    expect((await a.get('/settings').expect(200)).body.display_name).toBe('Acme Settings Inc');
  });

  it('the command line sets and prints the same settings with the same checks', async () => {
    const out = await cli(
      'company',
      'settings',
      '--company',
      b.companyId,
      '--display-name',
      'Other Cloud',
      '--support-email',
      'help@other.test',
      '--accent-color',
      '#7c3aed',
      '--portal-cancel',
      'on',
      '--portal-quantity',
      'on',
      '--usage-frame-ancestors',
      'https://dash.other.test, https://admin.other.test',
      '--json',
    );
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      company_id: b.companyId,
      display_name: 'Other Cloud',
      support_email: 'help@other.test',
      address: null,
      tax_number: null,
      accent_color: '#7c3aed',
      portal_cancel_enabled: true,
      portal_quantity_changes_enabled: true,
      usage_page_frame_ancestors: ['https://dash.other.test', 'https://admin.other.test'],
      invoice_grace_period_seconds: 3600,
      payment_retry_days: [1, 3, 5],
      dunning_steps: null,
      email_invoice_finalized: true,
      email_payment_receipt: true,
      email_refund_receipt: true,
      email_payment_failed: true,
      preferred_timezone: 'UTC',
      invoice_number_prefix: null,
      invoice_number_digits: null,
      invoice_number_sequence: 'COMPANY',
      email_signature_request: true,
      signature_reminder_days: [3, 7],
    });
    expect((await b.get('/settings').expect(200)).body.display_name).toBe('Other Cloud');
    const bad = await cli('company', 'settings', '--company', b.companyId, '--accent-color', '#eeeeee');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/accent_color is too light/);
    const notOnOff = await cli('company', 'settings', '--company', b.companyId, '--portal-quantity', 'maybe');
    expect(notOnOff.code).not.toBe(0);
    expect(notOnOff.stderr).toMatch(/--portal-quantity must be on or off/);
    const reset = await cli('company', 'settings', '--company', b.companyId, '--display-name', '', '--portal-cancel', 'off', '--json');
    expect(JSON.parse(reset.stdout)).toMatchObject({ display_name: 'Other Co', portal_cancel_enabled: false, accent_color: '#7c3aed' });
    expect((await cli('company', 'settings', '--company', 'cmp_00000000000000000000000000')).code).not.toBe(0);
  });
  it('the command line sets the time zone, the invoice number format and the e-mail switches, refusing as PATCH does', async () => {
    const out = await cli(
      'company',
      'settings',
      '--company',
      b.companyId,
      '--timezone',
      'Europe/Paris',
      '--invoice-number-prefix',
      'OTH-',
      '--invoice-number-digits',
      '5',
      '--invoice-number-sequence',
      'CUSTOMER',
      '--email-payment-receipt',
      'off',
      '--email-signature-request',
      'off',
      '--json',
    );
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      preferred_timezone: 'Europe/Paris',
      invoice_number_prefix: 'OTH-',
      invoice_number_digits: 5,
      invoice_number_sequence: 'CUSTOMER',
      email_payment_receipt: false,
      email_signature_request: false,
      email_invoice_finalized: true,
    });
    expect((await b.get('/settings').expect(200)).body).toMatchObject({ preferred_timezone: 'Europe/Paris', invoice_number_digits: 5 });
    const text = await cli('company', 'settings', '--company', b.companyId);
    expect(text.stdout).toContain('time zone Europe/Paris, invoice numbers: prefix "OTH-", digits 5, sequence CUSTOMER');
    expect(text.stdout).toContain('payment-receipt off');

    // each bad value is refused with the message PATCH /settings gives it, and nothing changes
    const cases: [string[], Record<string, unknown>][] = [
      [['--timezone', 'Mars/Olympus'], { preferred_timezone: 'Mars/Olympus' }],
      [['--invoice-number-digits', '0'], { invoice_number_digits: 0 }],
      [['--invoice-number-digits', 'four'], { invoice_number_digits: 'four' }],
      [['--invoice-number-sequence', 'WEEKLY'], { invoice_number_sequence: 'WEEKLY' }],
      [['--invoice-number-prefix', 'a b<'], { invoice_number_prefix: 'a b<' }],
    ];
    for (const [flags, body] of cases) {
      const route = await b.patch('/settings', body).expect(400);
      const bad = await cli('company', 'settings', '--company', b.companyId, ...flags);
      expect([flags, bad.code]).toEqual([flags, 1]);
      expect(bad.stderr).toBe(`error: ${route.body.error_message}\n`);
    }
    const notOnOff = await cli('company', 'settings', '--company', b.companyId, '--email-payment-failed', 'maybe');
    expect(notOnOff.stderr).toMatch(/--email-payment-failed must be on or off/);

    // "" puts the defaults back
    const reset = await cli(
      'company',
      'settings',
      '--company',
      b.companyId,
      '--timezone',
      '',
      '--invoice-number-prefix',
      '',
      '--invoice-number-digits',
      '',
      '--invoice-number-sequence',
      '',
      '--email-payment-receipt',
      'on',
      '--json',
    );
    expect(JSON.parse(reset.stdout)).toMatchObject({
      preferred_timezone: 'UTC',
      invoice_number_prefix: null,
      invoice_number_digits: null,
      invoice_number_sequence: 'COMPANY',
      email_payment_receipt: true,
      email_signature_request: false,
    });
  });
});
