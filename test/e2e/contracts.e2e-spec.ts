import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createPricing, createProduct, createCustomer, seatPricing5800 } from '../support/fixtures';

/** A monthly seat price of 58.00 USD per licence (these tests' plan), on the shared fixedPricing. */
const LINK = /^https?:\/\/[^/]+\/contracts\/sign\/(cmp_[0-9a-z]{26}_[A-Za-z0-9_-]{43})$/;
const NOW = '2027-03-01T12:00:00.000Z';

const RESPONSE_KEYS = [
  'acv',
  'auto_charges',
  'auto_renews',
  'bundle_pricing',
  'bundle_pricing_id',
  'campaigns',
  'change_custom_date',
  'change_proration_type',
  'change_reset_billing_anchor',
  'change_timing',
  'company',
  'company_id',
  'completed_date',
  'config_items',
  'content',
  'content_template',
  'contract_attachments',
  'counter_signatories',
  'created_at',
  'currency',
  'custom_variables',
  'customer',
  'customer_id',
  'discounts',
  'expiration_date',
  'id',
  'metadata',
  'onetime_items',
  'owner_id',
  'product_pricing_ids',
  'product_pricings',
  'signatories',
  'start_date',
  'status',
  'subscription_id',
  'term',
  'terms_digest',
  'title',
  'updated_at',
  'options',
  'rendered_content',
  'requires_payment_method',
  'payment_method_id',
  'template_id',
  'trial',
  'trial_term',
  'type',
].sort();
const SIGNATORY_KEYS = [
  'declined',
  'email',
  'name',
  'position',
  'signature_id',
  'signature_link',
  'signed',
  'signed_date',
  'terms_digest',
  'title',
  'view_timestamps',
];

