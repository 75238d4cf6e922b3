/**
 * E-mail to customers (issue 43) through a real SMTP server in the test process (smtp-server,
 * parsed with mailparser): the invoice on finalization (To the customer, Cc its billing e-mails,
 * PDF attached, the page link opening that invoice), receipts, the notification log, a refused or
 * unreachable server retried on the schedule (the platform clock moved, `runDue` called) with the
 * message arriving once, two instances sending each message once, a rolled-back change sending
 * nothing, the settings that switch mail off, `.eml` files without SMTP_URL, and companies kept
 * apart.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, ok, webhookEvents } from '../support/fixtures';
import { draftInvoice } from '../support/fixtures';
import { addresses, SmtpInbox } from '../support/smtp-inbox';
import { pdfText } from '../support/system-tools';
import { loadConfig } from '../../src/platform/config/config';
import { MailWorker } from '../../src/notifications/mail-worker.service';
import { WebhookEventsService } from '../../src/webhooks/events/webhook-events.service';
import { MAIL_LEASE_MS, MAIL_MAX_IN_FLIGHT_PER_COMPANY, MAIL_RETRY_DELAYS_MS } from '../../src/notifications/mail-worker.service';
import { eventually } from '../support/webhook-receiver';
import { AutoChargeService } from '../../src/payments/auto-charge.service';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';

const T0 = new Date('2027-05-03T09:00:00Z');
const usd = (cents: number) => ({ currency: 'USD', value_in_cents: cents });

describe('e-mail to customers (SMTP)', () => {
  const inbox = new SmtpInbox();
  let t: TestApp;
  let clock: FixedClock;
  let worker: MailWorker;
  let a: Tenant;
  let b: Tenant;
  const publicUrl = loadConfig().publicUrl;

  beforeAll(async () => {
    await inbox.start();
    clock = new FixedClock(T0);
    t = await createTestApp({ clock, config: { mailDelivery: true, smtpUrl: inbox.url, mailFrom: 'Acme Billing <billing@acme.test>' } });
    worker = t.app.get(MailWorker);
    a = await t.tenant('Acme Mail Ltd');
    b = await t.tenant('Other Mail Co');
    await ok(await a.patch('/settings', { display_name: 'Acme Cloud', support_email: 'help@acme.test', accent_color: '#0f766e' }));
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });
  beforeEach(() => {
    inbox.refuse = false;
  });

  /** An IMMEDIATE one-time charge: a finalized (PENDING) invoice of `cents`. */
  async function invoiceFor(tenant: Tenant, customerId: string, cents = 1250) {
    const res = await tenant
      .post('/one_times', {
        customer_id: customerId,
        type: 'IMMEDIATE',
        onetime_items: [{ aggregate: 1, custom_price: { amount: usd(cents), description: 'Setup fee' } }],
      })
      .expect(201);
    return (await tenant.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
  }

  async function log(tenant: Tenant, query: Record<string, unknown>): Promise<any[]> {
    return (await ok(await tenant.post('/notifications/find', { query, sort_key: 'createdAtAsc' }))).results;
  }

  it('a finalized invoice is mailed once: To the customer, Cc its billing e-mails, PDF attached, the link opens it', async () => {
    const customer = await createCustomer(a, {
      email: 'pat@customer.test',
      billing_emails: ['ap@customer.test', 'cfo@customer.test'],
    });
    const inv = await invoiceFor(a, customer.id, 4200);
    await worker.settle();
    const subject = `Invoice ${inv.number} from Acme Cloud`;
    const mails = inbox.withSubject(subject);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(addresses(mail.to)).toEqual(['pat@customer.test']);
    expect(addresses(mail.cc).sort()).toEqual(['ap@customer.test', 'cfo@customer.test']);
    expect(addresses(mail.from)).toEqual(['billing@acme.test']);
    expect(addresses(mail.replyTo)).toEqual(['help@acme.test']);
    expect(mail.text).toContain('$42.00');
    expect(mail.text).toContain(inv.hosted_link);
    expect(mail.html).toContain('#0f766e');
    expect(mail.html).toContain('Acme Cloud');
    // the PDF, parsed: the invoice's own document
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe(`invoice-${inv.number}.pdf`);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('Acme Cloud');
    expect(text).toContain('$42.00');
    // the link in the message opens this invoice's page
    const link = (mail.text as string).match(/https?:\/\/\S+\/invoices\/pay\/\S+/)![0];
    expect(link).toBe(inv.hosted_link);
    const page = await request(t.http).get(link.slice(publicUrl.length)).expect(200);
    expect(page.text).toContain('$42.00');

    // the log says what arrived
    const [entry] = await log(a, { invoice_id: inv.id });
    expect(entry).toMatchObject({
      notification_type: 'INVOICE_FINALIZED',
      status: 'SENT',
      to: ['pat@customer.test'],
      cc: ['ap@customer.test', 'cfo@customer.test'],
      subject,
      customer_id: customer.id,
      invoice_id: inv.id,
      contract_id: null,
      attempts: 1,
      last_error: null,
    });
    expect(entry.sent_at).toBe(T0.toISOString());
    expect(await ok(await a.get(`/notifications/${entry.id}`))).toEqual(entry);
    expect(mail.messageId).toBe(`<${entry.id}@acme.test>`);
  });

  it("amounts and dates in the customer's locale", async () => {
    const customer = await createCustomer(a, { email: 'jan@kunde.test', locale: 'de-DE' });
    const inv = await invoiceFor(a, customer.id, 123456);
    await worker.settle();
    const [mail] = inbox.withSubject(`Invoice ${inv.number} from Acme Cloud`);
    expect(mail.text).toContain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(1234.56));
    expect(mail.text).toContain(new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(inv.due_date)));
  });

  it('payment and refund receipts: a page payment, its refund, and mark_paid', async () => {
    const customer = await createCustomer(a, { email: 'payer@customer.test' });
    const inv = await invoiceFor(a, customer.id, 3000);
    const secret = inv.hosted_link.slice(`${publicUrl}/invoices/pay/`.length);
    await request(t.http).post(`/invoices/pay/${secret}`).type('form').send({ payment_token: 'tok_visa', due: '3000' }).expect(303);
    await worker.settle();
    const receipt = inbox.received.filter((m) => addresses(m.to).includes('payer@customer.test') && /^Receipt/.test(m.subject ?? ''));
    expect(receipt).toHaveLength(1);
    expect(receipt[0].subject).toBe('Receipt for your payment of $30.00 to Acme Cloud');

    const [txn]: { id: string }[] = await t.dataSource.query(
      `SELECT id FROM payment_transactions WHERE company_id = $1 AND invoice_id = $2 AND transaction_type = 'PAYMENT'`,
      [a.companyId, inv.id],
    );
    await ok(await a.post(`/payments/transactions/${txn.id}/refund`, { amount: usd(1000) }));
    await worker.settle();
    const refund = inbox.received.filter((m) => addresses(m.to).includes('payer@customer.test') && /^Refund/.test(m.subject ?? ''));
    expect(refund).toHaveLength(1);
    expect(refund[0].subject).toBe('Refund of $10.00 from Acme Cloud');

    const other = await invoiceFor(a, customer.id, 700);
    await ok(await a.post(`/invoices/${other.uuid}/mark_paid`, { amount: usd(700), provider_type: 'WIRE' }));
    await worker.settle();
    expect(inbox.withSubject('Receipt for your payment of $7.00 to Acme Cloud')).toHaveLength(1);
    const types = (await log(a, { customer_id: customer.id })).map((n) => n.notification_type);
    expect(types).toEqual(['INVOICE_FINALIZED', 'PAYMENT_RECEIPT', 'REFUND_RECEIPT', 'INVOICE_FINALIZED', 'PAYMENT_RECEIPT']);
  });

  it('a declined automatic charge: the payment-failed mail with the link to pay on the page', async () => {
    const customer = await createCustomer(a, { email: 'declined@customer.test' });
    await ok(await a.post(`/customers/${customer.id}/payment_methods`, { token: 'tok_chargeDeclined' }));
    const res = await ok(
      await a.post('/one_times', {
        customer_id: customer.id,
        type: 'IMMEDIATE',
        auto_charges: true,
        onetime_items: [{ custom_price: { amount: usd(6100), description: 'Work' } }],
      }),
      201,
    );
    await t.app.get(AutoChargeService).settle();
    await worker.settle();
    const inv = await ok(await a.get(`/invoices/${res[0].invoice_uuid}`));
    expect(inv.status).toBe('PENDING');
    const [mail] = inbox.withSubject(`Payment failed for invoice ${inv.number} from Acme Cloud`);
    expect(addresses(mail.to)).toEqual(['declined@customer.test']);
    expect(mail.text).toContain('$61.00');
    expect(mail.text).toContain(`Pay the invoice: ${inv.hosted_link}`);
    expect((await log(a, { invoice_id: inv.id })).map((n) => n.notification_type)).toEqual(['INVOICE_FINALIZED', 'PAYMENT_FAILED']);
  });

  it('a cancellation that credits the customer with send_customer_receipt: a credit receipt, the credit note attached', async () => {
    const run = async (at: string) => {
      clock.set(new Date(at));
      await t.app.get(BillingRunService).run(new Date(at), { companyIds: [a.companyId] });
      await worker.settle();
    };
    const product = await ok(await a.post('/products', { name: 'Receipts' }));
    const price = await ok(
      await a.post('/pricing', {
        product_id: product.id,
        currency: 'USD',
        name: 'Monthly 30',
        billing_frequency: { count: 1, frequency: 'MONTH' },
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 3000 },
      }),
    );
    const subscribe = async (email: string) => {
      const customer = await createCustomer(a, { email });
      return ok(
        await a.post('/subscriptions', {
          customer_id: customer.id,
          product_pricing_ids: [price.id],
          config_items: [{ product_metric_pricing_id: price.product_metric_pricings[0].id, num_licenses: 1 }],
          start_date: '2027-06-01T00:00:00Z',
        }),
      );
    };
    try {
      clock.set(new Date('2027-06-01T00:00:00Z'));
      const asked = await subscribe('credited@customer.test');
      const silent = await subscribe('not-asked@customer.test');
      await run('2027-06-01T00:00:00Z');
      clock.set(new Date('2027-06-11T00:00:00Z'));
      const cancel = { timing: 'IMMEDIATE', refund_type: 'PRORATED' };
      await ok(await a.post(`/subscriptions/${asked.id}/cancel`, { ...cancel, send_customer_receipt: true }));
      await ok(await a.post(`/subscriptions/${silent.id}/cancel`, cancel));
      await run('2027-06-11T00:00:00Z');
      await run('2027-06-11T01:00:00Z'); // once
      const finals: { uuid: string; subscription_id: string }[] = await t.dataSource.query(
        `SELECT uuid, subscription_id FROM invoices WHERE company_id = $1 AND subscription_id = ANY($2) AND kind = 'SUBSCRIPTION_CANCEL'`,
        [a.companyId, [asked.id, silent.id]],
      );
      expect(finals).toHaveLength(2);
      const final = await ok(await a.get(`/invoices/${finals.find((f) => f.subscription_id === asked.id)!.uuid}`));
      // June has 30 days, 20 of them unused: −round(3000 × 20/30) = −2000
      expect(final.total).toEqual(usd(-2000));
      const mails = inbox.withSubject('Credit of $20.00 from Acme Cloud');
      expect(mails).toHaveLength(1);
      expect(addresses(mails[0].to)).toEqual(['credited@customer.test']);
      expect(mails[0].text).toContain(final.hosted_link);
      expect(mails[0].attachments.map((x) => x.filename)).toEqual([`invoice-${final.number}.pdf`]);
      const logged = await log(a, { invoice_id: final.id, notification_type: 'REFUND_RECEIPT' });
      expect(logged).toMatchObject([{ status: 'SENT', subject: 'Credit of $20.00 from Acme Cloud', to: ['credited@customer.test'] }]);
      // without send_customer_receipt: the credit note is mailed as an invoice, no receipt
      expect(inbox.received.filter((m) => addresses(m.to).includes('not-asked@customer.test')).map((m) => m.subject)).not.toContain(
        'Credit of $20.00 from Acme Cloud',
      );
    } finally {
      clock.set(T0);
    }
  });

  it('a worker that died holding a claim: the message is taken over once its lease has passed', async () => {
    const customer = await createCustomer(a, { email: 'takeover@customer.test' });
    inbox.refuse = true;
    const inv = await invoiceFor(a, customer.id, 4400);
    await worker.settle();
    inbox.refuse = false;
    // as a worker leaves it when killed between its claim and its record
    const [entry] = await log(a, { invoice_id: inv.id });
    const due = new Date(T0.getTime() + MAIL_RETRY_DELAYS_MS[0]);
    await t.dataSource.query(
      `UPDATE notifications SET attempts = 2, lease_until = $3, next_attempt_at = $4 WHERE company_id = $1 AND id = $2`,
      [a.companyId, entry.id, new Date(due.getTime() + MAIL_LEASE_MS), due],
    );
    clock.set(due);
    expect(await worker.runDue()).toBe(0); // held by the dead worker's lease
    clock.set(new Date(due.getTime() + MAIL_LEASE_MS));
    await worker.runDue();
    const subject = `Invoice ${inv.number} from Acme Cloud`;
    expect(inbox.withSubject(subject)).toHaveLength(1);
    expect((await ok(await a.get(`/notifications/${entry.id}`))).attempts).toBe(3);
    clock.set(T0);
  });

  it('a server that refuses (451) or is down: retried on the schedule, the message arrives once when it takes it', async () => {
    const customer = await createCustomer(a, { email: 'retry@customer.test' });
    inbox.refuse = true;
    const inv = await invoiceFor(a, customer.id, 999);
    await worker.settle();
    const subject = `Invoice ${inv.number} from Acme Cloud`;
    expect(inbox.withSubject(subject)).toHaveLength(0);
    let [entry] = await log(a, { invoice_id: inv.id });
    expect(entry).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(entry.last_error).toContain('451');
    expect(entry.next_attempt_at).toBe(new Date(T0.getTime() + MAIL_RETRY_DELAYS_MS[0]).toISOString());

    // not due yet: nothing is attempted
    await worker.runDue();
    expect((await log(a, { invoice_id: inv.id }))[0].attempts).toBe(1);

    // the server goes down altogether: the second attempt finds no one
    inbox.refuse = false;
    await inbox.stop();
    clock.advance(MAIL_RETRY_DELAYS_MS[0]);
    await worker.runDue();
    [entry] = await log(a, { invoice_id: inv.id });
    expect(entry).toMatchObject({ status: 'QUEUED', attempts: 2 });
    expect(entry.last_error).toMatch(/ECONNREFUSED/);

    // back up: the third attempt delivers, once
    await inbox.start();
    clock.advance(MAIL_RETRY_DELAYS_MS[1]);
    await worker.runDue();
    await worker.runDue();
    expect(inbox.withSubject(subject)).toHaveLength(1);
    [entry] = await log(a, { invoice_id: inv.id });
    expect(entry).toMatchObject({ status: 'SENT', attempts: 3, last_error: null, next_attempt_at: null });
    clock.set(T0);
  });

  it('the schedule spent: FAILED, with a notification.failed webhook event', async () => {
    const c = await t.tenant('Failing Mail Co');
    const customer = await createCustomer(c, { email: 'never@customer.test' });
    inbox.refuse = true;
    const inv = await invoiceFor(c, customer.id, 500);
    await worker.settle();
    for (const delay of MAIL_RETRY_DELAYS_MS) {
      clock.advance(delay);
      await worker.runDue();
    }
    const [entry] = await log(c, { invoice_id: inv.id });
    expect(entry).toMatchObject({ status: 'FAILED', attempts: MAIL_RETRY_DELAYS_MS.length + 1 });
    expect(entry.last_error).toContain('451');
    const events = await webhookEvents(c, undefined, ['notification.failed']);
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({ id: entry.id, status: 'FAILED', invoice_id: inv.id });
    // nothing more is attempted
    clock.advance(86_400_000);
    expect(await worker.runDue()).toBe(0);
    clock.set(T0);
    expect((await log(c, { status: 'FAILED' })).map((n) => n.id)).toEqual([entry.id]);
  });

  it('a rolled-back change sends nothing', async () => {
    const customer = await createCustomer(a, { email: 'rollback@customer.test' });
    const inv = await invoiceFor(a, customer.id, 100);
    await worker.settle();
    const events = t.app.get(WebhookEventsService);
    await expect(
      t.dataSource.transaction(async (m) => {
        await events.record(m, a.companyId, 'invoice.payment_failed', { id: inv.id });
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    await worker.settle();
    expect(await log(a, { invoice_id: inv.id, notification_type: 'PAYMENT_FAILED' })).toEqual([]);
    // the same record committed: one message
    await t.dataSource.transaction((m) => events.record(m, a.companyId, 'invoice.payment_failed', { id: inv.id }));
    await worker.settle();
    expect(await log(a, { invoice_id: inv.id, notification_type: 'PAYMENT_FAILED' })).toHaveLength(1);
    expect(inbox.withSubject(`Payment failed for invoice ${inv.number} from Acme Cloud`)).toHaveLength(1);
  });

  it('two instances: each message is sent once', async () => {
    const t2 = await createTestApp({ clock, config: { mailDelivery: true, smtpUrl: inbox.url, mailFrom: 'billing@acme.test' } });
    try {
      const worker2 = t2.app.get(MailWorker);
      const customer = await createCustomer(a, { email: 'twice@customer.test' });
      inbox.refuse = true; // queue them all first
      const invoices = [];
      for (let i = 0; i < 6; i++) invoices.push(await invoiceFor(a, customer.id, 100 + i));
      await Promise.all([worker.settle(), worker2.settle()]);
      inbox.refuse = false;
      clock.advance(MAIL_RETRY_DELAYS_MS[0]);
      await Promise.all([worker.runDue(), worker2.runDue(), worker.runDue(), worker2.runDue()]);
      for (const inv of invoices) expect(inbox.withSubject(`Invoice ${inv.number} from Acme Cloud`)).toHaveLength(1);
    } finally {
      await t2.close();
      clock.set(T0);
    }
  });

  it("per-company fairness: one company's slow deliveries hold only its own share; another company's mail goes out meanwhile", async () => {
    const slow = await t.tenant('Slow Mail Co');
    const fast = await t.tenant('Fast Mail Co');
    const slowCustomer = await createCustomer(slow, { email: 'slow@customer.test' });
    const fastCustomer = await createCustomer(fast, { email: 'fast@customer.test' });
    inbox.slowFor = (r) => r === 'slow@customer.test';
    try {
      const slowCount = MAIL_MAX_IN_FLIGHT_PER_COMPANY + 2;
      for (let i = 0; i < slowCount; i++) await invoiceFor(slow, slowCustomer.id, 200 + i);
      await eventually(() => inbox.heldCount === MAIL_MAX_IN_FLIGHT_PER_COMPANY, "the slow company's share reaching the server");
      const inv = await invoiceFor(fast, fastCustomer.id, 900);
      await eventually(() => inbox.withSubject(`Invoice ${inv.number} from Fast Mail Co`).length === 1, "the other company's mail");
      expect(inbox.heldCount).toBe(MAIL_MAX_IN_FLIGHT_PER_COMPANY);
      const queued = await log(slow, { status: 'QUEUED' });
      expect(queued.filter((n) => n.attempts === 0)).toHaveLength(slowCount - MAIL_MAX_IN_FLIGHT_PER_COMPANY);
      inbox.slowFor = () => false;
      inbox.release();
      await eventually(async () => (await log(slow, { status: 'SENT' })).length === slowCount, "the slow company's mail, all sent");
    } finally {
      inbox.slowFor = () => false;
      inbox.release();
      await worker.settle();
    }
  });

  it('POST /invoices/{uuid}/send mails the invoice again; a DRAFT is a 409; resend sends a logged message again', async () => {
    const customer = await createCustomer(a, { email: 'again@customer.test' });
    const inv = await invoiceFor(a, customer.id, 2500);
    await worker.settle();
    const sent = await ok(await a.post(`/invoices/${inv.uuid}/send`, {}));
    expect(sent).toMatchObject({ notification_type: 'INVOICE_SENT', status: 'QUEUED', to: ['again@customer.test'], invoice_id: inv.id });
    await worker.settle();
    const subject = `Invoice ${inv.number} from Acme Cloud`;
    expect(inbox.withSubject(subject)).toHaveLength(2);
    expect(inbox.withSubject(subject)[1].attachments[0].filename).toBe(`invoice-${inv.number}.pdf`);

    const again = await ok(await a.post(`/notifications/${sent.id}/resend`, {}));
    expect(again).toMatchObject({ resent_from: sent.id, status: 'QUEUED', subject });
    await worker.settle();
    expect(inbox.withSubject(subject)).toHaveLength(3);
    expect((await ok(await a.get(`/notifications/${again.id}`))).status).toBe('SENT');

    const draft = await draftInvoice(t, a, customer.id, clock.now());
    expectError(await a.post(`/invoices/${draft.uuid}/send`, {}), 409, 'request_error', 'invoice_draft');
    expect(await log(a, { invoice_id: draft.id })).toEqual([]);
    expectError(await a.post('/invoices/00000000-0000-4000-8000-000000000000/send', {}), 404, 'request_error', 'not_found');
    // an id that is not a UUID (another kind of id, anything) is the same 404, not a database error
    expectError(await a.post(`/invoices/${customer.id}/send`, {}), 404, 'request_error', 'not_found');
  });

  it('the company settings switch each e-mail off', async () => {
    const c = await t.tenant('Quiet Co');
    await ok(await c.patch('/settings', { email_invoice_finalized: false, email_payment_receipt: false }));
    expect(await ok(await c.get('/settings'))).toMatchObject({
      email_invoice_finalized: false,
      email_payment_receipt: false,
      email_refund_receipt: true,
      email_payment_failed: true,
    });
    const customer = await createCustomer(c, { email: 'quiet@customer.test' });
    const inv = await invoiceFor(c, customer.id, 800);
    await ok(await c.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(800), provider_type: 'WIRE' }));
    await worker.settle();
    expect(await log(c, {})).toEqual([]);
    expect(inbox.received.filter((m) => addresses(m.to).includes('quiet@customer.test'))).toEqual([]);
    expectError(await c.patch('/settings', { email_invoice_finalized: 'no' }), 400, 'validation_error', 'invalid_field');
  });

  it('companies are kept apart: another company cannot read, find or resend a notification', async () => {
    const customer = await createCustomer(a, { email: 'private@customer.test' });
    const inv = await invoiceFor(a, customer.id, 1500);
    await worker.settle();
    const [entry] = await log(a, { invoice_id: inv.id });
    expectError(await b.get(`/notifications/${entry.id}`), 404, 'request_error', 'not_found');
    expectError(await b.post(`/notifications/${entry.id}/resend`, {}), 404, 'request_error', 'not_found');
    expectError(await b.post(`/invoices/${inv.uuid}/send`, {}), 404, 'request_error', 'not_found');
    expect(await log(b, {})).toEqual([]);
    expect(await log(b, { invoice_id: inv.id })).toEqual([]);
    expectError(await a.get('/notifications/nope'), 404, 'request_error', 'not_found');
  });
});

