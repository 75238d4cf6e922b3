/**
 * Shared set-up of the dated billing stories (test/scenarios/*.e2e-spec.ts).
 *
 * Every story drives the service through its HTTP API with a fixed clock and closes billing
 * periods with `BillingRunService.run(instant)` (the clock is set to the same instant first).
 * Expected cents are worked out by hand in each story, from docs/billing-rules.md: exact
 * fractions, rounded once per line, half away from zero (docs/billing-rules.md#rounding).
 * How to add a story: test/scenarios/README.md.
 *
 * `runAt` runs the billing for the scenario's own company (BillingRunOptions.companyIds), so a
 * file's stories do not bill every other test file's subscriptions up to 2028 (speed) and
 * files stay independent; `runGlobalAt` is the plain `run(instant)` over every company (used by
 * the exactly-once stories). Either way a story only asserts on its own subscription/customer.
 */
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { createPricing, createProduct } from '../support/fixtures';

export { ok, usd } from '../support/fixtures';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export interface Money {
  currency: string;
  value_in_cents: number;
}
export interface InvoiceItem {
  kind: 'BASE' | 'CHARGE' | 'MINIMUM_SPEND' | 'DISCOUNT';
  name: string;
  period: { start_date: string | null; end_date: string | null } | null;
  quantity: number | null;
  unit_price: number | null;
  amount: Money;
  prorated: boolean;
  product_pricing_id: string | null;
  one_time_id: string | null;
}
export interface Invoice {
  uuid: string;
  number: number | string;
  status: string;
  customer_id: string;
  subscription_id: string | null;
  invoice_date: string;
  period_start: string | null;
  period_end: string | null;
  due_date: string;
  sub_total: Money;
  discount_total: Money;
  total: Money;
  due: Money;
  paid: Money;
  prorated_amount: Money;
  items: InvoiceItem[];
}

export interface Scenario {
  t: TestApp;
  a: Tenant;
  clock: FixedClock;
  product: { id: string };
}

export async function startScenario(name: string): Promise<Scenario> {
  const clock = new FixedClock(new Date('2027-01-31T00:00:00.000Z'));
  const t = await createTestApp({ clock });
  const a = await t.tenant(name);
  const product = await createProduct(a, { name });
  return { t, a, clock, product };
}

/** Another company on the same app and clock (its own numbering, settings and billing runs). */
export async function anotherCompany(s: Scenario, name: string): Promise<Scenario> {
  const a = await s.t.tenant(name);
  return { t: s.t, a, clock: s.clock, product: await createProduct(a, { name }) };
}

export const iso = (d: string) => (d.length === 10 ? `${d}T00:00:00.000Z` : new Date(d).toISOString());

export function setNow(s: Scenario, when: string): void {
  s.clock.set(new Date(iso(when)));
}

/** Sets the clock to `when` and runs billing at that instant for the scenario's company. */
export async function runAt(s: Scenario, when: string) {
  setNow(s, when);
  return s.t.app.get(BillingRunService).run(new Date(iso(when)), { companyIds: [s.a.companyId] });
}

/** Sets the clock to `when` and runs billing at that instant for every company (a plain run). */
export async function runGlobalAt(s: Scenario, when: string) {
  setNow(s, when);
  return s.t.app.get(BillingRunService).run(new Date(iso(when)));
}

