/**
 * The invoice ledger's void, refunds and in-flight rule over HTTP: a void gives the consumed
 * credits back to their grants (RESTORED logs), an invoice with money paid on it cannot be voided
 * until the payments are refunded, a refund reopens a PAID invoice, while a card charge is in
 * flight void / mark_paid / credits answer 409, and the ledger entries tell each invoice's story.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { ledgerKit } from '../support/ledger';
import { ok, usd } from '../support/fixtures';
import { InvoiceLedger } from '../../src/invoicing/invoice-ledger.service';

const T0 = new Date('2034-05-01T09:00:00.000Z');
const DAY = 86_400_000;

describe('invoice ledger: void, refunds, charges in flight', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let kit: ReturnType<typeof ledgerKit>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Ledger void');
    kit = ledgerKit(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(T0);
    await kit.expectAuditClean(a);
  });

  const grant = async (body: Record<string, unknown>) => ok(await a.post('/credits', { name: 'Prepaid', type: 'AMOUNT', ...body }), 201);
  const logs = async (query: Record<string, unknown>) =>
    (await ok(await a.post('/credits/logs/find', { query, sort_key: 'createdAtAsc', pagination: { limit: 100 } }), 200)).results.map(
      (l: any) => [l.credit_id, l.action_type, l.amount_applied.value_in_cents],
    );
  const history = async (uuid: string) => {
    const [row] = await t.dataSource.query('SELECT id FROM invoices WHERE company_id = $1 AND uuid = $2', [a.companyId, uuid]);
    return (await t.app.get(InvoiceLedger).history(a.companyId, row.id)).map((e) => [
      e.kind,
      e.amount_cents,
      e.status_after,
      e.due_after_cents,
    ]);
  };

  it('void gives the consumed credits back to the grants they came from (RESTORED), the invoice keeps nothing', async () => {
    const c = await kit.customer(a, null);
    // two grants; the sooner-expiring one is drawn first and emptied (CONSUMED), the other partly
    const sooner = await grant({ customer_id: c.id, amount: usd(300), expiration_date: new Date(T0.getTime() + 10 * DAY).toISOString() });
    const later = await grant({ customer_id: c.id, amount: usd(1000), expiration_date: new Date(T0.getTime() + 90 * DAY).toISOString() });
    const inv = await kit.invoice(a, c.id, 2000); // finalized at once: credits 1300 applied, 700 due
    expect(inv).toMatchObject({ status: 'PENDING', sub_total: usd(2000), total: usd(700), due: usd(700) });
    expect(await ok(await a.get(`/credits/${sooner.id}`), 200)).toMatchObject({ state: 'CONSUMED', amount: usd(0) });

    clock.set(new Date(T0.getTime() + DAY));
    const voided = await ok(await a.post(`/invoices/${inv.uuid}/void`, {}), 200);
    expect(voided).toMatchObject({ status: 'VOID', total: usd(2000), paid: usd(0), due: usd(0) });
    expect(await ok(await a.get(`/credits/${sooner.id}`), 200)).toMatchObject({ state: 'ACTIVE', amount: usd(300) });
    expect(await ok(await a.get(`/credits/${later.id}`), 200)).toMatchObject({ state: 'ACTIVE', amount: usd(1000) });
    expect(await logs({ customer_id: c.id })).toEqual([
      [sooner.id, 'ISSUED', 300],
      [later.id, 'ISSUED', 1000],
      [sooner.id, 'CONSUMED', 300],
      [later.id, 'CONSUMED', 1000],
      [sooner.id, 'RESTORED', 300],
      [later.id, 'RESTORED', 1000],
    ]);
    expect(await logs({ action_type: 'RESTORED', invoice_id: inv.uuid })).toHaveLength(2);
    // the ledger tells the story
    expect(await history(inv.uuid)).toEqual([
      ['FINALIZED', 2000, 'PENDING', 2000],
      ['CREDITS_APPLIED', 1300, 'PENDING', 700],
      ['CREDITS_RESTORED', 1300, 'PENDING', 2000],
      ['VOIDED', 700, 'VOID', 0],
    ]);
    // the restored balance pays the next invoice
    const next = await kit.invoice(a, c.id, 500);
    expect(next).toMatchObject({ status: 'PAID', total: usd(0), due: usd(0) });
  });

  it('a grant that expired meanwhile does not come back to life: RESTORED then EXPIRED, balance 0', async () => {
    const c = await kit.customer(a, null);
    const short = await grant({ customer_id: c.id, amount: usd(400), expiration_date: new Date(T0.getTime() + 2 * DAY).toISOString() });
    const inv = await kit.invoice(a, c.id, 1000);
    expect(inv).toMatchObject({ total: usd(600), due: usd(600) });
    clock.set(new Date(T0.getTime() + 5 * DAY));
    await ok(await a.post(`/invoices/${inv.uuid}/void`, {}), 200);
    expect(await ok(await a.get(`/credits/${short.id}`), 200)).toMatchObject({ state: 'EXPIRED', amount: usd(0) });
    expect(await logs({ credit_id: short.id })).toEqual([
      [short.id, 'ISSUED', 400],
      [short.id, 'CONSUMED', 400],
      [short.id, 'RESTORED', 400],
      [short.id, 'EXPIRED', 400],
    ]);
  });

  it('money paid on an invoice blocks its void (409) until the payment is refunded; a refund reopens a PAID invoice', async () => {
    const c = await kit.customer(a, null);
    const inv = await kit.invoice(a, c.id, 1000);
    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(400), provider_type: 'WIRE' }), 200);
    const blocked = expectError(await a.post(`/invoices/${inv.uuid}/void`, {}), 409, 'request_error', 'invalid_state');
    expect(blocked.error_message).toMatch(/refund/);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', paid: usd(400), due: usd(600) });

    // paid in full, then partly refunded: PENDING again with the refund due
    await ok(await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(600), provider_type: 'CHEQUE' }), 200);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(1000), due: usd(0) });
    const [wire, cheque] = (await kit.transactions(a, inv.uuid)).map((x) => x.id);
    await ok(await a.post(`/payments/transactions/${cheque}/refund`, { amount: usd(600) }), 200);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', paid: usd(400), due: usd(600), paid_date: null });
    expectError(await a.post(`/invoices/${inv.uuid}/void`, {}), 409, 'request_error', 'invalid_state');
    await ok(await a.post(`/payments/transactions/${wire}/refund`, {}), 200);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', paid: usd(0), due: usd(1000) });
    expect(await ok(await a.post(`/invoices/${inv.uuid}/void`, {}), 200)).toMatchObject({ status: 'VOID', paid: usd(0), due: usd(0) });
    expect(await history(inv.uuid)).toEqual([
      ['FINALIZED', 1000, 'PENDING', 1000],
      ['PAYMENT', 400, 'PENDING', 600],
      ['PAYMENT', 600, 'PAID', 0],
      ['PAYMENT_REFUNDED', 600, 'PENDING', 600],
      ['PAYMENT_REFUNDED', 400, 'PENDING', 1000],
      ['VOIDED', 1000, 'VOID', 0],
    ]);
  });

  it('a processor refund of an auto-charged payment lowers the invoice’s paid amount too', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 1300);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    expect(await kit.auto().dispatchAttempt(a.companyId, attempt, T0)).toBe('succeeded');
    const [payment] = await kit.transactions(a, inv.uuid);
    await ok(await a.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(300) }), 200);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', paid: usd(1000), due: usd(300) });
  });

  it('while a card charge is in flight: void, mark_paid and credits for that invoice answer 409; then the charge pays it', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 2500);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const auto = kit.auto();
    const claim = await auto.claim(a.companyId, attempt, T0);
    expect(claim.kind).toBe('charge');
    const voided = expectError(await a.post(`/invoices/${inv.uuid}/void`, {}), 409, 'request_error', 'invalid_state');
    expect(voided.error_message).toMatch(/charge of this invoice is in progress/);
    expectError(
      await a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(100), provider_type: 'WIRE' }),
      409,
      'request_error',
      'invalid_state',
    );
    // credits naming the invoice: 409, and nothing is granted
    expectError(
      await a.post('/credits', {
        customer_id: c.id,
        name: 'Named',
        type: 'AMOUNT',
        amount: usd(500),
        apply_to_open_invoices: { enable: true, invoice_uuids: [inv.uuid] },
      }),
      409,
      'request_error',
      'invalid_state',
    );
    expect((await ok(await a.post('/credits/find', { query: { customer_id: c.id } }), 200)).results).toEqual([]);
    // credits for "all open invoices": granted, but this invoice is left out (the credit keeps its balance)
    const kept = await grant({ customer_id: c.id, amount: usd(500), apply_to_open_invoices: { enable: true } });
    expect(kept).toMatchObject({ state: 'ACTIVE', amount: usd(500) });
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', total: usd(2500), due: usd(2500), paid: usd(0) });
    expect(await kit.transactions(a, inv.uuid)).toEqual([]);

    const result = await auto.charge(a.companyId, (claim as any).attempt);
    expect(await auto.recordOutcome(a.companyId, attempt, result, T0)).toBe('succeeded');
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(2500), due: usd(0) });
    // and once the charge is done, void is refused for being PAID — not for the charge
    expect(expectError(await a.post(`/invoices/${inv.uuid}/void`, {}), 409, 'request_error', 'invalid_state').error_message).toMatch(
      /PAID/,
    );
  });

  it("the charge path refuses a card that is not the invoice customer's (no charge, the attempt fails)", async () => {
    const owner = await kit.customer(a);
    const stranger = await kit.customer(a);
    const [strangerCard] = await ok(await a.get(`/customers/${stranger.id}/payment_methods`), 200);
    const inv = await kit.invoice(a, owner.id, 999);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    // an attempt pointing at another customer's card (as a tampered subscription would make it)
    const claim = await kit.auto().claim(a.companyId, attempt, T0);
    const before = await kit.sandboxCharges(a);
    const result = await kit.auto().charge(a.companyId, { ...(claim as any).attempt, payment_method_id: strangerCard.id });
    expect(result).toMatchObject({ status: 'FAILED', provider_transaction_id: null });
    expect(await kit.sandboxCharges(a)).toBe(before);
    expect(await kit.auto().recordOutcome(a.companyId, attempt, result, T0)).toBe('failed');
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PENDING', paid: usd(0), due: usd(999) });
  });
});
