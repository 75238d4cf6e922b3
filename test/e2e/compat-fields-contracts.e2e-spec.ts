import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, ok, seatPricing5800 } from '../support/fixtures';

/**
 * Hosted-API request fields of POST /contracts (issue 12): type CONTRACT, template_id (see
 * contract-templates.e2e-spec.ts for the templates themselves), options, requires_payment_method,
 * trial, trial_term.
 */
const NOW = '2027-03-01T12:00:00.000Z';

describe('hosted-API fields: contracts', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let seats: any;
  let customer: any;

  const base = (over: Record<string, unknown> = {}) => ({
    customer_id: customer.id,
    title: 'Order form',
    product_pricing_ids: [seats.id],
    config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
    signatories: [{ email: 'ceo@acme.test', name: 'Ada Lovelace' }],
    ...over,
  });
  const contractsOf = async (customerId: string) =>
    (await ok(await a.post('/contracts/find', { query: { customer_id: customerId } }))).results;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const product = await createProduct(a, { name: 'Compat contracts' });
    seats = await createPricing(a, seatPricing5800(product.id));
    customer = await createCustomer(a, { name: 'Acme Corp' });
  });
  afterAll(() => t.close());

  it('a contract without the new fields answers their defaults', async () => {
    const c = await ok(await a.post('/contracts', base()));
    expect(c).toMatchObject({
      type: 'CONTRACT',
      template_id: null,
      content_template: null,
      rendered_content: null,
      options: null,
      requires_payment_method: false,
      trial: false,
      trial_term: null,
    });
  });

  it('takes the reference sample: type CONTRACT, options, requires_payment_method, trial and trial_term; stored and answered', async () => {
    const c = await ok(
      await a.post(
        '/contracts',
        base({
          type: 'CONTRACT',
          options: { completion_action: 'REDIRECT', redirect_url: 'https://acme.test/thanks', allow_promo_code: false },
          requires_payment_method: true,
          trial: true,
          trial_term: { count: 14, frequency: 'DAY' },
        }),
      ),
    );
    const expected = {
      type: 'CONTRACT',
      options: {
        allow_promo_code: false,
        completion_action: 'REDIRECT',
        confirmation_message: null,
        redirect_url: 'https://acme.test/thanks',
        requires_customer_address: false,
      },
      requires_payment_method: true,
      trial: true,
      trial_term: { count: 14, frequency: 'DAY' },
    };
    expect(c).toMatchObject(expected);
    expect(await ok(await a.get(`/contracts/${c.id}`))).toMatchObject(expected);
    expectError(await b.get(`/contracts/${c.id}`), 404, 'request_error', 'not_found');
  });

  it('refuses allow_promo_code true with a 400 naming it: there are no promotion codes to offer', async () => {
    const res = await a.post('/contracts', base({ options: { allow_promo_code: true } }));
    expectError(res, 400, 'validation_error');
    expect(Object.keys(res.body.validation_errors)).toEqual(['options.allow_promo_code']);
  });

  it('the subscription a contract with a trial creates starts with that trial', async () => {
    const c = await ok(await a.post('/contracts', base({ trial: true, trial_term: { count: 30, frequency: 'DAY' } })));
    const signed = await ok(
      await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test', name: 'Ada Lovelace', signed: true }] }),
    );
    expect(signed.status).toBe('EXECUTED');
    const sub = await ok(await a.get(`/subscriptions/${signed.subscription_id}`));
    expect(sub).toMatchObject({
      trial: true,
      trial_term: { count: 30, frequency: 'DAY' },
      trial_conversion_date: '2027-03-31T12:00:00.000Z',
      mrr: { value_in_cents: 0 },
    });
  });

  it('a trial is a term: a contract with one has another terms digest than the same contract without', async () => {
    const plain = await ok(await a.post('/contracts', base()));
    const withTrial = await ok(await a.post('/contracts', base({ trial: true, trial_term: { count: 7, frequency: 'DAY' } })));
    const again = await ok(await a.post('/contracts', base()));
    expect(withTrial.terms_digest).not.toBe(plain.terms_digest);
    expect(again.terms_digest).toBe(plain.terms_digest);
  });

  it.each([
    ['type CHECKOUT_SESSION', { type: 'CHECKOUT_SESSION' }, 'type'],
    ['type in lower case', { type: 'contract' }, 'type'],
    ['requires_payment_method not a boolean', { requires_payment_method: 'yes' }, 'requires_payment_method'],
    ['trial without trial_term', { trial: true }, 'trial_term'],
    ['trial_term without trial', { trial_term: { count: 7, frequency: 'DAY' } }, 'trial_term'],
    ['a bad trial_term', { trial: true, trial_term: { count: 0, frequency: 'DAY' } }, 'trial_term.count'],
    ['options not an object', { options: 'REDIRECT' }, 'options'],
    ['an unknown completion_action', { options: { completion_action: 'EMAIL' } }, 'options.completion_action'],
    ['REDIRECT without redirect_url', { options: { completion_action: 'REDIRECT' } }, 'options.redirect_url'],
    ['a relative redirect_url', { options: { redirect_url: '/thanks' } }, 'options.redirect_url'],
    ['an unknown option', { options: { send_email: true } }, 'options.send_email'],
    ['an undocumented field', { approval_required: true }, 'approval_required'],
  ])('%s is a 400 naming it, and creates nothing', async (_label, fields, field) => {
    const c = await createCustomer(a);
    const e = expectError(await a.post('/contracts', base({ customer_id: c.id, ...fields })), 400, 'validation_error');
    expect(Object.keys(e.validation_errors!)).toEqual([field]);
    expect(await contractsOf(c.id)).toEqual([]);
  });

  it('the signing page opens for a contract with options', async () => {
    const c = await ok(await a.post('/contracts', base({ options: { confirmation_message: 'Thanks!' } })));
    const link = c.signatories[0].signature_link as string;
    const page = await request(t.http).get(new URL(link).pathname);
    expect(page.status).toBe(200);
  });
});
