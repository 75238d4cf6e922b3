/**
 * Prorated seats (a WEIGHTED_SUM metric; docs/billing-rules.md "Prorated seats (weighted sum)"):
 * the usage read for a window is the quantity averaged over it; a window that is only part of a
 * billing period counts for that part. Inputs → the invoices planned, [date, kind, line cents].
 */
import type { BillableMetricEntity } from '../../../metrics/billable-metric.entity';
import type { PlanPrice } from '../catalog-loader';
import { d, phase, planned, price, RuleCase, subscription, until } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const X = 'SUBSCRIPTION_CANCEL';
const weighted = (p: PlanPrice): PlanPrice => ({
  ...p,
  metric: { metering_rule: { aggregator: 'WEIGHTED_SUM', property: 'seats' } } as unknown as BillableMetricEntity,
});
const seatMonths = weighted(price('seats', 'USAGE', '1000'));
/** The average number of seats the metric reads: 15 in May (10 then 20), 15 over [May 1, May 16). */
const averages = () => '15';

const cases: RuleCase[] = [
  {
    name: 'a whole month bills its average seats: 15 × 1000',
    sub: subscription('2027-05-01'),
    phases: [phase(1, '2027-05-01', [seatMonths])],
    history: { usage: averages },
    driver: until('2027-06-01'),
    expected: [['2027-06-01', P, [15000]]],
  },
  {
    // [May 1, May 16) is 15 of May's 31 days: 15 seats × 15/31 = 7.258064516129 seat-months; × 1000 = 7258.06 → 7258
    name: 'an end mid-month bills the seats of the part of the month used',
    sub: subscription('2027-05-01', { end_date: d('2027-05-16') }),
    phases: [phase(1, '2027-05-01', [seatMonths])],
    history: { usage: averages },
    driver: until('2027-06-01'),
    expected: [['2027-05-16', X, [7258]]],
  },
  {
    // the same price counted by SUM is not weighted: 15 × 1000 for the part of the month
    name: 'any other aggregator is billed as metered, whatever the window',
    sub: subscription('2027-05-01', { end_date: d('2027-05-16') }),
    phases: [phase(1, '2027-05-01', [price('seats', 'USAGE', '1000')])],
    history: { usage: averages },
    driver: until('2027-06-01'),
    expected: [['2027-05-16', X, [15000]]],
  },
];

describe('prorated seats (weighted sum)', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