describe('contracts', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let product: { id: string };
  let seats: any; // $58.00 per seat a month
  let yearly: any; // $1,000.00 a year
  let setup: any; // one-time $250.00
  let bundle: any;
  let customer: any;

  const setNow = (iso: string) => clock.set(new Date(iso));
  const seatPmp = () => seats.product_metric_pricings[0].id;
  const base = (over: Record<string, unknown> = {}) => ({
    customer_id: customer.id,
    title: 'Master services agreement',
    product_pricing_ids: [seats.id],
    config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 2 }],
    signatories: [
      { email: 'ceo@acme.test', name: 'Ada Lovelace', title: 'CEO', position: 1 },
      { email: 'cfo@acme.test', name: 'Bob Byte', title: 'CFO', position: 2 },
    ],
    ...over,
  });
  const createContract = async (over: Record<string, unknown> = {}, tenant: Tenant = a) => {
    const res = await tenant.post('/contracts', base(over));
    if (res.status !== 200) throw new Error(`POST /contracts ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const tokenOf = (link: string) => LINK.exec(link)![1];
  const page = (link: string) => request(t.http).get(new URL(link).pathname);
  /** A form post as the page makes it: the hidden `terms` field (digest of the terms shown) is read from the page first. */
  const submit = async (link: string, form: Record<string, string>) => {
    const terms = /name="terms" value="([^"]*)"/.exec((await page(link)).text)?.[1];
    return request(t.http)
      .post(new URL(link).pathname)
      .type('form')
      .send(terms !== undefined ? { terms, ...form } : form);
  };
  const subscriptionsOf = async (customerId: string) =>
    (await a.post('/subscriptions/find', { query: { customer_id: customerId }, include_meta: true }).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Acme Billing');
    b = await t.tenant('Other Co');
    product = await createProduct(a, { name: 'Platform' });
    seats = await createPricing(a, seatPricing5800(product.id));
    yearly = await createPricing(
      a,
      seatPricing5800(product.id, {
        name: 'Yearly',
        fixed_price: { price_per_unit: 100_000 },
        billing_frequency: { count: 1, frequency: 'YEAR' },
      }),
    );
    setup = await createPricing(
      a,
      seatPricing5800(product.id, {
        name: 'Setup',
        fixed_price: { price_per_unit: 25_000 },
        type: 'ONETIME',
        billing_frequency: { count: 1, frequency: 'ONETIME' },
      }),
    );
    bundle = (
      await a.post('/bundles', {
        name: 'Starter',
        currency: 'USD',
        term: { count: 1, frequency: 'YEAR' },
        product_pricing_ids: [seats.id, yearly.id],
      })
    ).body;
    customer = await createCustomer(a, { name: 'Acme Corp' });
  });
  afterAll(() => t.close());
  beforeEach(() => setNow(NOW));

  describe('create', () => {
    it('creates a contract (200) with every field of the spec', async () => {
      const body = await createContract({
        term: { count: 1, frequency: 'YEAR' },
        start_date: '2027-04-01T00:00:00.000Z',
        expiration_date: '2027-03-31T00:00:00.000Z',
        auto_renews: false,
        auto_charges: true,
        discounts: [{ name: 'Launch', type: 'DISCOUNT_PERCENT', percent: 0.25, product_pricing_id: seats.id }],
        onetime_items: [{ product_pricing_id: setup.id, aggregate: 1 }],
        custom_variables: { customer_name: 'Acme Corp' },
        content: 'This agreement binds {{customer_name}}.',
        metadata: { deal: 'D-42' },
        owner_id: 'user_7',
        status: 'PENDING_SIGNATURES',
      });
      expect(Object.keys(body).sort()).toEqual(RESPONSE_KEYS);
      expect(body).toMatchObject({
        id: expect.stringMatching(/^ctr_[0-9a-z]{26}$/),
        company_id: a.companyId,
        customer_id: customer.id,
        title: 'Master services agreement',
        status: 'PENDING_SIGNATURES',
        currency: 'USD',
        // 2 seats × $58.00 × 12 months, 25 % off the seats
        acv: { currency: 'USD', value_in_cents: 104_400 },
        auto_charges: true,
        auto_renews: false,
        bundle_pricing: null,
        bundle_pricing_id: null,
        // awaiting signatures: one reminder campaign per signatory (company setting signature_reminder_days)
        campaigns: [
          expect.objectContaining({ type: 'SIGNATURE_REMINDER', status: 'ACTIVE', total_steps: 2 }),
          expect.objectContaining({ type: 'SIGNATURE_REMINDER', status: 'ACTIVE', total_steps: 2 }),
        ],
        change_custom_date: null,
        change_proration_type: null,
        change_reset_billing_anchor: null,
        change_timing: null,
        completed_date: null,
        content: 'This agreement binds {{customer_name}}.',
        content_template: null,
        contract_attachments: [],
        counter_signatories: [],
        custom_variables: { customer_name: 'Acme Corp' },
        expiration_date: '2027-03-31T00:00:00.000Z',
        start_date: '2027-04-01T00:00:00.000Z',
        metadata: { deal: 'D-42' },
        owner_id: 'user_7',
        product_pricing_ids: [seats.id],
        subscription_id: null,
        term: { count: 1, frequency: 'YEAR' },
        created_at: NOW,
        updated_at: NOW,
      });
      expect(body.company).toMatchObject({ id: a.companyId, name: 'Acme Billing' });
      expect(body.customer).toMatchObject({ id: customer.id, name: 'Acme Corp', email: customer.email });
      expect(Object.keys(body.customer)).toEqual(
        expect.arrayContaining(['arr', 'mrr', 'computed_entitlements', 'billing_emails', 'status']),
      );
      expect(body.product_pricings).toHaveLength(1);
      expect(body.product_pricings[0]).toMatchObject({ id: seats.id, name: 'Seats', currency: 'USD', product: { id: product.id } });
      expect(body.product_pricings[0].product_metric_pricings[0].item_pricing).toBeDefined();
      expect(body.config_items).toEqual([
        expect.objectContaining({ product_metric_pricing_id: seatPmp(), product_pricing_id: seats.id, num_licenses: 2, minimum_units: 0 }),
      ]);
      expect(body.discounts).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(/^disc_/),
          name: 'Launch',
          type: 'DISCOUNT_PERCENT',
          percent: 0.25,
          product_pricing_id: seats.id,
        }),
      ]);
      expect(body.onetime_items).toEqual([expect.objectContaining({ product_pricing_id: setup.id, aggregate: 1 })]);
      expect(body.signatories).toHaveLength(2);
      for (const s of body.signatories) expect(Object.keys(s).sort()).toEqual(SIGNATORY_KEYS);
      expect(body.signatories[0]).toEqual({
        declined: false,
        email: 'ceo@acme.test',
        name: 'Ada Lovelace',
        position: 1,
        signature_id: null,
        signature_link: expect.stringMatching(LINK),
        signed: false,
        signed_date: null,
        terms_digest: null,
        title: 'CEO',
        view_timestamps: [],
      });
      const [l1, l2] = body.signatories.map((s: any) => s.signature_link);
      expect(l1).not.toEqual(l2);
      expect(tokenOf(l1).startsWith(`${a.companyId}_`)).toBe(true);
      // GET answers the same record
      const got = (await a.get(`/contracts/${body.id}`).expect(200)).body;
      expect(got).toEqual(body);
    });

    it('defaults: DRAFT, auto_renews true, auto_charges false, term of the plan, nulls and empty objects', async () => {
      const body = await createContract({ signatories: undefined, config_items: undefined, product_pricing_ids: [yearly.id] });
      expect(body).toMatchObject({
        status: 'DRAFT',
        auto_renews: true,
        auto_charges: false,
        term: { count: 1, frequency: 'YEAR' },
        start_date: null,
        expiration_date: null,
        content: null,
        owner_id: null,
        custom_variables: {},
        metadata: {},
        discounts: [],
        onetime_items: [],
        signatories: [],
        acv: { currency: 'USD', value_in_cents: 100_000 }, // a yearly price counts once
      });
    });

    it('takes a bundle: its pricings, the bundle expanded, its term', async () => {
      const body = await createContract({
        product_pricing_ids: undefined,
        bundle_pricing_id: bundle.id,
        config_items: [{ product_metric_pricing_id: seatPmp(), num_licenses: 3 }],
      });
      expect(body.bundle_pricing_id).toBe(bundle.id);
      expect(body.bundle_pricing).toMatchObject({ id: bundle.id, name: 'Starter', default_term: { count: 1, frequency: 'YEAR' } });
      expect(body.product_pricing_ids).toEqual([seats.id, yearly.id]);
      expect(body.product_pricings.map((p: any) => p.id)).toEqual([seats.id, yearly.id]);
      expect(body.term).toEqual({ count: 1, frequency: 'YEAR' });
      expect(body.acv).toEqual({ currency: 'USD', value_in_cents: 3 * 5800 * 12 + 100_000 });
    });

    it('accepts the customer identifier', async () => {
      const c = await createCustomer(a, { name: 'By identifier', ...{ identifier: 'crm-77' } });
      const body = await createContract({ customer_id: 'crm-77' });
      expect(body.customer_id).toBe(c.id);
    });

    it.each([
      ['unknown customer', { customer_id: 'cus_01hzzzzzzzzzzzzzzzzzzzzzzz' }, 404, 'customer_id'],
      ['unknown pricing', { product_pricing_ids: ['pp_01hzzzzzzzzzzzzzzzzzzzzzzz'], config_items: [] }, 404, 'product_pricing_ids[0]'],
      [
        'unknown bundle',
        { product_pricing_ids: undefined, bundle_pricing_id: 'bndl_01hzzzzzzzzzzzzzzzzzzzzzzz', config_items: [] },
        404,
        'bundle_pricing_id',
      ],
      [
        'unknown one-time pricing',
        { onetime_items: [{ product_pricing_id: 'pp_01hzzzzzzzzzzzzzzzzzzzzzzz' }] },
        404,
        'onetime_items[0].product_pricing_id',
      ],
    ])('%s: 404 naming the field', async (_name, over, status, field) => {
      const res = await a.post('/contracts', base(over));
      const err = expectError(res, status, 'request_error', 'not_found');
      expect(Object.keys(err.validation_errors ?? {})).toEqual([field]);
    });

    it.each([
      [
        'duplicate signatory e-mails (case-insensitive)',
        { signatories: [{ email: 'x@acme.test' }, { email: 'X@Acme.test' }] },
        'signatories[1].email',
      ],
      ['position below 1', { signatories: [{ email: 'x@acme.test', position: 0 }] }, 'signatories[0].position'],
      ['position not an integer', { signatories: [{ email: 'x@acme.test', position: 1.5 }] }, 'signatories[0].position'],
      ['e-mail missing', { signatories: [{ name: 'No mail' }] }, 'signatories[0].email'],
      ['e-mail not an address', { signatories: [{ email: 'nope' }] }, 'signatories[0].email'],
      ['unknown field', { colour: 'blue' }, 'colour'],
      ['unknown signatory field', { signatories: [{ email: 'x@acme.test', signed: true }] }, 'signatories[0].signed'],
      ['title missing', { title: undefined }, 'title'],
      ['status not allowed on create', { status: 'EXECUTED' }, 'status'],
      ['both pricings and bundle', { bundle_pricing_id: 'bndl_01hzzzzzzzzzzzzzzzzzzzzzzz' }, 'bundle_pricing_id'],
      ['no plan', { product_pricing_ids: undefined, config_items: undefined }, 'product_pricing_ids'],
      ['ONETIME term', { term: { count: 1, frequency: 'ONETIME' } }, 'term.frequency'],
      ['bad start_date', { start_date: 'tomorrow' }, 'start_date'],
      [
        'discount outside the plan',
        () => ({ discounts: [{ name: 'X', type: 'DISCOUNT_PERCENT', percent: 0.1, product_pricing_id: yearly.id }] }),
        'discounts[0].product_pricing_id',
      ],
      ['discount without percent', { discounts: [{ name: 'X', type: 'DISCOUNT_PERCENT' }] }, 'discounts[0].percent'],
      [
        'config item of another pricing',
        () => ({ config_items: [{ product_pricing_id: yearly.id, num_licenses: 1 }] }),
        'config_items[0].product_pricing_id',
      ],
    ] as [string, Record<string, unknown> | (() => Record<string, unknown>), string][])(
      '%s: 400 naming the field',
      async (_name, over, field) => {
        const res = await a.post('/contracts', base(typeof over === 'function' ? over() : over));
        const err = expectError(res, 400, 'validation_error');
        expect(Object.keys(err.validation_errors ?? {})).toContain(field);
      },
    );

    it('refuses an archived customer', async () => {
      const c = await createCustomer(a, { name: 'Archived', ...{ status: 'ARCHIVED' } });
      expectError(await a.post('/contracts', base({ customer_id: c.id })), 400, 'request_error', 'customer_not_active');
    });
  });

  describe('get and find', () => {
    it('GET of an unknown or malformed id is a 404', async () => {
      expectError(await a.get('/contracts/ctr_01hzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
      expectError(await a.get('/contracts/subs_01hzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
      expectError(await a.get('/contracts/whatever'), 404, 'request_error', 'not_found');
    });

    it('filters by customer_id, statuses (case-insensitive), owner_id and search (title, customer name)', async () => {
      const c = await createCustomer(a, { name: 'Zebra Industries' });
      const c2 = await createCustomer(a, { name: 'Other Buyer' });
      const draft = await createContract({ customer_id: c.id, title: 'Alpha deal', owner_id: 'owner_f1' });
      const pending = await createContract({ customer_id: c.id, title: 'Beta deal', status: 'PENDING_SIGNATURES', owner_id: 'owner_f2' });
      const other = await createContract({ customer_id: c2.id, title: 'Gamma zebra-free', owner_id: 'owner_f1' });
      const find = async (query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        (await a.post('/contracts/find', { query, include_meta: true, ...extra }).expect(200)).body;

      const byCustomer = await find({ customer_id: c.id });
      expect(byCustomer.results.map((r: any) => r.id).sort()).toEqual([draft.id, pending.id].sort());
      expect(byCustomer.pagination.total).toBe(2);
      expect(Object.keys(byCustomer.results[0]).sort()).toEqual(RESPONSE_KEYS);

      expect((await find({ customer_id: c.id, statuses: ['pending_signatures'] })).results.map((r: any) => r.id)).toEqual([pending.id]);
      expect((await find({ customer_id: c.id, status: 'draft' })).results.map((r: any) => r.id)).toEqual([draft.id]);
      expect((await find({ owner_id: 'owner_f1' })).results.map((r: any) => r.id).sort()).toEqual([draft.id, other.id].sort());
      expect((await find({ search: 'BETA' })).results.map((r: any) => r.id)).toEqual([pending.id]);
      expect((await find({ search: 'zebra ind' })).results.map((r: any) => r.id).sort()).toEqual([draft.id, pending.id].sort());
      expect((await find({ search: 'zebra' })).results.map((r: any) => r.id).sort()).toEqual([draft.id, pending.id, other.id].sort());

      expectError(await a.post('/contracts/find', { query: { colour: 'x' } }), 400, 'validation_error');
      expectError(await a.post('/contracts/find', { sort_key: 'titleAsc' }), 400, 'validation_error');
    });

    it('sorts by the base sort keys, ties by id, and pages with from_key', async () => {
      const c = await createCustomer(a, { name: 'Sorted' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        setNow(new Date(Date.parse(NOW) + i * 60_000).toISOString());
        ids.push((await createContract({ customer_id: c.id, title: `Sorted ${i}` })).id);
      }
      // touch the first one last: it becomes the most recently updated
      setNow(new Date(Date.parse(NOW) + 10 * 60_000).toISOString());
      await a.patch(`/contracts/${ids[0]}`, { title: 'Sorted 0 (edited)' }).expect(200);
      const order = async (sort_key: string) =>
        (await a.post('/contracts/find', { query: { customer_id: c.id }, sort_key }).expect(200)).body.results.map((r: any) => r.id);
      expect(await order('createdAtAsc')).toEqual(ids);
      expect(await order('createdAtDesc')).toEqual([...ids].reverse());
      expect(await order('updatedAtAsc')).toEqual([ids[1], ids[2], ids[0]]);
      expect(await order('updatedAtDesc')).toEqual([ids[0], ids[2], ids[1]]);
      const first = (
        await a.post('/contracts/find', { query: { customer_id: c.id }, sort_key: 'createdAtAsc', pagination: { limit: 2 } }).expect(200)
      ).body;
      expect(first.results.map((r: any) => r.id)).toEqual(ids.slice(0, 2));
      const second = (
        await a
          .post('/contracts/find', {
            query: { customer_id: c.id },
            sort_key: 'createdAtAsc',
            pagination: { limit: 2, from_key: first.pagination.from_key },
          })
          .expect(200)
      ).body;
      expect(second.results.map((r: any) => r.id)).toEqual([ids[2]]);
      expect(second.pagination.from_key).toBeNull();
    });
  });

  describe('update (#16)', () => {
    it('updates every field of the spec', async () => {
      const c = await createContract();
      setNow('2027-03-02T08:00:00.000Z');
      const body = (
        await a
          .patch(`/contracts/${c.id}`, {
            auto_charges: true,
            auto_renews: false,
            custom_variables: { region: 'EU' },
            expiration_date: '2027-06-30T00:00:00.000Z',
            metadata: { stage: 'legal' },
            owner_id: 'user_9',
            start_date: '2027-05-01T00:00:00.000Z',
            term: { count: 2, frequency: 'YEAR' },
            title: 'MSA v2',
            status: 'PENDING_SIGNATURES',
          })
          .expect(200)
      ).body;
      expect(body).toMatchObject({
        auto_charges: true,
        auto_renews: false,
        custom_variables: { region: 'EU' },
        expiration_date: '2027-06-30T00:00:00.000Z',
        metadata: { stage: 'legal' },
        owner_id: 'user_9',
        start_date: '2027-05-01T00:00:00.000Z',
        term: { count: 2, frequency: 'YEAR' },
        title: 'MSA v2',
        status: 'PENDING_SIGNATURES',
        created_at: NOW,
        updated_at: '2027-03-02T08:00:00.000Z',
      });
      // nullable fields clear with null; an empty body changes nothing
      const cleared = (
        await a
          .patch(`/contracts/${c.id}`, { owner_id: null, start_date: null, expiration_date: null, custom_variables: null, metadata: null })
          .expect(200)
      ).body;
      expect(cleared).toMatchObject({
        owner_id: null,
        start_date: null,
        expiration_date: null,
        custom_variables: {},
        metadata: {},
        title: 'MSA v2',
      });
      const same = (await a.patch(`/contracts/${c.id}`, {}).expect(200)).body;
      expect(same).toMatchObject({ title: 'MSA v2', auto_charges: true, status: 'PENDING_SIGNATURES' });
    });

    it('replaces the signatories: matched by e-mail they keep their link and signature state; new ones get a link; missing ones are removed', async () => {
      const c = await createContract({
        signatories: [{ email: 'one@acme.test', name: 'One' }, { email: 'two@acme.test', name: 'Two' }, { email: 'three@acme.test' }],
      });
      const [one, two] = c.signatories;
      setNow('2027-03-01T13:00:00.000Z');
      const signed = (await a.patch(`/contracts/${c.id}`, { signatories: [{ ...one, signed: true }, two, c.signatories[2]] }).expect(200))
        .body;
      expect(signed.signatories[0]).toMatchObject({
        email: 'one@acme.test',
        signed: true,
        signed_date: '2027-03-01T13:00:00.000Z',
        signature_id: expect.stringMatching(/^sig_/),
        signature_link: one.signature_link,
      });
      expect(signed.status).toBe('DRAFT');

      setNow('2027-03-01T14:00:00.000Z');
      const replaced = (
        await a
          .patch(`/contracts/${c.id}`, {
            signatories: [
              { email: 'TWO@acme.test', name: 'Two Renamed', title: 'COO', position: 1, declined: true },
              {
                email: 'one@acme.test',
                position: 2,
                signed: false,
                signature_link: 'https://evil.example/x',
                view_timestamps: ['2020-01-01T00:00:00.000Z'],
              },
              { email: 'four@acme.test', name: 'Four', position: 3 },
            ],
          })
          .expect(200)
      ).body;
      expect(replaced.signatories.map((s: any) => s.email)).toEqual(['TWO@acme.test', 'one@acme.test', 'four@acme.test']);
      expect(replaced.signatories[0]).toMatchObject({
        name: 'Two Renamed',
        title: 'COO',
        position: 1,
        declined: true,
        signed: false,
        signature_link: two.signature_link,
      });
      // signed: false does not withdraw a signature; the link and view timestamps are the service's own
      expect(replaced.signatories[1]).toMatchObject({
        name: 'One',
        position: 2,
        signed: true,
        signed_date: '2027-03-01T13:00:00.000Z',
        signature_link: one.signature_link,
        view_timestamps: [],
      });
      expect(replaced.signatories[2]).toMatchObject({
        name: 'Four',
        signed: false,
        declined: false,
        signature_link: expect.stringMatching(LINK),
      });
      expect([one.signature_link, two.signature_link, c.signatories[2].signature_link]).not.toContain(
        replaced.signatories[2].signature_link,
      );
      // the removed signatory's link no longer works
      await page(c.signatories[2].signature_link).expect(404);

      // a signatory who signed cannot decline
      expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'one@acme.test', declined: true }] }),
        409,
        'request_error',
        'invalid_state',
      );
      // signed and declined together, duplicate e-mails, bad positions are 400s
      expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'x@acme.test', signed: true, declined: true }] }),
        400,
        'validation_error',
      );
      const dup = expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'x@acme.test' }, { email: 'X@ACME.test' }] }),
        400,
        'validation_error',
      );
      expect(Object.keys(dup.validation_errors!)).toEqual(['signatories[1].email']);
      const pos = expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'x@acme.test', position: 0 }] }),
        400,
        'validation_error',
      );
      expect(Object.keys(pos.validation_errors!)).toEqual(['signatories[0].position']);
    });

    it('validates the body: unknown fields, bad term, statuses', async () => {
      const c = await createContract();
      expect(
        Object.keys(expectError(await a.patch(`/contracts/${c.id}`, { content: 'x' }), 400, 'validation_error').validation_errors!),
      ).toEqual(['content']);
      expectError(await a.patch(`/contracts/${c.id}`, { term: { count: 0, frequency: 'MONTH' } }), 400, 'validation_error');
      expect(
        Object.keys(
          expectError(await a.patch(`/contracts/${c.id}`, { term: { count: 1, frequency: 'ONETIME' } }), 400, 'validation_error')
            .validation_errors!,
        ),
      ).toEqual(['term.frequency']);
      expectError(await a.patch(`/contracts/${c.id}`, { status: 'EXECUTED' }), 400, 'validation_error');
      expectError(await a.patch(`/contracts/${c.id}`, { expiration_date: 'soon' }), 400, 'validation_error');
      await a.patch(`/contracts/${c.id}`, { status: 'PENDING_SIGNATURES' }).expect(200);
      expectError(await a.patch(`/contracts/${c.id}`, { status: 'DRAFT' }), 409, 'request_error', 'invalid_state');
      expectError(await a.patch('/contracts/ctr_01hzzzzzzzzzzzzzzzzzzzzzzz', { title: 'x' }), 404, 'request_error', 'not_found');
      // nothing changed by the refused requests
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body).toMatchObject({
        status: 'PENDING_SIGNATURES',
        content: null,
        term: { count: 1, frequency: 'MONTH' },
      });
    });
  });

  describe('signing and execution', () => {
    it('executes when every signatory has signed: completed_date, and its subscription starts at start_date (in the future)', async () => {
      const c0 = await createCustomer(a, { name: 'Signer Co' });
      const c = await createContract({
        customer_id: c0.id,
        status: 'PENDING_SIGNATURES',
        start_date: '2027-04-01T00:00:00.000Z',
        term: { count: 1, frequency: 'YEAR' },
        auto_charges: true,
        metadata: { deal: 'D-1' },
        discounts: [{ name: 'Launch', type: 'DISCOUNT_PERCENT', percent: 0.1 }],
      });
      setNow('2027-03-05T09:00:00.000Z');
      const half = (
        await a
          .patch(`/contracts/${c.id}`, {
            signatories: [{ email: 'ceo@acme.test', signed: true, signed_date: '2027-03-04T10:00:00.000Z' }, { email: 'cfo@acme.test' }],
          })
          .expect(200)
      ).body;
      expect(half).toMatchObject({ status: 'PENDING_SIGNATURES', completed_date: null, subscription_id: null });
      expect(half.signatories[0]).toMatchObject({ signed: true, signed_date: '2027-03-04T10:00:00.000Z', name: 'Ada Lovelace' });
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(0);

      setNow('2027-03-06T09:00:00.000Z');
      const done = (
        await a
          .patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test' }, { email: 'cfo@acme.test', signed: true }] })
          .expect(200)
      ).body;
      expect(done).toMatchObject({
        status: 'EXECUTED',
        completed_date: '2027-03-06T09:00:00.000Z',
        subscription_id: expect.stringMatching(/^subs_/),
      });
      expect(done.signatories.map((s: any) => [s.signed, s.signed_date])).toEqual([
        [true, '2027-03-04T10:00:00.000Z'],
        [true, '2027-03-06T09:00:00.000Z'],
      ]);
      const sub = (await a.get(`/subscriptions/${done.subscription_id}`).expect(200)).body;
      expect(sub).toMatchObject({
        customer_id: c0.id,
        start_date: '2027-04-01T00:00:00.000Z',
        product_pricing_ids: [seats.id],
        term: { count: 1, frequency: 'YEAR' },
        auto_charges: true,
        auto_renews: true,
        metadata: { deal: 'D-1', contract_id: c.id },
      });
      expect(sub.config_items[0]).toMatchObject({ product_metric_pricing_id: seatPmp(), num_licenses: 2 });
      expect(sub.discounts).toEqual([expect.objectContaining({ name: 'Launch', type: 'DISCOUNT_PERCENT', percent: 0.1 })]);
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(1);

      // signed contracts cannot be edited
      for (const patch of [{ title: 'x' }, { signatories: [] }, { status: 'VOID' }, {}]) {
        expectError(await a.patch(`/contracts/${c.id}`, patch), 409, 'request_error', 'invalid_state');
      }
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body).toMatchObject({
        status: 'EXECUTED',
        title: 'Master services agreement',
      });
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(1);
    });

    it('signs in DRAFT too; without start_date the subscription starts at execution', async () => {
      const c0 = await createCustomer(a, { name: 'Draft signer' });
      const c = await createContract({ customer_id: c0.id, signatories: [{ email: 'solo@acme.test' }] });
      setNow('2027-03-07T10:30:00.000Z');
      const done = (await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'solo@acme.test', signed: true }] }).expect(200)).body;
      expect(done).toMatchObject({ status: 'EXECUTED', completed_date: '2027-03-07T10:30:00.000Z' });
      expect((await a.get(`/subscriptions/${done.subscription_id}`).expect(200)).body.start_date).toBe('2027-03-07T10:30:00.000Z');
    });

    it('a contract without signatories never executes', async () => {
      const c = await createContract({ signatories: [], status: 'PENDING_SIGNATURES' });
      expect((await a.patch(`/contracts/${c.id}`, { title: 'Still open' }).expect(200)).body).toMatchObject({
        status: 'PENDING_SIGNATURES',
        subscription_id: null,
      });
    });

    it('creates exactly one subscription when the two last signatures race (PATCH and PATCH)', async () => {
      for (let round = 0; round < 3; round++) {
        const c0 = await createCustomer(a, { name: `Race ${round}` });
        const c = await createContract({ customer_id: c0.id, status: 'PENDING_SIGNATURES' });
        const results = await Promise.all([
          a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test', signed: true }, { email: 'cfo@acme.test' }] }),
          a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test' }, { email: 'cfo@acme.test', signed: true }] }),
        ]);
        expect(results.map((r) => r.status)).toEqual([200, 200]);
        const final = (await a.get(`/contracts/${c.id}`).expect(200)).body;
        expect(final.status).toBe('EXECUTED');
        expect(final.signatories.every((s: any) => s.signed)).toBe(true);
        const subs = await subscriptionsOf(c0.id);
        expect(subs.pagination.total).toBe(1);
        expect(subs.results[0].id).toBe(final.subscription_id);
      }
    });

    it('creates exactly one subscription when the last signatures race (hosted page and PATCH)', async () => {
      const c0 = await createCustomer(a, { name: 'Race mixed' });
      const c = await createContract({ customer_id: c0.id, status: 'PENDING_SIGNATURES' });
      const [viaPage, viaPatch] = await Promise.all([
        submit(c.signatories[0].signature_link, { full_name: 'Ada Lovelace', agree: 'yes' }),
        a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test' }, { email: 'cfo@acme.test', signed: true }] }),
      ]);
      expect(viaPage.status).toBe(200);
      expect(viaPatch.status).toBe(200);
      const final = (await a.get(`/contracts/${c.id}`).expect(200)).body;
      expect(final.status).toBe('EXECUTED');
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(1);
    });

    it('turns the last signature away when the customer can no longer subscribe (nothing changes)', async () => {
      const c0 = await createCustomer(a, { name: 'Leaving soon' });
      const c = await createContract({ customer_id: c0.id, signatories: [{ email: 'solo@acme.test' }] });
      await a.patch(`/customers/${c0.id}`, { status: 'ARCHIVED' }).expect(200);
      expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'solo@acme.test', signed: true }] }),
        400,
        'request_error',
        'customer_not_active',
      );
      const after = (await a.get(`/contracts/${c.id}`).expect(200)).body;
      expect(after).toMatchObject({ status: 'DRAFT', subscription_id: null });
      expect(after.signatories[0].signed).toBe(false);
    });
  });

  describe('expiry and void', () => {
    it('reads EXPIRED past expiration_date (GET, find, persisted), and cannot be edited or signed', async () => {
      const c0 = await createCustomer(a, { name: 'Expiring' });
      const c = await createContract({ customer_id: c0.id, status: 'PENDING_SIGNATURES', expiration_date: '2027-03-10T00:00:00.000Z' });
      expect((await a.post('/contracts/find', { query: { customer_id: c0.id, statuses: ['EXPIRED'] } }).expect(200)).body.results).toEqual(
        [],
      );
      setNow('2027-03-10T00:00:00.001Z');
      const found = (await a.post('/contracts/find', { query: { customer_id: c0.id, statuses: ['expired'] } }).expect(200)).body.results;
      expect(found.map((r: any) => [r.id, r.status])).toEqual([[c.id, 'EXPIRED']]);
      expect(
        (await a.post('/contracts/find', { query: { customer_id: c0.id, statuses: ['PENDING_SIGNATURES'] } }).expect(200)).body.results,
      ).toEqual([]);
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body.status).toBe('EXPIRED');
      const [row] = await t.dataSource.query('SELECT status FROM contracts WHERE company_id = $1 AND id = $2', [a.companyId, c.id]);
      expect(row.status).toBe('EXPIRED');
      expectError(
        await a.patch(`/contracts/${c.id}`, { expiration_date: '2028-01-01T00:00:00.000Z' }),
        409,
        'request_error',
        'invalid_state',
      );
      expectError(
        await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@acme.test', signed: true }] }),
        409,
        'request_error',
        'invalid_state',
      );
      const res = await submit(c.signatories[0].signature_link, { full_name: 'Ada Lovelace', agree: 'yes' });
      expect(res.status).toBe(410);
      expect(res.text).toContain('This contract has expired');
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(0);
    });

    it('VOID from DRAFT or PENDING_SIGNATURES; a void contract cannot be edited or signed', async () => {
      const c = await createContract();
      const voided = (await a.patch(`/contracts/${c.id}`, { status: 'VOID' }).expect(200)).body;
      expect(voided.status).toBe('VOID');
      expectError(await a.patch(`/contracts/${c.id}`, { status: 'PENDING_SIGNATURES' }), 409, 'request_error', 'invalid_state');
      expectError(await a.patch(`/contracts/${c.id}`, { title: 'revived?' }), 409, 'request_error', 'invalid_state');
      const res = await page(c.signatories[0].signature_link);
      expect(res.status).toBe(410);
      expect(res.text).toContain('This contract has been withdrawn');
      expect(res.text).not.toContain('<form');
      const c2 = await createContract({ status: 'PENDING_SIGNATURES' });
      expect((await a.patch(`/contracts/${c2.id}`, { status: 'VOID' }).expect(200)).body.status).toBe('VOID');
    });
  });

  describe('hosted signing page', () => {
    it('shows the contract (escaped), records views, validates on the server, signs once', async () => {
      const c0 = await createCustomer(a, { name: 'Page Buyer', ...{ org_name: 'Page Buyer Ltd' } });
      const c = await createContract({
        customer_id: c0.id,
        title: 'Deal <script>alert(1)</script>',
        status: 'PENDING_SIGNATURES',
        start_date: '2027-04-01T00:00:00.000Z',
        term: { count: 1, frequency: 'YEAR' },
        content: 'Clause 1: {{customer}} pays on time & "in full".',
        custom_variables: { customer: 'Page Buyer Ltd' },
        onetime_items: [{ custom_price: { amount: { value_in_cents: 12_345 }, description: 'Onboarding' } }],
        signatories: [{ email: 'buyer@page.test', name: 'Grace Hopper' }],
      });
      const link = c.signatories[0].signature_link;
      setNow('2027-03-02T10:00:00.000Z');
      const shown = await page(link).expect(200);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.headers['cache-control']).toBe('no-store');
      const html = shown.text;
      expect(html).toMatch(/<html lang="en">/);
      expect(html).toContain('<main>');
      expect(html).toContain('Deal &#60;script&#62;alert(1)&#60;/script&#62;');
      expect(html).not.toContain('<script>');
      expect(html).toContain('Acme Billing');
      expect(html).toContain('Page Buyer Ltd');
      expect(html).toContain('Grace Hopper');
      expect(html).toContain('$58.00'); // unit price
      expect(html).toContain('$116.00 / month'); // 2 seats
      expect(html).not.toContain('$1,392.00'); // the ACV: a seller figure, not shown to the signer
      expect(html).toContain('$123.45 one time');
      expect(html).toContain('1 year');
      expect(html).toContain('1 April 2027');
      expect(html).toContain('Clause 1: Page Buyer Ltd pays on time &#38; &#34;in full&#34;.');
      expect(html).toContain('<label for="full_name">Full name</label>');
      expect(html).toContain('<label for="agree">');
      expect(html).toContain('<button type="submit">Sign contract</button>');
      setNow('2027-03-02T10:05:00.000Z');
      await page(link).expect(200);
      const viewed = (await a.get(`/contracts/${c.id}`).expect(200)).body.signatories[0];
      expect(viewed.view_timestamps).toEqual(['2027-03-02T10:00:00.000Z', '2027-03-02T10:05:00.000Z']);

      // server-side validation re-renders the form with the errors
      const empty = await submit(link, {});
      expect(empty.status).toBe(400);
      expect(empty.text).toContain('role="alert"');
      expect(empty.text).toContain('Enter your full name.');
      expect(empty.text).toContain('Tick the box to agree');
      const noAgree = await submit(link, { full_name: '  Grace   Hopper ' });
      expect(noAgree.status).toBe(400);
      expect(noAgree.text).toContain('value="Grace Hopper"');
      expect(noAgree.text).not.toContain('Enter your full name.');
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body.signatories[0].signed).toBe(false);

      setNow('2027-03-02T10:10:00.000Z');
      const signed = await submit(link, { full_name: 'Grace Hopper', agree: 'yes' });
      expect(signed.status).toBe(200);
      expect(signed.text).toContain('Thank you, the contract is signed');
      const after = (await a.get(`/contracts/${c.id}`).expect(200)).body;
      expect(after).toMatchObject({ status: 'EXECUTED', completed_date: '2027-03-02T10:10:00.000Z' });
      expect(after.signatories[0]).toMatchObject({
        signed: true,
        signed_date: '2027-03-02T10:10:00.000Z',
        signature_id: expect.stringMatching(/^sig_/),
      });
      expect((await a.get(`/subscriptions/${after.subscription_id}`).expect(200)).body.start_date).toBe('2027-04-01T00:00:00.000Z');

      const again = await page(link).expect(200);
      expect(again.text).toContain('You have already signed this contract');
      expect(again.text).not.toContain('<form');
      const twice = await submit(link, { full_name: 'Grace Hopper', agree: 'yes' });
      expect(twice.text).toContain('You have already signed this contract');
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(1);
    });

    it('two concurrent submissions of the same link sign once', async () => {
      const c0 = await createCustomer(a, { name: 'Double click' });
      const c = await createContract({ customer_id: c0.id, signatories: [{ email: 'dbl@acme.test', name: 'Dee' }] });
      const link = c.signatories[0].signature_link;
      const results = await Promise.all([
        submit(link, { full_name: 'Dee', agree: 'yes' }),
        submit(link, { full_name: 'Dee', agree: 'yes' }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const texts = results.map((r) =>
        r.text.includes('Thank you, the contract is signed') ? 'signed' : r.text.includes('You have already signed') ? 'already' : 'other',
      );
      expect(texts.sort()).toEqual(['already', 'signed']);
      expect((await subscriptionsOf(c0.id)).pagination.total).toBe(1);
    });

    it('shows the partial confirmation while others still have to sign', async () => {
      const c = await createContract({ status: 'PENDING_SIGNATURES' });
      const res = await submit(c.signatories[1].signature_link, { full_name: 'Bob Byte', agree: 'on' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Thank you, your signature is recorded');
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body).toMatchObject({
        status: 'PENDING_SIGNATURES',
        signatories: [{ signed: false }, { signed: true }],
      });
    });

    it('an unknown or malformed token is a 404 page; no bearer token is needed', async () => {
      for (const path of [
        `/contracts/sign/${a.companyId}_${'A'.repeat(43)}`,
        '/contracts/sign/nope',
        '/contracts/sign/cmp_01hzzzzzzzzzzzzzzzzzzzzzzz_' + 'b'.repeat(43),
      ]) {
        const res = await request(t.http).get(path);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('This signing link is not valid');
        const post = await request(t.http).post(path).type('form').send({ full_name: 'X', agree: 'yes' });
        expect(post.status).toBe(404);
      }
    });
  });

  describe('tenancy', () => {
    it("B cannot read, find or change A's contracts; B's token on A's path is a 403", async () => {
      const c = await createContract({ title: 'Secret A deal' });
      expectError(await b.get(`/contracts/${c.id}`), 404, 'request_error', 'not_found');
      expectError(await b.patch(`/contracts/${c.id}`, { title: 'hijacked' }), 404, 'request_error', 'not_found');
      expect((await b.post('/contracts/find', { query: { search: 'Secret' }, include_meta: true }).expect(200)).body).toMatchObject({
        results: [],
        pagination: { total: 0 },
      });
      const forbidden = (req: request.Test) => req.set('Authorization', `Bearer ${b.token}`);
      expectError(await forbidden(request(t.http).get(`${a.base}/contracts/${c.id}`)), 403, 'auth_error');
      expectError(await forbidden(request(t.http).patch(`${a.base}/contracts/${c.id}`).send({ title: 'x' })), 403, 'auth_error');
      expectError(await forbidden(request(t.http).post(`${a.base}/contracts/find`).send({})), 403, 'auth_error');
      expectError(await forbidden(request(t.http).post(`${a.base}/contracts`).send(base())), 403, 'auth_error');
      expect((await a.get(`/contracts/${c.id}`).expect(200)).body.title).toBe('Secret A deal');
    });

    it("B cannot use A's customers or pricings", async () => {
      const res = await b.post('/contracts', base());
      expectError(res, 404, 'request_error', 'not_found');
      const bCustomer = await createCustomer(b, { name: 'B customer' });
      const res2 = await b.post('/contracts', base({ customer_id: bCustomer.id }));
      expect(Object.keys(expectError(res2, 404, 'request_error', 'not_found').validation_errors!)).toEqual(['product_pricing_ids[0]']);
    });

    it("a signing link shows only its own contract; A's secret under B's company id is not a link", async () => {
      const bProduct = await createProduct(b, { name: 'B product' });
      const bPricing = await createPricing(b, seatPricing5800(bProduct.id, { name: 'B seats' }));
      const bCustomer = await createCustomer(b, { name: 'B buyer' });
      const bContract = (
        await b
          .post('/contracts', {
            customer_id: bCustomer.id,
            title: 'B only contract',
            product_pricing_ids: [bPricing.id],
            signatories: [{ email: 'b@b.test' }],
          })
          .expect(200)
      ).body;
      const aContract = await createContract({ title: 'A only contract' });
      const aPage = (await page(aContract.signatories[0].signature_link).expect(200)).text;
      expect(aPage).toContain('A only contract');
      expect(aPage).not.toContain('B only contract');
      const bPage = (await page(bContract.signatories[0].signature_link).expect(200)).text;
      expect(bPage).toContain('B only contract');
      expect(bPage).toContain('Other Co');
      expect(bPage).not.toContain('Acme Billing');
      const secret = tokenOf(aContract.signatories[0].signature_link).slice(a.companyId.length + 1);
      await request(t.http).get(`/contracts/sign/${b.companyId}_${secret}`).expect(404);
    });
  });
});
