/**
 * Dunning campaigns through billing runs at chosen instants (FixedClock; runs scoped to this
 * file's companies) and a real SMTP server in the test process: a declined charge runs the
 * company's steps (reminder, retry, final notice, unpaid), each message once, even with two
 * runners at once; paying or voiding stops the campaign; an invoice past due starts one; the
 * default steps are those of payment_retry_days; companies are kept apart.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { CampaignRunner } from '../../src/notifications/campaigns/campaign-runner.service';
import { MailWorker } from '../../src/notifications/mail-worker.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import request from 'supertest';
import { createCustomer, monthlySeatPricing, ok } from '../support/fixtures';
import { addresses, SmtpInbox } from '../support/smtp-inbox';

const iso = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00Z` : d);
const usd = (cents: number) => ({ currency: 'USD', value_in_cents: cents });
const STEPS = [
  { days_after_due: 1, action_type: 'EMAIL_REMINDER' },
  { days_after_due: 3, action_type: 'RETRY_PAYMENT' },
  { days_after_due: 5, action_type: 'FINAL_NOTICE' },
  { days_after_due: 7, action_type: 'MARK_UNPAID' },
];

describe('dunning campaigns (SMTP, billing runs)', () => {
  const inbox = new SmtpInbox();
  let t: TestApp;
  let clock: FixedClock;
  let worker: MailWorker;
  let a: Tenant;
  let b: Tenant;
  let n = 0;

  beforeAll(async () => {
    await inbox.start();
    clock = new FixedClock(iso('2034-01-01'));
    t = await createTestApp({ clock, config: { mailDelivery: true, smtpUrl: inbox.url, mailFrom: 'Billing <billing@dunning.test>' } });
    worker = t.app.get(MailWorker);
    a = await t.tenant('Dunning Mail A');
    b = await t.tenant('Dunning Mail B');
    await ok(await a.patch('/settings', { display_name: 'Acme Dunning', dunning_steps: STEPS }));
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  /** A billing run of the tenant's company at `when` (the clock moved there), then the mail it queued sent. */
  async function run(when: string, tenant: Tenant = a) {
    clock.set(iso(when));
    await t.app.get(BillingRunService).run(iso(when), { companyIds: [tenant.companyId] });
    await worker.settle();
    await worker.runDue();
  }

  /** A monthly subscription of 50.00 USD paid by `token`, from `start`, for a customer with a billing e-mail. */
  async function subscribe(tenant: Tenant, token: string, start: string) {
    clock.set(iso(start));
    const k = ++n;
    const product = await ok(await tenant.post('/products', { name: `Dunning ${k}` }));
    const price = await ok(
      await tenant.post('/pricing', {
        product_id: product.id,
        currency: 'USD',
        name: `Plan ${k}`,
        billing_frequency: { count: 1, frequency: 'MONTH' },
        pricing_type: 'FIXED',
        fixed_price: { price_per_unit: 2500 },
      }),
    );
    const customer = await createCustomer(tenant, { email: `payer-${k}@dunning.test`, billing_emails: [`ap-${k}@dunning.test`] });
    await ok(await tenant.post(`/customers/${customer.id}/payment_methods`, { token }));
    const sub = await ok(
      await tenant.post('/subscriptions', {
        customer_id: customer.id,
        product_pricing_ids: [price.id],
        config_items: [{ product_metric_pricing_id: price.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: iso(start).toISOString(),
        auto_charges: true,
      }),
    );
    return { customer, sub };
  }

  async function invoiceOf(tenant: Tenant, subId: string) {
    const [row]: { uuid: string }[] = await t.dataSource.query(
      'SELECT uuid FROM invoices WHERE company_id = $1 AND subscription_id = $2 ORDER BY invoice_date LIMIT 1',
      [tenant.companyId, subId],
    );
    return ok(await tenant.get(`/invoices/${row.uuid}`));
  }

  async function campaignOf(tenant: Tenant, invoiceId: string) {
    const found = await ok(await tenant.post('/campaigns/find', { pagination: { limit: 100 }, query: { invoice_id: invoiceId } }));
    expect(found.results).toHaveLength(1);
    return found.results[0];
  }

  const reminder = (number: number) => inbox.withSubject(`Reminder: invoice ${number} from Acme Dunning is unpaid`);
  const finalNotice = (number: number) => inbox.withSubject(`Final notice: invoice ${number} from Acme Dunning`);
  const failed = (number: number) => inbox.withSubject(`Payment failed for invoice ${number} from Acme Dunning`);

  it('a declined charge: reminder, retry, final notice and unpaid on their days, each message once', async () => {
    const { sub } = await subscribe(a, 'tok_chargeDeclined', '2034-01-01');
    await run('2034-01-01');
    const inv = await invoiceOf(a, sub.id);
    expect(inv).toMatchObject({ status: 'PENDING', due: usd(5000) });
    expect(failed(inv.number)).toHaveLength(1);

    let c = await campaignOf(a, inv.id);
    expect(c).toMatchObject({
      type: 'DUNNING',
      status: 'ACTIVE',
      amount: usd(5000),
      customer_id: inv.customer_id,
      invoice: { id: inv.id, uuid: inv.uuid, status: 'PENDING' },
      current_step: 0,
      total_steps: 4,
      next_action_type: 'EMAIL_REMINDER',
      next_action_in: 86_400,
      reference_date: '2034-01-01T00:00:00.000Z',
    });
    expect(c.steps.map((s: any) => [s.step_number, s.action_type, s.status, s.due_at])).toEqual([
      [1, 'EMAIL_REMINDER', 'PENDING', '2034-01-02T00:00:00.000Z'],
      [2, 'RETRY_PAYMENT', 'PENDING', '2034-01-04T00:00:00.000Z'],
      [3, 'FINAL_NOTICE', 'PENDING', '2034-01-06T00:00:00.000Z'],
      [4, 'MARK_UNPAID', 'PENDING', '2034-01-08T00:00:00.000Z'],
    ]);

    await run('2034-01-01T23:59:59Z'); // not yet
    expect(reminder(inv.number)).toHaveLength(0);
    await run('2034-01-02');
    await run('2034-01-02T12:00:00Z'); // the same day again: nothing twice
    const [mail] = reminder(inv.number);
    expect(reminder(inv.number)).toHaveLength(1);
    expect(addresses(mail.to)).toEqual([`payer-${n}@dunning.test`]);
    expect(addresses(mail.cc)).toEqual([`ap-${n}@dunning.test`]);
    expect(mail.text).toContain('$50.00');
    expect(mail.text).toContain(`Pay the invoice: ${inv.hosted_link}`);
    c = await ok(await a.get(`/campaigns/${c.id}`));
    expect(c).toMatchObject({ current_step: 1, next_action_type: 'RETRY_PAYMENT', next_action_in: 36 * 3600 });
    expect(c.steps[0]).toMatchObject({
      status: 'COMPLETED',
      enqueued_at: '2034-01-02T00:00:00.000Z',
      completed_at: '2034-01-02T00:00:00.000Z',
      notification_log: {
        notification_type: 'PAYMENT_REMINDER',
        status: 'SENT',
        to: [`payer-${n}@dunning.test`],
        cc: [`ap-${n}@dunning.test`],
        subject: mail.subject,
      },
      payment_transaction: null,
    });

    await run('2034-01-04'); // the retry: declined again, its payment-failed mail
    const txns = (
      await ok(
        await a.post('/payments/transactions/find', {
          pagination: { limit: 100 },
          query: { invoice_uuid: inv.uuid },
          sort_key: 'createdAtAsc',
        }),
      )
    ).results;
    expect(txns.map((x: any) => [x.status, x.total_amount.value_in_cents, x.created_at])).toEqual([
      ['FAILED', 5000, '2034-01-01T00:00:00.000Z'],
      ['FAILED', 5000, '2034-01-04T00:00:00.000Z'],
    ]);
    expect(failed(inv.number)).toHaveLength(2);
    c = await ok(await a.get(`/campaigns/${c.id}`));
    expect(c.steps[1]).toMatchObject({
      status: 'COMPLETED',
      notification_log: null,
      payment_transaction: { id: txns[1].id, status: 'FAILED', transaction_type: 'PAYMENT', total_amount: usd(5000) },
    });

    await run('2034-01-06');
    expect(finalNotice(inv.number)).toHaveLength(1);
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).status).toBe('active');
    await run('2034-01-08');
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).status).toBe('unpaid');
    c = await ok(await a.get(`/campaigns/${c.id}`));
    expect(c).toMatchObject({ status: 'COMPLETED', current_step: 4, next_action_type: null, next_action_in: null });

    await run('2034-01-20'); // nothing more
    expect([reminder(inv.number).length, finalNotice(inv.number).length, failed(inv.number).length]).toEqual([1, 1, 2]);
    // the log matches what arrived
    const log = (
      await ok(await a.post('/notifications/find', { pagination: { limit: 100 }, query: { invoice_id: inv.id }, sort_key: 'createdAtAsc' }))
    ).results;
    expect(log.map((x: any) => [x.notification_type, x.status])).toEqual([
      ['INVOICE_FINALIZED', 'SENT'],
      ['PAYMENT_FAILED', 'SENT'],
      ['PAYMENT_REMINDER', 'SENT'],
      ['PAYMENT_FAILED', 'SENT'],
      ['FINAL_NOTICE', 'SENT'],
    ]);
  });

  it('paying stops the campaign: its steps left are CANCELLED and nothing more is sent', async () => {
    const { sub } = await subscribe(a, 'tok_chargeDeclined', '2034-03-01');
    await run('2034-03-01');
    const inv = await invoiceOf(a, sub.id);
    await run('2034-03-02');
    expect(reminder(inv.number)).toHaveLength(1);
    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(5000), provider_type: 'WIRE' }));
    const c = await campaignOf(a, inv.id);
    expect(c).toMatchObject({ status: 'STOPPED', stop_reason: 'invoice_paid', current_step: 1, next_action_type: null });
    expect(c.steps.map((s: any) => s.status)).toEqual(['COMPLETED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    await run('2034-03-10');
    expect(finalNotice(inv.number)).toHaveLength(0);
    expect(failed(inv.number)).toHaveLength(1);
    expect((await ok(await a.get(`/subscriptions/${sub.id}`))).status).toBe('active');
  });

  it('two runners at once run each step once', async () => {
    const { sub } = await subscribe(a, 'tok_chargeDeclined', '2034-05-01');
    await run('2034-05-01');
    const inv = await invoiceOf(a, sub.id);
    const t2 = await createTestApp({ clock, config: { mailDelivery: true, smtpUrl: inbox.url, mailFrom: 'billing@dunning.test' } });
    try {
      clock.set(iso('2034-05-06'));
      const at = iso('2034-05-06');
      const runners = [t.app.get(CampaignRunner), t2.app.get(CampaignRunner)];
      await Promise.all([...runners, ...runners].map((r) => r.runDue(at, { companyIds: [a.companyId] })));
      await Promise.all([worker.settle(), t2.app.get(MailWorker).settle()]);
      await worker.runDue();
    } finally {
      await t2.close();
    }
    expect(reminder(inv.number)).toHaveLength(1);
    expect(finalNotice(inv.number)).toHaveLength(1);
    const txns = (await ok(await a.post('/payments/transactions/find', { pagination: { limit: 100 }, query: { invoice_uuid: inv.uuid } })))
      .results;
    expect(txns).toHaveLength(2); // the first charge and one retry
    const c = await campaignOf(a, inv.id);
    expect(c.steps.map((s: any) => s.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'PENDING']);
  });

  it('an invoice past its due date starts a campaign counted from the due date; voiding it stops the campaign', async () => {
    clock.set(iso('2034-07-01'));
    const customer = await createCustomer(a, { email: 'late@dunning.test' });
    const res = await ok(
      await a.post('/one_times', {
        customer_id: customer.id,
        type: 'IMMEDIATE',
        invoice_due_date_from_creation: 0,
        onetime_items: [{ custom_price: { amount: usd(1234), description: 'Consulting' } }],
      }),
      201,
    );
    const inv = await ok(await a.get(`/invoices/${res[0].invoice_uuid}`));
    await run('2034-07-02T12:00:00Z');
    const c = await campaignOf(a, inv.id);
    expect(c).toMatchObject({ status: 'ACTIVE', amount: usd(1234), reference_date: inv.due_date, current_step: 1 });
    expect(c.steps[1]).toMatchObject({ action_type: 'RETRY_PAYMENT', status: 'PENDING' });
    expect(reminder(inv.number)).toHaveLength(1);
    expect(reminder(inv.number)[0].text).toContain('$12.34');
    await run('2034-07-04T12:00:00Z'); // no automatic charge to retry: skipped, with its reason
    const after = await ok(await a.get(`/campaigns/${c.id}`));
    expect(after.steps[1]).toMatchObject({ status: 'SKIPPED', note: 'no declined automatic charge to retry', payment_transaction: null });
    await ok(await a.post(`/invoices/${inv.uuid}/void`, {}));
    expect(await ok(await a.get(`/campaigns/${c.id}`))).toMatchObject({ status: 'STOPPED', stop_reason: 'invoice_voided' });
  });

  it('POST /campaigns/{id}/stop stops an active campaign; a second stop is a 409', async () => {
    const { sub } = await subscribe(a, 'tok_chargeDeclined', '2034-09-01');
    await run('2034-09-01');
    const inv = await invoiceOf(a, sub.id);
    const c = await campaignOf(a, inv.id);
    const stopped = await ok(await a.post(`/campaigns/${c.id}/stop`, {}));
    expect(stopped).toMatchObject({ status: 'STOPPED', stop_reason: 'stopped_by_request', next_action_type: null });
    expectError(await a.post(`/campaigns/${c.id}/stop`, {}), 409, 'request_error');
    await run('2034-09-10');
    expect(reminder(inv.number)).toHaveLength(0);
    const active = await ok(
      await a.post('/campaigns/find', {
        pagination: { limit: 100 },
        query: { status: 'STOPPED', customer_id: inv.customer_id, type: 'DUNNING' },
      }),
    );
    expect(active.results.map((x: any) => x.id)).toEqual([c.id]);
  });

  it('without dunning_steps, the campaign of payment_retry_days: retries on its days, then unpaid; past-due invoices start none', async () => {
    await ok(await b.patch('/settings', { payment_retry_days: [2, 4] }));
    expect((await ok(await b.get('/settings'))).dunning_steps).toBeNull();
    const { sub } = await subscribe(b, 'tok_chargeDeclined', '2034-11-01');
    await run('2034-11-01', b);
    const inv = await invoiceOf(b, sub.id);
    const c = await campaignOf(b, inv.id);
    expect(c.steps.map((s: any) => [s.action_type, s.due_at])).toEqual([
      ['RETRY_PAYMENT', '2034-11-03T00:00:00.000Z'],
      ['RETRY_PAYMENT', '2034-11-05T00:00:00.000Z'],
      ['MARK_UNPAID', '2034-11-05T00:00:00.000Z'],
    ]);
    await run('2034-11-05', b);
    expect((await ok(await b.get(`/campaigns/${c.id}`))).status).toBe('COMPLETED');
    expect((await ok(await b.get(`/subscriptions/${sub.id}`))).status).toBe('unpaid');
    // a manual invoice of B past due: no campaign (B has no dunning_steps)
    const customer = await createCustomer(b, { email: 'manual@dunning.test' });
    const res = await ok(
      await b.post('/one_times', { customer_id: customer.id, type: 'IMMEDIATE', onetime_items: [{ custom_price: { amount: usd(500) } }] }),
      201,
    );
    await run('2034-12-20', b);
    const manual = await ok(await b.get(`/invoices/${res[0].invoice_uuid}`));
    expect((await ok(await b.post('/campaigns/find', { pagination: { limit: 100 }, query: { invoice_id: manual.id } }))).results).toEqual(
      [],
    );
  });

  it('CANCEL_SUBSCRIPTION cancels the subscription at the step, with no refund', async () => {
    const c = await t.tenant('Dunning Cancel');
    await ok(await c.patch('/settings', { dunning_steps: [{ days_after_due: 2, action_type: 'CANCEL_SUBSCRIPTION' }] }));
    const { sub } = await subscribe(c, 'tok_chargeDeclined', '2034-10-01');
    await run('2034-10-01', c);
    await run('2034-10-03T06:00:00Z', c);
    await run('2034-10-03T07:00:00Z', c); // once
    const after = await ok(await c.get(`/subscriptions/${sub.id}`));
    expect(after).toMatchObject({ status: 'cancelled', end_date: '2034-10-03T06:00:00.000Z' });
    const inv = await invoiceOf(c, sub.id);
    const campaign = await campaignOf(c, inv.id);
    expect(campaign).toMatchObject({ status: 'COMPLETED', current_step: 1 });
    expect(campaign.steps[0]).toMatchObject({ action_type: 'CANCEL_SUBSCRIPTION', status: 'COMPLETED', note: null });
  });

  it('a contract awaiting signatures: each signatory gets their link, reminders on the days set until they sign', async () => {
    const c = await t.tenant('Signatures Co');
    await ok(await c.patch('/settings', { display_name: 'Sign Co', signature_reminder_days: [2, 5] }));
    clock.set(iso('2034-08-01T09:00:00Z'));
    const product = await ok(await c.post('/products', { name: 'Contracted' }));
    const pricing = await monthlySeatPricing(c, product.id, 'Seats', 5800);
    const customer = await createCustomer(c, { email: 'buyer@signatures.test' });
    const draft = await ok(
      await c.post('/contracts', {
        customer_id: customer.id,
        title: 'Order form 7',
        status: 'DRAFT',
        product_pricing_ids: [pricing.id],
        config_items: [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 2 }],
        start_date: '2034-09-01T00:00:00.000Z',
        signatories: [
          { email: 'ceo@signatures.test', name: 'Ada' },
          { email: 'cfo@signatures.test', name: 'Bob' },
        ],
      }),
    );
    await worker.settle();
    const requests = () => inbox.withSubject('Please sign Order form 7 from Sign Co');
    expect(requests()).toHaveLength(0); // a DRAFT awaits nobody
    expect(draft.campaigns).toEqual([]);
    const contract = await ok(await c.patch(`/contracts/${draft.id}`, { status: 'PENDING_SIGNATURES' }));
    await worker.settle();
    const [ceo, cfo] = contract.signatories;
    const sent = requests().map((m) => ({ to: addresses(m.to), cc: addresses(m.cc), text: m.text as string }));
    expect(sent.map((x) => x.to[0]).sort()).toEqual(['ceo@signatures.test', 'cfo@signatures.test']);
    for (const x of sent) {
      const [mine, other] = x.to[0] === 'ceo@signatures.test' ? [ceo, cfo] : [cfo, ceo];
      expect(x.text).toContain(mine.signature_link); // each their own link, never another's
      expect(x.text).not.toContain(other.signature_link);
      expect(x.cc).toEqual([]);
    }
    expect(contract.campaigns.map((x: any) => [x.type, x.status, x.contract_id, x.steps.map((st: any) => st.due_at)])).toEqual([
      ['SIGNATURE_REMINDER', 'ACTIVE', contract.id, ['2034-08-03T09:00:00.000Z', '2034-08-06T09:00:00.000Z']],
      ['SIGNATURE_REMINDER', 'ACTIVE', contract.id, ['2034-08-03T09:00:00.000Z', '2034-08-06T09:00:00.000Z']],
    ]);
    const log = await ok(
      await c.post('/notifications/find', {
        pagination: { limit: 100 },
        query: { contract_id: contract.id, notification_type: 'SIGNATURE_REQUEST' },
      }),
    );
    expect(log.results.map((x: any) => x.to[0]).sort()).toEqual(['ceo@signatures.test', 'cfo@signatures.test']);

    const reminders = () => inbox.withSubject('Reminder: please sign Order form 7 from Sign Co');
    await run('2034-08-03T09:00:00Z', c);
    expect(
      reminders()
        .map((m) => addresses(m.to)[0])
        .sort(),
    ).toEqual(['ceo@signatures.test', 'cfo@signatures.test']);
    // Ada signs on her page: her reminders stop, Bob's go on
    const shown = await request(t.http).get(new URL(ceo.signature_link).pathname).expect(200);
    const terms = /name="terms" value="([^"]*)"/.exec(shown.text)![1];
    await request(t.http)
      .post(new URL(ceo.signature_link).pathname)
      .type('form')
      .send({ full_name: 'Ada', agree: 'yes', terms })
      .expect(200);
    await run('2034-08-06T09:00:00Z', c);
    await run('2034-08-07T09:00:00Z', c);
    expect(
      reminders()
        .map((m) => addresses(m.to)[0])
        .sort(),
    ).toEqual(['ceo@signatures.test', 'cfo@signatures.test', 'cfo@signatures.test']);
    expect(reminders().find((m) => addresses(m.to)[0] === 'cfo@signatures.test')!.text).toContain(cfo.signature_link);
    const after = await ok(await c.get(`/contracts/${contract.id}`));
    const byStatus = after.campaigns.map((x: any) => [x.status, x.stop_reason, x.current_step]).sort();
    expect(byStatus).toEqual([
      ['COMPLETED', null, 2],
      ['STOPPED', 'contract_signed', 1],
    ]);
    // another company sees none of it
    expect(
      (await ok(await b.post('/campaigns/find', { pagination: { limit: 100 }, query: { contract_id: contract.id } }))).results,
    ).toEqual([]);
  });

  it('dunning_steps is checked: bad steps are one 400 naming the setting', async () => {
    for (const bad of [
      [{ days_after_due: 1, action_type: 'SHOUT' }],
      [{ days_after_due: -1, action_type: 'EMAIL_REMINDER' }],
      [
        { days_after_due: 3, action_type: 'EMAIL_REMINDER' },
        { days_after_due: 1, action_type: 'FINAL_NOTICE' },
      ],
      [{ days_after_due: 1, action_type: 'EMAIL_REMINDER', extra: true }],
      'EMAIL_REMINDER',
    ]) {
      const res = await a.patch('/settings', { dunning_steps: bad });
      expectError(res, 400, 'validation_error');
      expect(JSON.stringify(res.body)).toContain('dunning_steps');
    }
    expect((await ok(await a.get('/settings'))).dunning_steps).toEqual(STEPS);
  });

  it('companies are kept apart: another company cannot find, read or stop a campaign', async () => {
    const found = await ok(await a.post('/campaigns/find', { pagination: { limit: 100 }, query: { type: 'DUNNING' } }));
    const theirs = found.results[0];
    expect(theirs).toBeDefined();
    expectError(await b.get(`/campaigns/${theirs.id}`), 404, 'request_error', 'not_found');
    expectError(await b.post(`/campaigns/${theirs.id}/stop`, {}), 404, 'request_error', 'not_found');
    const mine = await ok(await b.post('/campaigns/find', { pagination: { limit: 100 }, query: { invoice_id: theirs.invoice_id } }));
    expect(mine.results).toEqual([]);
    const all = await ok(await b.post('/campaigns/find', { pagination: { limit: 100 } }));
    expect(all.results.every((x: any) => x.id !== theirs.id)).toBe(true);
  });
});