export async function expectOk(res: { status: number; body: any }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A pricing in USD billed monthly unless the body says otherwise. */
export async function monthlyUsdPricing(a: Tenant, body: Record<string, unknown>) {
  return createPricing(a, { currency: 'USD', billing_frequency: { count: 1, frequency: 'MONTH' }, ...body });
}

/** A per-seat licence price (no item/metric): `price_per_unit` cents per licence per period. */
export async function seatPrice(s: Scenario, cents: number | string, over: Record<string, unknown> = {}) {
  return monthlyUsdPricing(s.a, {
    product_id: s.product.id,
    name: `Seats ${cents}`,
    pricing_type: 'FIXED',
    fixed_price: { price_per_unit: cents },
    ...over,
  });
}

/** The licence product metric pricing id of a pricing (for config_items). */
export const pmpOf = (pricing: any): string => pricing.product_metric_pricings[0].id;

export interface Meter {
  itemId: string;
  metricId: string;
}

/** A usage item whose metric SUMs the `units` property of its events. */
export async function createMeter(s: Scenario, name: string): Promise<Meter> {
  const item = await expectOk(await s.a.post('/billable_items', { name, type: 'CUSTOM_USAGE' }), 200, 'POST /billable_items');
  const metric = await expectOk(
    await s.a.post('/billable_metrics', {
      item_id: item.id,
      name: `${name} units`,
      metering_rule: { aggregator: 'SUM', property: 'units', group_keys: [] },
    }),
    200,
    'POST /billable_metrics',
  );
  return { itemId: item.id, metricId: metric.id };
}

/** A usage price on a meter (billed in arrears). */
export async function usagePrice(s: Scenario, meter: Meter, body: Record<string, unknown>) {
  return monthlyUsdPricing(s.a, { product_id: s.product.id, name: 'Usage', item_id: meter.itemId, metric_id: meter.metricId, ...body });
}

let customerCounter = 0;
export async function createCustomer(s: Scenario, name: string) {
  const identifier = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++customerCounter}-${Math.random().toString(36).slice(2, 8)}`;
  return expectOk(await s.a.post('/customers', { name, identifier }), 201, 'POST /customers');
}

/** Creates a subscription with the clock set to its start (unless `now` is given). */
export async function subscribe(s: Scenario, body: Record<string, unknown> & { start_date: string }, now?: string) {
  setNow(s, now ?? body.start_date);
  return expectOk(await s.a.post('/subscriptions', { ...body, start_date: iso(body.start_date) }), 200, 'POST /subscriptions');
}

let txCounter = 0;
/** Usage events `[timestamp, units]` for a customer on a meter. */
export async function ingest(s: Scenario, customerId: string, meter: Meter, events: [string, number][]) {
  const body = {
    events: events.map(([ts, units]) => ({
      customer_id: customerId,
      item_id: meter.itemId,
      transaction_id: `scn-${++txCounter}-${Math.random().toString(36).slice(2, 10)}`,
      timestamp: iso(ts),
      properties: { units },
    })),
  };
  const res = await expectOk(await s.a.post('/events/ingest', body), 200, 'POST /events/ingest');
  if (res.errors?.length) throw new Error(`ingest errors: ${JSON.stringify(res.errors)}`);
  return res;
}

/** Every invoice of a subscription (full, with items), ordered by invoice date then number. */
export async function invoicesOf(s: Scenario, subscriptionId: string): Promise<Invoice[]> {
  return findInvoices(s, { subscription_id: subscriptionId });
}

export async function findInvoices(s: Scenario, query: Record<string, unknown>): Promise<Invoice[]> {
  const found = await expectOk(
    await s.a.post('/invoices/find', { query, sort_key: 'createdAtAsc', pagination: { limit: 100 } }),
    200,
    'POST /invoices/find',
  );
  const full: Invoice[] = [];
  for (const r of found.results as Invoice[]) full.push(await expectOk(await s.a.get(`/invoices/${r.uuid}`), 200, 'GET /invoices/{uuid}'));
  return full.sort((x, y) => x.invoice_date.localeCompare(y.invoice_date) || Number(x.number) - Number(y.number));
}

/** The one invoice of the subscription dated `when` (fails when there is none or several). */
export function at(invoices: Invoice[], when: string): Invoice {
  const hits = invoices.filter((i) => i.invoice_date === iso(when));
  if (hits.length !== 1) {
    throw new Error(
      `expected one invoice dated ${iso(when)}, found ${hits.length} among ${JSON.stringify(invoices.map((i) => [i.invoice_date, i.total.value_in_cents]))}`,
    );
  }
  return hits[0];
}

export const dates = (invoices: Invoice[]) => invoices.map((i) => i.invoice_date);
export const totals = (invoices: Invoice[]) => invoices.map((i) => i.total.value_in_cents);
export const cents = (m: Money | null | undefined) => (m ? m.value_in_cents : null);

/** Amounts of the items matching a filter, in invoice order. */
export function amounts(inv: Invoice, filter: Partial<Pick<InvoiceItem, 'kind' | 'prorated' | 'product_pricing_id'>> = {}): number[] {
  return inv.items
    .filter(
      (i) =>
        (filter.kind === undefined || i.kind === filter.kind) &&
        (filter.prorated === undefined || i.prorated === filter.prorated) &&
        (filter.product_pricing_id === undefined || i.product_pricing_id === filter.product_pricing_id),
    )
    .map((i) => i.amount.value_in_cents);
}

export const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);

/** Sorted amounts (order of lines inside an invoice is not part of the contract). */
export const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

/** invoice_date + days, ISO. */
export const plusDays = (when: string, days: number) => new Date(new Date(iso(when)).getTime() + days * DAY).toISOString();

export { cli } from '../support/cli';
