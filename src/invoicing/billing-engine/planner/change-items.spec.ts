/**
 * A change's one-time items (docs/billing-rules.md "One-time items"): on the change's own
 * invoice when it has one, else on the next invoice. Inputs → the invoices planned,
 * [date, kind, line cents]. No database.
 */
import type { EngineOneTimeItem } from '../model';
import { phase, planned, price, RuleCase, subscription, until } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const C = 'SUBSCRIPTION_CHANGE';
const seats = price('seats', 'LICENSE', '1000');
const setup: EngineOneTimeItem = { name: 'Setup', quantity: '2', unit_price_cents: 700, prices: [], product_pricing_id: null };

const cases: RuleCase[] = [
  {
    // IMMEDIATE: the change's invoice, −3000 × 21/30 = −2100, 2000 × 21/30 = 1400, then 2 × 700
    name: 'a change with an invoice of its own bills its items there',
    sub: subscription('2027-06-01'),
    phases: [
      phase(1, '2027-06-01', [seats], 3),
      phase(2, '2027-06-10', [seats], 2, { proration_type: 'IMMEDIATE', onetime_items: [setup] }),
    ],
    driver: until('2027-07-02'),
    expected: [
      ['2027-06-01', P, [3000]],
      ['2027-06-10', C, [-2100, 1400, 1400]],
      ['2027-07-01', P, [2000]],
    ],
  },
  {
    // NONE: no change invoice; the items wait for July 1
    name: 'a change without an invoice puts its items on the next one',
    sub: subscription('2027-06-01'),
    phases: [phase(1, '2027-06-01', [seats], 3), phase(2, '2027-06-10', [seats], 2, { proration_type: 'NONE', onetime_items: [setup] })],
    driver: until('2027-08-02'),
    expected: [
      ['2027-06-01', P, [3000]],
      ['2027-07-01', P, [1400, 2000]],
      ['2027-08-01', P, [2000]],
    ],
  },
];

describe('a change’s one-time items', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
