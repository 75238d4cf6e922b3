/**
 * Roll-up invoices (`child_rollup_billing` on a parent): the parent-billed invoices of its children
 * between two roll-up dates are gathered into one invoice of the parent dated at the roll-up
 * date, and no child invoice is shown for them. Money is conserved: a twin company bills the
 * same children one invoice at a time, and each roll-up comes to the cent to the sum of the
 * twin's invoices it stands for.
 *
 * Each company: a parent with three parent-billed children, monthly from 1 March 2027 —
 * fixed: 3 seats at 49.00 = 14,700 less 12.5 % (1,837.5 → 1,838) = 12,862 on 1 March and 1 April;
 * usage: 0.25 a unit in arrears, 12 units in March = 300 on 1 April (no invoice on 1 March);
 * upgrade: 1 seat (4,900 on 1 March), 3 seats from 16 March IMMEDIATE: 2 more seats for 16 of
 *   31 days = 9,800 × 16 / 31 = 5,058.06 → 5,058 on 16 March, then 14,700 on 1 April.
 * Roll-up 1 March: 12,862 + 4,900 = 17,762. Roll-up 1 April (16 March, 1 April): 5,058 + 12,862
 * + 300 + 14,700 = 32,920 (sub-total 34,758, discounts 1,838). The usage invoice of 1 April waits for the grace period (an hour), so
 * the roll-up of 1 April is written by the run of 1 April 01:00.
 */
import request from 'supertest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  anotherCompany,
  createMeter,
  expectOk,
  findInvoices,
  ingest,
  Invoice,
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  usagePrice,
} from '../scenarios/scenario-kit';
import { webhookEvents } from '../support/fixtures';
import { expectBooksBalanced } from '../support/audit';
import { pdftotextPath } from '../support/system-tools';
import { AutoChargeService } from '../../src/payments/auto-charge.service';

interface Family {
  s: Scenario;
  parent: any;
  children: any[];
  subs: any[];
  seats: any;
}

const ROLLUP = { frequency: 'MONTH', start_date: iso('2027-03-01'), auto_charges: false, invoice_due_date_from_creation: 15 };

