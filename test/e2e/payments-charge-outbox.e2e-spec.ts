/**
 * The charge outbox on the platform's OutboxLoop, on the real database: one company's slow
 * processor holds only that company's charges (the others are charged beside it, its own next
 * charge waits behind its first), and a dispatcher that died right after claiming an attempt —
 * before marking it IN_PROGRESS — leaves it to be taken over once its lease has passed, charged
 * once. The billing run's drain waits for the place a commit-started dispatch holds, and claims
 * no more than was due when it started while commits keep queuing charges. The processor is the
 * sandbox; the slow one is the same sandbox behind a gate the test opens.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { ledgerKit } from '../support/ledger';
import { usd } from '../support/fixtures';
import { PaymentProcessor } from '../../src/payments/processor/payment-processor';

/** The sandbox, with company `companyId`'s charges held at a gate until `open()`; `reached` resolves at the first. */
function gateCharges(t: TestApp, companyId: string, onCharge: () => Promise<void> = async () => undefined) {
  const processor = t.app.get(PaymentProcessor);
  const charge = processor.charge.bind(processor);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  processor.charge = async (request, options) => {
    if (request.company_id === companyId) {
      reached();
      await gate;
      await onCharge();
    }
    return charge(request, options);
  };
  return { open, held, restore: () => ((processor.charge = charge), open()) };
}

const T0 = new Date('2034-03-01T10:00:00.000Z');
const AFTER_LEASE = new Date(T0.getTime() + 10 * 60_000);

