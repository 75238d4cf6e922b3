/**
 * Amounts a billing run cannot write: a usage event's numbers are bounded at ingest (finite,
 * |value| <= 10^12, at most 12 decimals), and a subscription whose invoice would still be out of
 * range (a sum of many events times a price) is isolated: flagged with `billing_error`, listed
 * by the audit, not billed, while the run bills the others; its preview is a 400
 * `amount_out_of_range`; the flag goes once it bills again. The command line's `billing run`
 * exits 1 and logs why.
 */
import { AuditService } from '../../src/audit/audit.service';
import { cli } from '../support/cli';
import {
  anotherCompany,
  createCustomer,
  createMeter,
  expectOk,
  ingest,
  invoicesOf,
  iso,
  Meter,
  runAt,
  Scenario,
  setNow,
  startScenario,
  subscribe,
  usagePrice,
} from '../scenarios/scenario-kit';

describe('usage event numbers are bounded at ingest', () => {
  let s: Scenario;
  let meter: Meter;
  let customerId: string;
  beforeAll(async () => {
    s = await startScenario('Event bounds');
    meter = await createMeter(s, 'Bounded calls');
    customerId = (await createCustomer(s, 'Bounded')).id;
  });
  afterAll(() => s.t.close());

  const event = (tx: string, units: unknown) => ({
    customer_id: customerId,
    item_id: meter.itemId,
    transaction_id: tx,
    timestamp: iso('2027-01-15T00:00:00Z'),
    properties: { units, label: 'x' },
  });

  it('refuses an event whose number is out of range, naming the event and the property, and stores the others', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const res = await s.a.post('/events/ingest', {
      events: [
        event(`${tag}-ok`, 1e12),
        event(`${tag}-big`, 1e13),
        event(`${tag}-huge`, 1e308),
        event(`${tag}-negative`, -1e12 - 1),
        event(`${tag}-fine`, 1e-13),
        event(`${tag}-decimals`, 0.123456789012),
        event(`${tag}-min`, -1e12),
      ],
    });
    expect(res.status).toBe(207); // some events refused, the others stored
    expect(res.body.enqueued.map((e: { transaction_id: string }) => e.transaction_id)).toEqual([
      `${tag}-ok`,
      `${tag}-decimals`,
      `${tag}-min`,
    ]);
    const problem = 'must be a finite number from -1000000000000 to 1000000000000 with at most 12 decimals';
    expect(res.body.errors).toEqual([
      { index: 1, transaction_id: `${tag}-big`, error_code: 'invalid_field', error_message: `events[1].properties.units ${problem}` },
      { index: 2, transaction_id: `${tag}-huge`, error_code: 'invalid_field', error_message: `events[2].properties.units ${problem}` },
      { index: 3, transaction_id: `${tag}-negative`, error_code: 'invalid_field', error_message: `events[3].properties.units ${problem}` },
      { index: 4, transaction_id: `${tag}-fine`, error_code: 'invalid_field', error_message: `events[4].properties.units ${problem}` },
    ]);
    const stored: { transaction_id: string }[] = await s.t.dataSource.query(
      'SELECT transaction_id FROM usage_events WHERE company_id = $1 AND transaction_id LIKE $2 ORDER BY transaction_id',
      [s.a.companyId, `${tag}-%`],
    );
    expect(stored.map((r) => r.transaction_id)).toEqual([`${tag}-decimals`, `${tag}-min`, `${tag}-ok`]);
  });
});

