/**
 * Dated stories: several scheduled changes on one subscription
 * (docs/billing-rules.md#scheduled-changes-and-timing). Each applies at its own instant, whatever
 * the order they were scheduled in; one can be listed, previewed and cancelled on its own.
 * Seats at 10.00 a month, monthly from Mar 1 2027: a change at a billing date bills the new
 * plan's whole period there (nothing of the old plan is left to credit).
 */
import {
  amounts,
  anotherCompany,
  at,
  createCustomer,
  dates,
  expectOk,
  invoicesOf,
  iso,
  pmpOf,
  runAt,
  Scenario,
  seatPrice,
  setNow,
  startScenario,
  subscribe,
} from './scenario-kit';

describe('scenarios: several scheduled changes', () => {
  let s: Scenario;
  let seats: any;

  beforeAll(async () => {
    s = await startScenario('Scheduled changes');
    seats = await seatPrice(s, 1000);
  });
  afterAll(() => s.t.close());

  const licences = (n: number) => ({ config_items: [{ product_metric_pricing_id: pmpOf(seats), num_licenses: n }] });
  const schedule = async (subId: string, n: number, when: string) =>
    expectOk(
      await s.a.post(`/subscriptions/${subId}/change`, { ...licences(n), custom_change_date: iso(when) }),
      200,
      'POST /subscriptions/{id}/change',
    );
  const scheduled = async (subId: string) =>
    (await expectOk(await s.a.get(`/subscriptions/${subId}/scheduled_changes`), 200, 'GET scheduled_changes')).results;

  it('two changes scheduled out of order are applied in order of their instants by the billing run', async () => {
    const c = await createCustomer(s, 'Two changes');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], ...licences(2), start_date: '2027-03-01' });
    setNow(s, '2027-03-05');
    await schedule(sub.id, 5, '2027-06-01'); // scheduled first, applies second
    const answer = await schedule(sub.id, 3, '2027-05-01');
    expect(answer.change_date).toBe(iso('2027-05-01')); // the next change to apply
    const list = await scheduled(sub.id);
    expect(list.map((x: any) => [x.change_date, x.config_items[0].num_licenses])).toEqual([
      [iso('2027-05-01'), 3],
      [iso('2027-06-01'), 5],
    ]);

    // the preview of the May change: the May 1 invoice, 3 seats × 1000
    const preview = await expectOk(
      await s.a.post('/invoices/next', { currency: 'USD', customer_id: c.id, subscription_id: sub.id, scheduled_change_id: list[0].id }),
      200,
      'POST /invoices/next',
    );
    expect([preview.invoice_date, preview.total.value_in_cents]).toEqual([iso('2027-05-01'), 3000]);

    await runAt(s, '2027-06-01');
    const invoices = await invoicesOf(s, sub.id);
    expect(dates(invoices)).toEqual(['2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01'].map(iso));
    // 2 seats in March and April, 3 from May 1, 5 from Jun 1 (× 1000)
    expect(invoices.map((i) => amounts(i))).toEqual([[2000], [2000], [3000], [5000]]);
    expect(await scheduled(sub.id)).toEqual([]);
  });

  it('cancelling one scheduled change leaves the other at its instant; another company sees neither', async () => {
    const c = await createCustomer(s, 'Cancel one');
    const sub = await subscribe(s, { customer_id: c.id, product_pricing_ids: [seats.id], ...licences(2), start_date: '2027-03-01' });
    setNow(s, '2027-03-05');
    await schedule(sub.id, 3, '2027-04-01');
    await schedule(sub.id, 5, '2027-05-01');
    const [april, may] = await scheduled(sub.id);

    const b = await anotherCompany(s, 'Other company');
    expect((await b.a.get(`/subscriptions/${sub.id}/scheduled_changes`)).status).toBe(404);
    expect((await b.a.post(`/subscriptions/${sub.id}/scheduled_changes/${april.id}/cancel`, {})).status).toBe(404);

    const after = await expectOk(
      await s.a.post(`/subscriptions/${sub.id}/scheduled_changes/${april.id}/cancel`, {}),
      200,
      'POST scheduled_changes/{id}/cancel',
    );
    expect(after.change_date).toBe(iso('2027-05-01'));
    expect((await scheduled(sub.id)).map((x: any) => x.id)).toEqual([may.id]);
    expect((await s.a.post(`/subscriptions/${sub.id}/scheduled_changes/${april.id}/cancel`, {})).status).toBe(404);
    const unknown = await s.a.post('/invoices/next', {
      currency: 'USD',
      customer_id: c.id,
      subscription_id: sub.id,
      scheduled_change_id: 999,
    });
    expect(unknown.status).toBe(404);

    await runAt(s, '2027-05-01');
    const invoices = await invoicesOf(s, sub.id);
    // April keeps 2 seats (its change was cancelled); May has 5
    expect(invoices.map((i) => [i.invoice_date, amounts(i)])).toEqual([
      [iso('2027-03-01'), [2000]],
      [iso('2027-04-01'), [2000]],
      [iso('2027-05-01'), [5000]],
    ]);
    expect(at(invoices, '2027-05-01').total.value_in_cents).toBe(5000);
  });
});