describe('roll-up invoices', () => {
  let a: Scenario;
  let b: Scenario;
  let rolled: Family;
  let twin: Family;

  const customer = async (s: Scenario, name: string, parentId?: string) =>
    expectOk(
      await s.a.post('/customers', {
        name,
        identifier: `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`,
        ...(parentId ? { parent_customer_id: parentId } : {}),
      }),
      201,
      'POST /customers',
    );
  const subscribe = async (s: Scenario, body: Record<string, unknown>) =>
    expectOk(
      await s.a.post('/subscriptions', {
        start_date: iso('2027-03-01'),
        parent_billed: true,
        auto_renews: false,
        term: { count: 3, frequency: 'MONTH' },
        ...body,
      }),
      200,
      'POST /subscriptions',
    );
  const seatsOf = (f: Family, n: number) => [{ product_metric_pricing_id: pmpOf(f.seats), num_licenses: n }];

  /** A parent and its three parent-billed children (fixed, usage, upgraded), subscribed from 1 March. */
  async function family(s: Scenario, rollup: Record<string, unknown> | null): Promise<Family> {
    const parent = await customer(s, 'Parent Group');
    if (rollup) {
      await expectOk(
        await s.a.patch(`/customers/${parent.id}`, { child_rollup_billing: true, child_rollup_billing_config: rollup }),
        200,
        'PATCH',
      );
    }
    const seats = await seatPrice(s, 4900);
    const meter = await createMeter(s, 'Calls');
    const usage = await usagePrice(s, meter, { pricing_type: 'FIXED', fixed_price: { price_per_unit: 25 } });
    const children = [
      await customer(s, 'Fixed Shop', parent.id),
      await customer(s, 'Usage Shop', parent.id),
      await customer(s, 'Upgrade Shop', parent.id),
    ];
    setNow(s, '2027-03-01');
    const f: Family = { s, parent, children, subs: [], seats };
    f.subs = [
      await subscribe(s, {
        customer_id: children[0].id,
        product_pricing_ids: [seats.id],
        config_items: seatsOf(f, 3),
        discounts: [{ name: '12.5 %', type: 'DISCOUNT_PERCENT', percent: 0.125 }],
      }),
      await subscribe(s, { customer_id: children[1].id, product_pricing_ids: [usage.id] }),
      await subscribe(s, { customer_id: children[2].id, product_pricing_ids: [seats.id], config_items: seatsOf(f, 1) }),
    ];
    await ingest(s, children[1].id, meter, [
      ['2027-03-05T10:00:00Z', 7],
      ['2027-03-20T10:00:00Z', 5],
    ]);
    return f;
  }

  /** Bills March and April: the start, the upgrade of 16 March, 1 April and the end of its grace. */
  async function billMarchAndApril(f: Family) {
    await runAt(f.s, '2027-03-01');
    setNow(f.s, '2027-03-16');
    await expectOk(
      await f.s.a.post(`/subscriptions/${f.subs[2].id}/change`, {
        config_items: seatsOf(f, 3),
        proration_type: 'IMMEDIATE',
        custom_change_date: iso('2027-03-16'),
      }),
      200,
      'POST /subscriptions/{id}/change',
    );
    await runAt(f.s, '2027-03-16');
    await runAt(f.s, '2027-04-01');
    await runAt(f.s, '2027-04-01T01:00:00Z');
  }

  const hidden = async (s: Scenario) =>
    (await s.t.dataSource.query(
      "SELECT uuid, customer_id, rollup_date, rollup_invoice_id FROM invoices WHERE company_id = $1 AND status = 'ROLLED_UP' ORDER BY invoice_date, customer_id",
      [s.a.companyId],
    )) as { uuid: string; customer_id: string; rollup_date: Date; rollup_invoice_id: string | null }[];
  const cents = (i: Invoice) => i.total.value_in_cents;

  beforeAll(async () => {
    a = await startScenario('Rolled Up Co');
    b = await anotherCompany(a, 'Twin Co');
    rolled = await family(a, ROLLUP);
    twin = await family(b, null);
    await billMarchAndApril(rolled);
    await billMarchAndApril(twin);
  });
  afterAll(() => a.t.close());
  afterEach(() => expectBooksBalanced(a.t));

  it("gathers the children's charges into one invoice of the parent per roll-up date, to the cent of the twin's invoices", async () => {
    const twins = await findInvoices(b, {});
    const upTo = (from: string | null, to: string) =>
      twins.filter((i) => (from === null || i.invoice_date > iso(from)) && i.invoice_date <= iso(to)).map(cents);
    expect(upTo(null, '2027-03-01').sort()).toEqual([12862, 4900].sort());
    expect(upTo('2027-03-01', '2027-04-01').sort()).toEqual([12862, 14700, 300, 5058].sort());

    const rollups = await findInvoices(a, {});
    expect(rollups.map((i) => [i.invoice_date, i.customer_id, (i as any).billed_customer_id, i.status, cents(i)])).toEqual([
      // read on 1 April: the March roll-up was due on 16 March
      [iso('2027-03-01'), rolled.parent.id, rolled.parent.id, 'OVERDUE', 17762],
      [iso('2027-04-01'), rolled.parent.id, rolled.parent.id, 'PENDING', 32920],
    ]);
    expect(17762).toBe(upTo(null, '2027-03-01').reduce((x, y) => x + y, 0));
    expect(32920).toBe(upTo('2027-03-01', '2027-04-01').reduce((x, y) => x + y, 0));
    const [march, april] = rollups;
    expect(march).toMatchObject({ subscription_id: null, due_date: iso('2027-03-16'), period_end: iso('2027-03-01') });
    expect(april).toMatchObject({ due_date: iso('2027-04-16'), period_start: iso('2027-03-01'), period_end: iso('2027-04-01') });
    expect([april.sub_total, april.discount_total]).toEqual([
      { currency: 'USD', value_in_cents: 34758 },
      { currency: 'USD', value_in_cents: 1838 },
    ]);

    // each line names the child and the subscription it was charged for, grouped by child
    const perChild = new Map<string, number>();
    const order: string[] = [];
    for (const item of april.items as any[]) {
      const k = rolled.children.findIndex((c) => c.id === item.customer_id);
      expect(item.subscription_id).toBe(rolled.subs[k].id);
      if (order[order.length - 1] !== item.customer_id) order.push(item.customer_id);
      perChild.set(item.customer_id, (perChild.get(item.customer_id) ?? 0) + item.amount.value_in_cents);
    }
    expect(new Set(order).size).toBe(order.length);
    expect(Object.fromEntries(perChild)).toEqual({
      [rolled.children[0].id]: 14700 - 1838,
      [rolled.children[1].id]: 300,
      [rolled.children[2].id]: 5058 + 14700,
    });
  });

  it('shows no child invoice: not found, not listed, no event, no charge; each is linked to its roll-up', async () => {
    const rows = await hidden(a);
    // 1 March: fixed, upgrade; 16 March: upgrade; 1 April: the three
    expect(rows).toHaveLength(6);
    const rollups = await findInvoices(a, {});
    const ids = new Set(rollups.map((r: any) => r.id));
    for (const r of rows) {
      expect(ids.has(r.rollup_invoice_id!)).toBe(true);
      const res = await a.a.get(`/invoices/${r.uuid}`);
      expect(res.status).toBe(404);
    }
    for (const child of rolled.children) {
      expect((await expectOk(await a.a.post('/invoices/find', { query: { customer_id: child.id } }), 200, 'find')).results).toEqual([]);
    }
    const billed = await expectOk(await a.a.post('/invoices/find', { query: { billed_customer_id: rolled.parent.id } }), 200, 'find');
    expect(billed.results).toHaveLength(2);
    // events are kept 30 days: the April roll-up's is there, and every one is a roll-up's
    const created = (await webhookEvents(a.a, undefined, ['invoice.created'])).map((e: any) => e.data.object.id);
    expect(created).toContain((rollups[1] as any).id);
    expect(created.every((id: string) => ids.has(id))).toBe(true);
    // auto_charges false: PENDING, nothing charged
    const attempts = await a.t.dataSource.query('SELECT count(*)::int AS n FROM payment_attempts WHERE company_id = $1', [a.a.companyId]);
    expect(attempts[0].n).toBe(0);
    // the other company sees none of it
    expect((await b.a.get(`/invoices/${rollups[0].uuid}`)).status).toBe(404);
  });

  it("groups the roll-up's lines by child on its page and PDF, with a subtotal per child", async () => {
    const [, april] = await findInvoices(a, {});
    const link = await expectOk(await a.a.get(`/invoices/${april.uuid}/link`), 200, 'GET link');
    const pathOf = (url: string) => new URL(url, 'http://127.0.0.1').pathname;
    const got = await expectOk(await a.a.get(`/invoices/${april.uuid}`), 200, 'GET');
    const page = (
      await request(a.t.http)
        .get(pathOf(got.hosted_link ?? link.url))
        .expect(200)
    ).text as string;
    const text = page
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toMatch(/For Fixed Shop .*Subtotal for Fixed Shop \$128\.62/);
    expect(text).toMatch(/For Usage Shop .*Subtotal for Usage Shop \$3\.00/);
    expect(text).toMatch(/For Upgrade Shop .*Subtotal for Upgrade Shop \$197\.58/);
    const pdf = await request(a.t.http)
      .get(pathOf(got.pdf_link))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const dir = mkdtempSync(join(tmpdir(), 'tally-pdf-'));
    let pdfText: string;
    try {
      writeFileSync(join(dir, 'invoice.pdf'), pdf.body as Buffer);
      pdfText = execFileSync(pdftotextPath(), ['-layout', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const flat = pdfText.replace(/\s+/g, ' ');
    expect(flat).toMatch(
      /For Fixed Shop .*Subtotal for Fixed Shop \$128\.62 .*For Usage Shop .*Subtotal for Usage Shop \$3\.00 .*For Upgrade Shop .*Subtotal for Upgrade Shop \$197\.58/,
    );
    expect(flat).toMatch(/Total \$329\.20/);
  });

  it("a child moved to another parent: what was written stays on the old parent's roll-up, the rest goes to the new one's, charged to its card", async () => {
    const c = await anotherCompany(a, 'Movers Co');
    const old = await customer(c, 'Old Parent');
    const next = await customer(c, 'New Parent');
    await expectOk(
      await c.a.patch(`/customers/${old.id}`, { child_rollup_billing: true, child_rollup_billing_config: ROLLUP }),
      200,
      'PATCH',
    );
    await expectOk(
      await c.a.patch(`/customers/${next.id}`, {
        child_rollup_billing: true,
        child_rollup_billing_config: { ...ROLLUP, auto_charges: true },
      }),
      200,
      'PATCH',
    );
    await expectOk(await c.a.post(`/customers/${next.id}/payment_methods`, { token: 'tok_visa' }), 200, 'POST payment_methods');
    const child = await customer(c, 'Moving Shop', old.id);
    const f: Family = { s: c, parent: old, children: [child], subs: [], seats: await seatPrice(c, 4900) };
    setNow(c, '2027-03-01');
    const sub = await subscribe(c, { customer_id: child.id, product_pricing_ids: [f.seats.id], config_items: seatsOf(f, 1) });
    await runAt(c, '2027-03-01');
    setNow(c, '2027-03-10');
    await expectOk(await c.a.patch(`/customers/${child.id}`, { parent_customer_id: next.id }), 200, 'PATCH parent');
    setNow(c, '2027-03-16');
    await expectOk(
      await c.a.post(`/subscriptions/${sub.id}/change`, {
        config_items: seatsOf(f, 3),
        proration_type: 'IMMEDIATE',
        custom_change_date: iso('2027-03-16'),
      }),
      200,
      'POST /subscriptions/{id}/change',
    );
    await runAt(c, '2027-03-16');
    await runAt(c, '2027-04-01');
    await c.t.app.get(AutoChargeService).settle();
    const all = await findInvoices(c, {});
    // old parent: 1 March, 4,900, not charged; new parent: 16 March 5,058 + 1 April 14,700 = 19,758, paid with its card
    expect(all.map((i) => [i.invoice_date, i.customer_id, i.status, cents(i)])).toEqual([
      [iso('2027-03-01'), old.id, 'OVERDUE', 4900],
      [iso('2027-04-01'), next.id, 'PAID', 19758],
    ]);
  });

  it('after end_date, children are invoiced one subscription at a time again (billed to the parent)', async () => {
    await expectOk(
      await a.a.patch(`/customers/${rolled.parent.id}`, { child_rollup_billing_config: { ...ROLLUP, end_date: iso('2027-04-15') } }),
      200,
      'PATCH',
    );
    await runAt(a, '2027-05-01');
    await runAt(a, '2027-05-01T01:00:00Z');
    const may = (await findInvoices(a, {})).filter((i) => i.invoice_date === iso('2027-05-01'));
    // fixed 12,862; usage 0 (no events in April); upgrade 14,700
    expect(may.map((i) => [i.customer_id, (i as any).billed_customer_id, cents(i)]).sort()).toEqual(
      [
        [rolled.children[0].id, rolled.parent.id, 12862],
        [rolled.children[1].id, rolled.parent.id, 0],
        [rolled.children[2].id, rolled.parent.id, 14700],
      ].sort(),
    );
    expect((await hidden(a)).filter((r) => r.rollup_invoice_id === null)).toEqual([]);
  });

  it('a child invoice written after its roll-up was issued gets a roll-up of its own for that date', async () => {
    // back-dated to 1 April, whose roll-up exists: its 1 April invoice (4,900) is gathered on a second
    // roll-up of 1 April; its 1 May invoice is past end_date and issued on its own
    const late = await customer(a, 'Late Shop', rolled.parent.id);
    setNow(a, '2027-05-01T01:30:00Z');
    const sub = await subscribe(a, {
      customer_id: late.id,
      start_date: iso('2027-04-01'),
      product_pricing_ids: [rolled.seats.id],
      config_items: seatsOf(rolled, 1),
    });
    await runAt(a, '2027-05-01T02:00:00Z');
    const april = (await findInvoices(a, {})).filter((i) => i.invoice_date === iso('2027-04-01'));
    expect(april.map((i) => [i.customer_id, cents(i)])).toEqual([
      [rolled.parent.id, 32920],
      [rolled.parent.id, 4900],
    ]);
    expect(april[1].items.map((l: any) => [l.customer_id, l.subscription_id])).toEqual([[late.id, sub.id]]);
    const may = await findInvoices(a, { subscription_id: sub.id });
    expect(may.map((i) => [i.invoice_date, cents(i)])).toEqual([[iso('2027-05-01'), 4900]]);
  });
});

/**
 * A roll-up keeps the taxes its children's invoices charged. Both companies tax every line at
 * 8.875 % (exclusive, company-wide); each child invoice is taxed as on its own:
 * fixed: 14,700 − 1,838 = 12,862 taxable → 1,141.5025 → 1,142 tax, total 14,004;
 * one seat: 4,900 → 434.875 → 435 tax, total 5,335.
 * Roll-up of 1 March: total 19,339, tax 1,577 on a taxable 17,762 — the twin's two invoices summed.
 */
describe('roll-up invoices with taxes', () => {
  let a: Scenario;
  let b: Scenario;

  async function taxedFamily(s: Scenario, rollup: boolean) {
    await expectOk(await s.a.post('/taxes', { name: 'Sales tax', code: 'ST', percentage: 8.875 }), 201, 'POST /taxes');
    const parent = await expectOk(await s.a.post('/customers', { name: 'Taxed Group' }), 201, 'POST /customers');
    if (rollup)
      await expectOk(
        await s.a.patch(`/customers/${parent.id}`, { child_rollup_billing: true, child_rollup_billing_config: ROLLUP }),
        200,
        'PATCH',
      );
    const seats = await seatPrice(s, 4900);
    const child = async (name: string) =>
      expectOk(await s.a.post('/customers', { name, parent_customer_id: parent.id }), 201, 'POST /customers');
    const children = [await child('Taxed Fixed'), await child('Taxed Seat')];
    setNow(s, '2027-03-01');
    const sub = (customerId: string, n: number, extra: Record<string, unknown> = {}) =>
      s.a.post('/subscriptions', {
        customer_id: customerId,
        start_date: iso('2027-03-01'),
        parent_billed: true,
        auto_renews: false,
        term: { count: 3, frequency: 'MONTH' },
        product_pricing_ids: [seats.id],
        config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: n }],
        ...extra,
      });
    await expectOk(
      await sub(children[0].id, 3, { discounts: [{ name: '12.5 %', type: 'DISCOUNT_PERCENT', percent: 0.125 }] }),
      200,
      'POST',
    );
    await expectOk(await sub(children[1].id, 1), 200, 'POST');
    await runAt(s, '2027-03-01');
    return parent;
  }

  beforeAll(async () => {
    a = await startScenario('Taxed Roll-up Co');
    b = await anotherCompany(a, 'Taxed Twin Co');
  });
  afterAll(() => a.t.close());
  afterEach(() => expectBooksBalanced(a.t));

  it('carries each child invoice’s taxes onto the roll-up, never taxing the gathered lines again', async () => {
    const parent = await taxedFamily(a, true);
    await taxedFamily(b, false);
    const money = (v: number) => ({ currency: 'USD', value_in_cents: v });
    const twins = (await findInvoices(b, {})) as any[];
    expect(twins.map((i) => [i.total.value_in_cents, i.tax_amount.value_in_cents]).sort()).toEqual(
      [
        [14004, 1142],
        [5335, 435],
      ].sort(),
    );
    const [rollup] = (await findInvoices(a, {})) as any[];
    expect(rollup).toMatchObject({ customer_id: parent.id, total: money(19339), tax_amount: money(1577) });
    expect(rollup.tax_details).toEqual([
      expect.objectContaining({ code: 'ST', percentage: 8.875, inclusive: false, taxable_amount: money(17762), amount: money(1577) }),
    ]);
    expect(rollup.items.map((l: any) => l.tax_amount.value_in_cents).reduce((x: number, y: number) => x + y, 0)).toBe(1577);
  });
});