describe('a subscription whose amounts are out of range', () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await startScenario('Amount bounds');
  });
  afterAll(() => s.t.close());

  /** A usage subscription at 10.00 per unit (monthly, in arrears) from Sep 1, 2027, with these events in September. */
  const usageSubscription = async (name: string, units: number[], sc: Scenario = s) => {
    const meter = await createMeter(sc, `${name} calls`);
    const price = await usagePrice(sc, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 1000 } });
    const c = await createCustomer(sc, name);
    const sub = await subscribe(sc, { customer_id: c.id, product_pricing_ids: [price.id], start_date: '2027-09-01' });
    const events = (values: number[]) =>
      ingest(
        sc,
        c.id,
        meter,
        values.map((u, k) => [`2027-09-${String(10 + (k % 15)).padStart(2, '0')}T00:00:00Z`, u]),
      );
    await events(units);
    return { sub, customerId: c.id as string, events };
  };
  const read = async (id: string) => expectOk(await s.a.get(`/subscriptions/${id}`), 200, 'GET /subscriptions/{id}');
  const preview = (customerId: string, subscriptionId: string) =>
    s.a.post('/invoices/next', { currency: 'USD', customer_id: customerId, subscription_id: subscriptionId });

  it('is flagged and left unbilled while the run bills the others; previews answer 400; the audit lists it; it clears once it bills', async () => {
    // 10 × 10^12 units × 1000 cents: outside the safe integers; 10^11 × 1000 = 10^14 cents: above the 10^12 bound
    const overflow = await usageSubscription(
      'Overflow',
      Array.from({ length: 10 }, () => 1e12),
    );
    const above = await usageSubscription('Above bound', [1e11]);
    const fine = await usageSubscription('Fine', [5]);

    for (const { sub, customerId } of [overflow, above]) {
      const res = await preview(customerId, sub.id);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_type: 'validation_error', error_code: 'amount_out_of_range', error_status: 400 });
      expect(res.body.error_message).toContain(sub.id);
    }

    const first = await runAt(s, '2027-10-01T02:00:00Z');
    expect(first.errors).toBe(2);
    // the others of the run are billed: 5 × 10.00
    const [billed] = await invoicesOf(s, fine.sub.id);
    expect(billed.total.value_in_cents).toBe(5000);
    expect((await read(fine.sub.id)).billing_error).toBeNull();
    for (const { sub } of [overflow, above]) {
      expect(await invoicesOf(s, sub.id)).toEqual([]);
      expect((await read(sub.id)).billing_error).toEqual({
        code: 'amount_out_of_range',
        message: expect.stringMatching(/out of range|above the maximum of 1000000000000 cents/),
        at: iso('2027-10-01T02:00:00Z'),
      });
    }
    const violations = await s.t.app.get(AuditService).company(s.a.companyId);
    expect(violations.filter((v) => v.kind === 'billing_error').map((v) => v.id)).toEqual([overflow.sub.id, above.sub.id].sort());

    // every run tries again, the flag keeps its first instant; cancelling does not make it a 500
    await expectOk(await s.a.post(`/subscriptions/${overflow.sub.id}/cancel`, {}), 200, 'POST /subscriptions/{id}/cancel');
    const second = await runAt(s, '2027-10-02T00:00:00Z');
    expect(second.errors).toBe(2);
    expect((await read(overflow.sub.id)).billing_error.at).toBe(iso('2027-10-01T02:00:00Z'));
    expect((await preview(above.customerId, above.sub.id)).status).toBe(400);

    // a correcting event (a negative number) brings September's sum back in range: the
    // subscription bills (3 × 10.00) and its flag goes
    setNow(s, '2027-10-02T00:30:00Z');
    await above.events([-1e11 + 3]);
    const third = await runAt(s, '2027-10-02T01:00:00Z');
    expect(third.errors).toBe(1);
    expect((await read(above.sub.id)).billing_error).toBeNull();
    expect((await invoicesOf(s, above.sub.id)).map((i) => i.total.value_in_cents)).toEqual([3000]);
    expect((await read(overflow.sub.id)).billing_error).not.toBeNull();
    const after = await s.t.app.get(AuditService).company(s.a.companyId);
    expect(after.filter((v) => v.kind === 'billing_error').map((v) => v.id)).toEqual([overflow.sub.id]);
  });

  it('`billing run` exits 1 and logs the subscription, company and reason at the level asked', async () => {
    const sc = await anotherCompany(s, 'Amount bounds CLI');
    const bad = await usageSubscription(
      'CLI overflow',
      Array.from({ length: 10 }, () => 1e12),
      sc,
    );
    const fine = await usageSubscription('CLI fine', [2], sc);
    const before = process.env.LOG_LEVEL;
    try {
      process.env.LOG_LEVEL = 'error';
      const res = await cli('billing', 'run', '--now', iso('2027-10-01T03:00:00Z'), '--company', sc.a.companyId, '--json');
      expect(res.code).toBe(1);
      const lines = res.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ errors: 1 });
      const logged = res.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          context: 'BillingRun',
          company_id: sc.a.companyId,
          subscription_id: bad.sub.id,
          error_code: 'amount_out_of_range',
          error_message: expect.any(String),
        }),
      );
      expect((await invoicesOf(sc, fine.sub.id)).map((i) => i.total.value_in_cents)).toEqual([2000]);

      // the default level of the command is `error`; LOG_LEVEL=silent keeps it quiet, the exit status stays
      delete process.env.LOG_LEVEL;
      const byDefault = await cli('billing', 'run', '--now', iso('2027-10-01T03:00:00Z'), '--company', sc.a.companyId, '--json');
      expect(byDefault.code).toBe(1);
      expect(byDefault.stderr).toContain(bad.sub.id);
      process.env.LOG_LEVEL = 'silent';
      const silent = await cli('billing', 'run', '--now', iso('2027-10-01T03:00:00Z'), '--company', sc.a.companyId, '--json');
      expect(silent.code).toBe(1);
      expect(silent.stderr).not.toContain(bad.sub.id);
    } finally {
      if (before === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = before;
    }
    // a run with nothing failing exits 0
    const other = await anotherCompany(s, 'Amount bounds clean');
    const ok = await cli('billing', 'run', '--now', iso('2027-10-01T03:00:00Z'), '--company', other.a.companyId, '--json');
    expect(ok.code).toBe(0);
  });
});
