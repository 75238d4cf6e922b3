/**
 * Issue 10, item 5: signatures bind the terms signed. Each signature stores the digest of the
 * terms it signed; a PATCH of a term-bearing field resets every signature (the signing page then
 * shows the new terms); a signing page opened before a change cannot sign the new terms; and a
 * contract executes only when every signature carries the digest of its current terms.
 */
import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { monthlySeatPricing, ok } from '../support/fixtures';

const NOW = '2031-05-01T09:00:00.000Z';
const DIGEST = /^sha256:[0-9a-f]{64}$/;

describe('contract signatures bind the terms signed', () => {
  let t: TestApp;
  let a: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let product: any;
  let n = 0;

  const newPricing = (cents: number) => monthlySeatPricing(a, product.id, `Seats ${++n}`, cents);
  const contract = async (over: Record<string, unknown> = {}) => {
    const pricing = over.pricing ?? (await newPricing(5800));
    delete over.pricing;
    const customer = await ok(await a.post('/customers', { name: `Signer Co ${++n}`, email: `s${n}@example.com` }), 201);
    return ok(
      await a.post('/contracts', {
        customer_id: customer.id,
        title: 'Order form',
        status: 'PENDING_SIGNATURES',
        product_pricing_ids: [(pricing as any).id],
        config_items: [{ product_metric_pricing_id: (pricing as any).product_metric_pricings[0].id, num_licenses: 2 }],
        content: 'Support region: {{region}}.',
        custom_variables: { region: 'EU' },
        start_date: '2031-06-01T00:00:00.000Z',
        signatories: [
          { email: 'ceo@buyer.test', name: 'Ada' },
          { email: 'cfo@buyer.test', name: 'Bob' },
        ],
        ...over,
      }),
    );
  };
  const get = async (id: string) => ok(await a.get(`/contracts/${id}`));
  const page = (link: string) => request(t.http).get(new URL(link).pathname);
  const termsOn = (html: string) => /name="terms" value="([^"]*)"/.exec(html)?.[1];
  const post = (link: string, form: Record<string, string>) => request(t.http).post(new URL(link).pathname).type('form').send(form);
  /** Opens the page and signs with what it showed. */
  const signOnPage = async (link: string, name: string) => {
    const shown = await page(link).expect(200);
    return post(link, { full_name: name, agree: 'yes', terms: termsOn(shown.text)! });
  };
  const subscriptionsOf = async (customerId: string) =>
    (await ok(await a.post('/subscriptions/find', { query: { customer_id: customerId }, include_meta: true }))).pagination.total as number;
  const signedState = (c: any) => c.signatories.map((s: any) => [s.email, s.signed, s.terms_digest]);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('Contracts terms');
    product = await ok(await a.post('/products', { name: 'Terms product' }));
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(new Date(NOW)));

  it('a signature stores the digest of the terms it signed; the contract shows its current digest', async () => {
    const c = await contract();
    expect(c.terms_digest).toMatch(DIGEST);
    expect(c.signatories.map((s: any) => s.terms_digest)).toEqual([null, null]);
    const shown = await page(c.signatories[0].signature_link).expect(200);
    expect(termsOn(shown.text)).toBe(c.terms_digest);
    expect((await post(c.signatories[0].signature_link, { full_name: 'Ada', agree: 'yes', terms: c.terms_digest })).status).toBe(200);
    const after = await get(c.id);
    expect(signedState(after)).toEqual([
      ['ceo@buyer.test', true, c.terms_digest],
      ['cfo@buyer.test', false, null],
    ]);
  });

  it('sign, then PATCH custom_variables: every signature is reset, the page shows the new terms, and execution needs both signatures again', async () => {
    const c = await contract();
    const [ceo, cfo] = c.signatories;
    expect((await signOnPage(ceo.signature_link, 'Ada')).status).toBe(200);
    const patched = await ok(await a.patch(`/contracts/${c.id}`, { custom_variables: { region: 'US' } }));
    expect(patched.terms_digest).not.toBe(c.terms_digest);
    expect(patched.status).toBe('PENDING_SIGNATURES');
    expect(patched.signatories.map((s: any) => [s.signed, s.signed_date, s.signature_id, s.terms_digest])).toEqual([
      [false, null, null, null],
      [false, null, null, null],
    ]);

    // the signing page asks again, with the new terms
    const again = await page(ceo.signature_link).expect(200);
    expect(again.text).toContain('Support region: US.');
    expect(again.text).toContain('<form');
    expect(termsOn(again.text)).toBe(patched.terms_digest);

    // the other signatory alone does not execute it
    expect((await signOnPage(cfo.signature_link, 'Bob')).text).toContain('Thank you, your signature is recorded');
    expect((await get(c.id)).status).toBe('PENDING_SIGNATURES');
    expect(await subscriptionsOf(c.customer_id)).toBe(0);

    // once both signed the new terms, it executes
    expect((await signOnPage(ceo.signature_link, 'Ada')).text).toContain('Thank you, the contract is signed');
    const done = await get(c.id);
    expect(done.status).toBe('EXECUTED');
    expect(signedState(done)).toEqual([
      ['ceo@buyer.test', true, patched.terms_digest],
      ['cfo@buyer.test', true, patched.terms_digest],
    ]);
    expect(await subscriptionsOf(c.customer_id)).toBe(1);
  });

  it.each([
    ['term', { term: { count: 2, frequency: 'YEAR' } }],
    ['start_date', { start_date: '2031-07-01T00:00:00.000Z' }],
    ['start_date cleared', { start_date: null }],
    ['auto_renews', { auto_renews: false }],
    ['auto_charges', { auto_charges: true }],
  ])('PATCH %s after a signature resets it', async (_name, body) => {
    const c = await contract();
    await a
      .patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@buyer.test', signed: true }, { email: 'cfo@buyer.test' }] })
      .expect(200);
    expect((await get(c.id)).signatories[0].signed).toBe(true);
    const patched = await ok(await a.patch(`/contracts/${c.id}`, body));
    expect(patched.signatories.map((s: any) => s.signed)).toEqual([false, false]);
    expect(patched.terms_digest).not.toBe(c.terms_digest);
  });

  it('fields that are not terms (title, metadata, owner, expiration) and a term set to its own value keep the signature', async () => {
    const c = await contract();
    expect((await signOnPage(c.signatories[0].signature_link, 'Ada')).status).toBe(200);
    const patched = await ok(
      await a.patch(`/contracts/${c.id}`, {
        title: 'Order form v2',
        metadata: { stage: 'legal' },
        owner_id: 'rep_7',
        expiration_date: '2031-12-31T00:00:00.000Z',
        custom_variables: { region: 'EU' },
        start_date: '2031-06-01T00:00:00.000Z',
      }),
    );
    expect(patched.terms_digest).toBe(c.terms_digest);
    expect(signedState(patched)).toEqual([
      ['ceo@buyer.test', true, c.terms_digest],
      ['cfo@buyer.test', false, null],
    ]);
    // the other signature executes it
    expect((await signOnPage(c.signatories[1].signature_link, 'Bob')).text).toContain('Thank you, the contract is signed');
    expect((await get(c.id)).status).toBe('EXECUTED');
  });

  it('a PATCH that changes the terms and echoes signed: true does not execute: signatures given with a term change are reset too', async () => {
    const c = await contract();
    const patched = await ok(
      await a.patch(`/contracts/${c.id}`, {
        custom_variables: { region: 'APAC' },
        signatories: c.signatories.map((s: any) => ({ ...s, signed: true })),
      }),
    );
    expect(patched.status).toBe('PENDING_SIGNATURES');
    expect(patched.signatories.map((s: any) => s.signed)).toEqual([false, false]);
    expect(await subscriptionsOf(c.customer_id)).toBe(0);
  });

  it('a page opened before the terms changed cannot sign them: 409, the new terms shown with a notice, nothing signed', async () => {
    const c = await contract();
    const link = c.signatories[0].signature_link;
    const opened = await page(link).expect(200);
    const shownTerms = termsOn(opened.text)!;
    expect(opened.text).toContain('Support region: EU.');
    await a.patch(`/contracts/${c.id}`, { custom_variables: { region: 'US' } }).expect(200);

    const res = await post(link, { full_name: 'Ada', agree: 'yes', terms: shownTerms });
    expect(res.status).toBe(409);
    expect(res.text).toContain('The terms of this contract changed after you opened this page. Nothing was signed');
    expect(res.text).toContain('Support region: US.');
    expect(termsOn(res.text)).toBe((await get(c.id)).terms_digest);
    expect((await get(c.id)).signatories[0]).toMatchObject({ signed: false, terms_digest: null });

    // a post that does not say which terms it saw signs nothing either
    const blind = await post(link, { full_name: 'Ada', agree: 'yes' });
    expect(blind.status).toBe(409);
    expect((await get(c.id)).signatories[0].signed).toBe(false);

    // the page it re-rendered signs the new terms
    expect((await post(link, { full_name: 'Ada', agree: 'yes', terms: termsOn(res.text)! })).status).toBe(200);
    expect((await get(c.id)).signatories[0]).toMatchObject({ signed: true, terms_digest: (await get(c.id)).terms_digest });
  });

  it('a catalog price changed after a signature: the last signature does not execute on it; the stale signature is reset and signed again', async () => {
    const pricing = await newPricing(5800);
    const c = await contract({ pricing });
    expect((await signOnPage(c.signatories[0].signature_link, 'Ada')).status).toBe(200);
    // nobody subscribes to the pricing yet, so its price may change
    await ok(await a.patch(`/pricing/${pricing.id}`, { fixed_price: { price_per_unit: 9900 } }));
    const moved = await get(c.id);
    expect(moved.terms_digest).not.toBe(c.terms_digest);

    const last = await ok(
      await a.patch(`/contracts/${c.id}`, { signatories: [{ email: 'ceo@buyer.test' }, { email: 'cfo@buyer.test', signed: true }] }),
    );
    expect(last.status).toBe('PENDING_SIGNATURES');
    expect(signedState(last)).toEqual([
      ['ceo@buyer.test', false, null],
      ['cfo@buyer.test', true, moved.terms_digest],
    ]);
    expect(await subscriptionsOf(c.customer_id)).toBe(0);
    const again = await page(c.signatories[0].signature_link).expect(200);
    expect(again.text).toContain('$99.00');

    expect((await signOnPage(c.signatories[0].signature_link, 'Ada')).text).toContain('Thank you, the contract is signed');
    const done = await get(c.id);
    expect(done.status).toBe('EXECUTED');
    expect(done.signatories.every((s: any) => s.terms_digest === moved.terms_digest)).toBe(true);
    expect(await subscriptionsOf(c.customer_id)).toBe(1);
  });
});
