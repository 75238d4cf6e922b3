/**
 * The invoice ledger under races, on the real PostgreSQL (DATABASE_URL): a card charge against a
 * void, a mark_paid, a second charge, a charge re-sent after its lease while the invoice was
 * voided, credits against a void. Each test asserts the END STATE (invoice status and amounts,
 * payment transactions, refunds, credit balances) — whichever side won — and then runs the
 * reconciliation (AuditService), which must find nothing. On the embedded database the
 * requests are serialised, so there one order is checked.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { ledgerKit } from '../support/ledger';
import { ok, usd } from '../support/fixtures';

const T0 = new Date('2034-02-01T10:00:00.000Z');
const AFTER_LEASE = new Date(T0.getTime() + 10 * 60_000);

describe('invoice ledger: races end in a consistent state and the audit finds nothing', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let kit: ReturnType<typeof ledgerKit>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Ledger races');
    kit = ledgerKit(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(T0);
    await kit.expectAuditClean(a);
  });

  it('charge vs void (5 rounds): either VOID with nothing charged, or PAID by the one charge and the void refused', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const c = await kit.customer(a);
      const inv = await kit.invoice(a, c.id, 1500);
      const attempt = await kit.enqueue(a, inv.uuid, T0);
      const [outcome, voided] = await Promise.all([
        kit.auto().dispatchAttempt(a.companyId, attempt, T0),
        a.post(`/invoices/${inv.uuid}/void`, {}),
      ]);
      const after = await kit.get(a, inv.uuid);
      const txns = await kit.transactions(a, inv.uuid);
      if (voided.status === 200) {
        seen.add('void won');
        expect(outcome).toBe('cancelled');
        expect(after).toMatchObject({ status: 'VOID', paid: usd(0), due: usd(0) });
        expect(txns).toEqual([]);
        expect((await kit.attempt(a, attempt)).status).toBe('CANCELLED');
      } else {
        seen.add('charge won');
        expectError(voided, 409, 'request_error', 'invalid_state');
        expect(outcome).toBe('succeeded');
        expect(after).toMatchObject({ status: 'PAID', paid: usd(1500), due: usd(0) });
        expect(txns.map((x) => [x.transaction_type, x.status, x.total_amount.value_in_cents])).toEqual([['PAYMENT', 'SUCCEEDED', 1500]]);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('charge vs a partial mark_paid: the invoice ends PAID for exactly its total, whichever came first', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await kit.customer(a);
      const inv = await kit.invoice(a, c.id, 1000);
      const attempt = await kit.enqueue(a, inv.uuid, T0);
      const [outcome, marked] = await Promise.all([
        kit.auto().dispatchAttempt(a.companyId, attempt, T0),
        a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(400), provider_type: 'WIRE' }),
      ]);
      expect(outcome).toBe('succeeded');
      const after = await kit.get(a, inv.uuid);
      expect(after).toMatchObject({ status: 'PAID', paid: usd(1000), due: usd(0) });
      const txns = await kit.transactions(a, inv.uuid);
      if (marked.status === 200) {
        // mark_paid first: the charge took what was left
        expect(txns.map((x) => [x.provider_type, x.total_amount.value_in_cents]).sort()).toEqual([
          ['SANDBOX', 600],
          ['WIRE', 400],
        ]);
      } else {
        // the charge was in flight (or done): mark_paid refused, nothing recorded for it
        expectError(marked, 409, 'request_error', 'invalid_state');
        expect(txns.map((x) => [x.provider_type, x.total_amount.value_in_cents])).toEqual([['SANDBOX', 1000]]);
      }
      expect(txns.every((x) => x.transaction_type === 'PAYMENT' && x.status === 'SUCCEEDED')).toBe(true);
    }
  });

  it('charge vs a full mark_paid: one payment only — the other side is refused or cancelled, nobody pays twice', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await kit.customer(a);
      const inv = await kit.invoice(a, c.id, 800);
      const attempt = await kit.enqueue(a, inv.uuid, T0);
      const [outcome, marked] = await Promise.all([
        kit.auto().dispatchAttempt(a.companyId, attempt, T0),
        a.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(800), provider_type: 'CHEQUE' }),
      ]);
      expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(800), due: usd(0) });
      const txns = await kit.transactions(a, inv.uuid);
      expect(txns).toHaveLength(1);
      if (marked.status === 200) {
        expect(outcome).toBe('cancelled');
        expect(txns[0]).toMatchObject({ provider_type: 'CHEQUE', total_amount: usd(800) });
      } else {
        expectError(marked, 409, 'request_error', 'invalid_state');
        expect(outcome).toBe('succeeded');
        expect(txns[0]).toMatchObject({ provider_type: 'SANDBOX', total_amount: usd(800), status: 'SUCCEEDED' });
      }
    }
  });

  it('two charges of one invoice (three dispatchers at once): charged once, paid once', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 1200);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const before = await kit.sandboxCharges(a);
    const auto = kit.auto();
    const outcomes = await Promise.all([
      auto.dispatchDue(T0, { companyIds: [a.companyId] }, false),
      auto.dispatchDue(T0, { companyIds: [a.companyId] }, false),
      auto.dispatchAttempt(a.companyId, attempt, T0),
    ]);
    const succeeded = outcomes[0].charges_succeeded + outcomes[1].charges_succeeded + (outcomes[2] === 'succeeded' ? 1 : 0);
    expect(succeeded).toBe(1);
    expect(await kit.sandboxCharges(a)).toBe(before + 1);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(1200), due: usd(0) });
    expect((await kit.transactions(a, inv.uuid)).map((x) => [x.transaction_type, x.status])).toEqual([['PAYMENT', 'SUCCEEDED']]);
  });

  it('a charge re-sent after its lease races the first dispatcher’s late answer: one payment, no refund', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 700);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const auto = kit.auto();
    const claim = await auto.claim(a.companyId, attempt, T0);
    expect(claim.kind).toBe('charge');
    const first = await auto.charge(a.companyId, (claim as any).attempt);
    // the first dispatcher is slow: its lease passes, another one sends the same request again
    clock.set(AFTER_LEASE);
    const [late, resent] = await Promise.all([
      auto.recordOutcome(a.companyId, attempt, first, T0),
      auto.dispatchDue(AFTER_LEASE, { companyIds: [a.companyId] }, false),
    ]);
    expect([late, resent.charges_succeeded]).toEqual(late === 'succeeded' ? ['succeeded', 0] : ['skipped', 1]);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(700) });
    const txns = await kit.transactions(a, inv.uuid);
    expect(txns.map((x) => [x.transaction_type, x.status, x.provider_transaction_id])).toEqual([
      ['PAYMENT', 'SUCCEEDED', first.provider_transaction_id],
    ]);
  });

  it('a charge made, then the process died; the invoice voided after the lease: the re-send charges nothing new and refunds the charge once', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 900);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const auto = kit.auto();
    const claim = await auto.claim(a.companyId, attempt, T0);
    const first = await auto.charge(a.companyId, (claim as any).attempt);
    expect(first.status).toBe('SUCCEEDED');
    // within the lease the charge is in flight: void is refused
    expectError(await a.post(`/invoices/${inv.uuid}/void`, {}), 409, 'request_error', 'invalid_state');
    clock.set(AFTER_LEASE);
    const before = await kit.sandboxCharges(a);
    // the lease has passed: the void is allowed, and races the re-send
    const [voided, summary] = await Promise.all([
      a.post(`/invoices/${inv.uuid}/void`, {}),
      auto.dispatchDue(AFTER_LEASE, { companyIds: [a.companyId] }, false),
    ]);
    // the dispatcher may run again (the void may have come second)
    const again = await auto.dispatchDue(new Date(AFTER_LEASE.getTime() + 20 * 60_000), { companyIds: [a.companyId] }, false);
    expect(await kit.sandboxCharges(a)).toBe(before); // never charged a second time
    const after = await kit.get(a, inv.uuid);
    const txns = await kit.transactions(a, inv.uuid);
    if (voided.status === 200) {
      // the charge is recorded, not applied to the VOID invoice, and refunded in full — once
      expect(after).toMatchObject({ status: 'VOID', paid: usd(0), due: usd(0) });
      expect(summary.charges_refunded + again.charges_refunded).toBe(1);
      expect(txns.map((x) => [x.transaction_type, x.status, x.total_amount.value_in_cents])).toEqual([
        ['PAYMENT', 'REFUNDED', 900],
        ['REFUND', 'SUCCEEDED', 900],
      ]);
      expect(txns[0].provider_transaction_id).toBe(first.provider_transaction_id);
      expect(txns[1].parent_transaction_id).toBe(txns[0].id);
      expect((await kit.attempt(a, attempt)).status).toBe('CANCELLED');
    } else {
      // the re-send won (invoice still PENDING under its lock): the first charge paid it, void refused
      expectError(voided, 409, 'request_error', 'invalid_state');
      expect(after).toMatchObject({ status: 'PAID', paid: usd(900) });
      expect(txns.map((x) => [x.transaction_type, x.status])).toEqual([['PAYMENT', 'SUCCEEDED']]);
    }
  });

  it('the first dispatcher’s answer arrives after the lease passed and the invoice was voided: recorded and refunded, invoice untouched', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 450);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const auto = kit.auto();
    const claim = await auto.claim(a.companyId, attempt, T0);
    const first = await auto.charge(a.companyId, (claim as any).attempt);
    clock.set(AFTER_LEASE);
    await ok(await a.post(`/invoices/${inv.uuid}/void`, {}), 200);
    expect(await auto.recordOutcome(a.companyId, attempt, first, T0)).toBe('refunded');
    // the re-send after the lease finds nothing left to do
    expect(
      (await auto.dispatchDue(new Date(AFTER_LEASE.getTime() + 20 * 60_000), { companyIds: [a.companyId] }, false)).charges_succeeded,
    ).toBe(0);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'VOID', paid: usd(0), due: usd(0) });
    const txns = await kit.transactions(a, inv.uuid);
    expect(txns.map((x) => [x.transaction_type, x.status, x.total_amount.value_in_cents])).toEqual([
      ['PAYMENT', 'REFUNDED', 450],
      ['REFUND', 'SUCCEEDED', 450],
    ]);
    expect(txns[0].status_message).toMatch(/not applied to the invoice, refunded automatically/);
  });

  it('an interrupted claim that never reached the processor, invoice voided after the lease: cancelled, nothing charged, and a late request with that key cannot charge', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 300);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const auto = kit.auto();
    const claim = await auto.claim(a.companyId, attempt, T0);
    expect(claim.kind).toBe('charge');
    clock.set(AFTER_LEASE);
    await ok(await a.post(`/invoices/${inv.uuid}/void`, {}), 200);
    const before = await kit.sandboxCharges(a);
    expect((await auto.dispatchDue(AFTER_LEASE, { companyIds: [a.companyId] }, false)).attempts_cancelled).toBe(1);
    expect((await kit.attempt(a, attempt)).status).toBe('CANCELLED');
    // the dead dispatcher's request finally reaches the processor: the key is closed, it declines
    const stale = await auto.charge(a.companyId, (claim as any).attempt);
    expect(stale.status).toBe('FAILED');
    expect(await auto.recordOutcome(a.companyId, attempt, stale, T0)).toBe('skipped');
    expect(await kit.sandboxCharges(a)).toBe(before);
    expect(await kit.transactions(a, inv.uuid)).toEqual([]);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'VOID', paid: usd(0) });
  });

  it('credits granted to all open invoices vs a void (5 rounds): the invoice ends VOID and the credit holds everything it was issued', async () => {
    // the credit covers part of the invoice: applied first, the invoice stays PENDING (voidable) with 400 due
    for (let round = 0; round < 5; round++) {
      const c = await kit.customer(a, null);
      const inv = await kit.invoice(a, c.id, 1000);
      const [granted, voided] = await Promise.all([
        a.post('/credits', {
          customer_id: c.id,
          name: 'Goodwill',
          type: 'AMOUNT',
          amount: usd(600),
          apply_to_open_invoices: { enable: true },
        }),
        a.post(`/invoices/${inv.uuid}/void`, {}),
      ]);
      const credit = await ok(granted, 201);
      await ok(voided, 200);
      expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'VOID', paid: usd(0), due: usd(0), total: usd(1000) });
      expect(await ok(await a.get(`/credits/${credit.id}`), 200)).toMatchObject({
        state: 'ACTIVE',
        amount: usd(600),
        issued_amount: usd(600),
      });
      const logs = (
        await ok(
          await a.post('/credits/logs/find', { query: { credit_id: credit.id }, sort_key: 'createdAtAsc', pagination: { limit: 100 } }),
          200,
        )
      ).results;
      const actions = logs.map((l: any) => [l.action_type, l.amount_applied.value_in_cents]);
      // applied first then given back by the void, or never applied (the void came first)
      expect([
        JSON.stringify([
          ['ISSUED', 600],
          ['CONSUMED', 600],
          ['RESTORED', 600],
        ]),
        JSON.stringify([['ISSUED', 600]]),
      ]).toContain(JSON.stringify(actions));
    }
  });
});