describe('charge outbox: per-company fairness and claims taken over after a kill', () => {
  let t: TestApp;
  let clock: FixedClock;
  let a: Tenant;
  let b: Tenant;
  let kit: ReturnType<typeof ledgerKit>;

  beforeAll(async () => {
    clock = new FixedClock(T0);
    t = await createTestApp({ clock });
    a = await t.tenant('Charge outbox slow');
    b = await t.tenant('Charge outbox quick');
    kit = ledgerKit(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.set(T0);
    await kit.expectAuditClean(a);
    await kit.expectAuditClean(b);
  });

  it("a company's slow processor delays only its own charges", async () => {
    const ca = await kit.customer(a);
    const cb = await kit.customer(b);
    const a1 = await kit.invoice(a, ca.id, 1100);
    const a2 = await kit.invoice(a, ca.id, 2200);
    const b1 = await kit.invoice(b, cb.id, 3300);
    const first = await kit.enqueue(a, a1.uuid, T0);
    const second = await kit.enqueue(a, a2.uuid, T0);
    await kit.enqueue(b, b1.uuid, T0);

    const gate = gateCharges(t, a.companyId);
    try {
      const slow = kit.auto().dispatchDue(T0, { companyIds: [a.companyId] }, false);
      await gate.held; // company A's first charge is at its processor
      const quick = await kit.auto().dispatchDue(T0, { companyIds: [b.companyId] }, false);
      expect(quick.charges_succeeded).toBe(1);
      expect(await kit.get(b, b1.uuid)).toMatchObject({ status: 'PAID', paid: usd(3300), due: usd(0) });
      // A: one charge at its processor, the other waiting behind it (not behind B)
      const states = [(await kit.attempt(a, first)).status, (await kit.attempt(a, second)).status].sort();
      expect(states).toEqual(['IN_PROGRESS', 'PENDING']);
      gate.open();
      expect((await slow).charges_succeeded).toBe(2);
    } finally {
      gate.restore();
    }
    expect(await kit.get(a, a1.uuid)).toMatchObject({ status: 'PAID', paid: usd(1100), due: usd(0) });
    expect(await kit.get(a, a2.uuid)).toMatchObject({ status: 'PAID', paid: usd(2200), due: usd(0) });
  });

  it('an attempt claimed by a dispatcher that died before charging: held for its lease, then charged once', async () => {
    const c = await kit.customer(a);
    const inv = await kit.invoice(a, c.id, 4500);
    const attempt = await kit.enqueue(a, inv.uuid, T0);
    const before = await kit.sandboxCharges(a);
    // the claim a loop commits (counted, leased) — and then the process is killed
    await t.dataSource.query(
      `UPDATE payment_attempts SET attempts = attempts + 1, lease_until = $3, last_attempt_at = $4, updated_at = $4
        WHERE company_id = $1 AND id = $2`,
      [a.companyId, attempt, new Date(T0.getTime() + 5 * 60_000), T0],
    );
    expect(await kit.auto().dispatchAttempt(a.companyId, attempt, T0)).toBe('skipped');
    expect((await kit.auto().dispatchDue(T0, { companyIds: [a.companyId] })).charges_succeeded).toBe(0);
    expect((await kit.attempt(a, attempt)).status).toBe('PENDING');

    clock.set(AFTER_LEASE);
    const [x, y] = await Promise.all([
      kit.auto().dispatchDue(AFTER_LEASE, { companyIds: [a.companyId] }, false),
      kit.auto().dispatchAttempt(a.companyId, attempt, AFTER_LEASE),
    ]);
    expect(x.charges_succeeded + (y === 'succeeded' ? 1 : 0)).toBe(1);
    expect(await kit.sandboxCharges(a)).toBe(before + 1);
    expect(await kit.get(a, inv.uuid)).toMatchObject({ status: 'PAID', paid: usd(4500), due: usd(0) });
    const [row] = await t.dataSource.query('SELECT status, attempts FROM payment_attempts WHERE company_id = $1 AND id = $2', [
      a.companyId,
      attempt,
    ]);
    expect(row).toEqual({ status: 'SUCCEEDED', attempts: 2 });
  });

  /** Queues an invoice's first charge as the finalizer does: in a transaction, dispatched once it commits. */
  const queueAndCommit = (tenant: Tenant, uuid: string) =>
    t.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        'SELECT id, billed_customer_id, due_cents::int AS due_cents FROM invoices WHERE company_id = $1 AND uuid = $2',
        [tenant.companyId, uuid],
      );
      const invoice = { ...row, subscription_id: null, status: 'PENDING', auto_charges: true };
      expect(await kit.auto().enqueue(m, tenant.companyId, invoice, T0)).toBe(true);
    });

  it("the billing run's drain waits for the place a commit-started dispatch holds and ends with every charge recorded", async () => {
    const c = await kit.customer(a);
    const invoices = [await kit.invoice(a, c.id, 1000), await kit.invoice(a, c.id, 2000), await kit.invoice(a, c.id, 3000)];
    await kit.enqueue(a, invoices[1].uuid, T0);
    await kit.enqueue(a, invoices[2].uuid, T0);
    const before = await kit.sandboxCharges(a);
    const gate = gateCharges(t, a.companyId);
    try {
      await queueAndCommit(a, invoices[0].uuid);
      await gate.held; // a commit-started dispatch holds the company's one place, at the processor
      const drain = kit.auto().dispatchDue(T0, { companyIds: [a.companyId] });
      gate.open();
      // at most the two due at its start (the commit's run may take one of them first)
      expect((await drain).charges_succeeded).toBeLessThanOrEqual(2);
      // and, whoever charged them, all three are recorded when it returns
      for (const [i, cents] of [1000, 2000, 3000].entries())
        expect(await kit.get(a, invoices[i].uuid)).toMatchObject({ status: 'PAID', paid: usd(cents), due: usd(0) });
    } finally {
      gate.restore();
    }
    expect(await kit.sandboxCharges(a)).toBe(before + 3); // each once
  });

  it('a drain claims no more than was due when it started while commits keep queuing charges', async () => {
    const c = await kit.customer(b);
    const first = [await kit.invoice(b, c.id, 500), await kit.invoice(b, c.id, 600)];
    const later: { uuid: string }[] = [];
    for (let i = 0; i < 4; i++) later.push(await kit.invoice(b, c.id, 700 + i));
    for (const inv of first) await kit.enqueue(b, inv.uuid, T0);
    const before = await kit.sandboxCharges(b);
    // each charge of the company commits the next invoice's charge (a commit-started run asked for)
    const queue = [...later];
    const gate = gateCharges(t, b.companyId, async () => {
      const next = queue.shift();
      if (next) await queueAndCommit(b, next.uuid);
    });
    gate.open();
    try {
      const summary = await kit.auto().dispatchDue(T0, { companyIds: [b.companyId] });
      expect(summary.charges_succeeded).toBeLessThanOrEqual(2);
      // the rest are the commits' own runs (none lost behind the place the drain held)
      await kit.auto().settle();
    } finally {
      gate.restore();
    }
    expect(queue).toEqual([]);
    expect(await kit.sandboxCharges(b)).toBe(before + 6); // each invoice charged once
    for (const inv of [...first, ...later]) expect((await kit.get(b, inv.uuid)).status).toBe('PAID');
  });
});