describe('e-mail without SMTP_URL: .eml files in TALLY_MAIL_DIR', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tally-mail-dir-'));
    t = await createTestApp({ config: { mailDelivery: true, smtpUrl: null, mailDir: dir, mailFrom: 'billing@files.test' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each message is written as <id>.eml and logged SAVED', async () => {
    const a = await t.tenant('Files Co');
    const customer = await createCustomer(a, { email: 'file@customer.test' });
    const res = await a
      .post('/one_times', {
        customer_id: customer.id,
        type: 'IMMEDIATE',
        onetime_items: [{ aggregate: 1, custom_price: { amount: usd(1100), description: 'Setup' } }],
      })
      .expect(201);
    const inv = (await a.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
    await t.app.get(MailWorker).settle();
    const [entry] = (await ok(await a.post('/notifications/find', { query: { invoice_id: inv.id } }))).results;
    expect(entry.status).toBe('SAVED');
    expect(readdirSync(dir)).toContain(`${entry.id}.eml`);
    const eml = readFileSync(join(dir, `${entry.id}.eml`), 'utf8');
    expect(eml).toContain(`Subject: Invoice ${inv.number} from Files Co`);
    expect(eml).toContain(`invoice-${inv.number}.pdf`);
  });
});

describe('e-mail with neither SMTP_URL nor TALLY_MAIL_DIR', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { mailDelivery: true, smtpUrl: null, mailDir: null } });
  });
  afterAll(() => t.close());

  it('the message is logged as not sent (FAILED at once), without a notification.failed event', async () => {
    const a = await t.tenant('Nowhere Co');
    const customer = await createCustomer(a, { email: 'nowhere@customer.test' });
    const res = await a
      .post('/one_times', {
        customer_id: customer.id,
        type: 'IMMEDIATE',
        onetime_items: [{ aggregate: 1, custom_price: { amount: usd(300), description: 'Setup' } }],
      })
      .expect(201);
    const inv = (await a.get(`/invoices/${res.body[0].invoice_uuid}`).expect(200)).body;
    await t.app.get(MailWorker).settle();
    const [entry] = (await ok(await a.post('/notifications/find', { query: { invoice_id: inv.id } }))).results;
    expect(entry).toMatchObject({ status: 'FAILED', attempts: 1, sent_at: null });
    expect(entry.last_error).toMatch(/^not sent: no SMTP_URL or TALLY_MAIL_DIR/);
    expect(await webhookEvents(a, undefined, ['notification.failed'])).toEqual([]);
  });
});
