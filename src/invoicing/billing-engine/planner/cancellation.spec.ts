/**
 * The cancellation rule's table (docs/billing-rules.md "Cancellations"): inputs → the invoices
 * planned, [date, kind, line cents]. No database.
 */
import { d, phase, planned, price, RuleCase, subscription, until, writtenPeriod, refund } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const X = 'SUBSCRIPTION_CANCEL';
const seats = price('seats', 'LICENSE', '1000');
const june = (over: Parameters<typeof subscription>[1]) => subscription('2027-06-01', { end_date: d('2027-06-20'), ...over });

const cases: RuleCase[] = [
  {
    // known before June was billed: June billed to the 20th, 3000 × 19/30 = 1900; nothing to credit (decision 5)
    name: 'an end known before its last period is billed prorates that period’s advance instead',
    sub: june({ cancel: refund('PRORATED') }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    driver: until('2027-12-01'),
    expected: [['2027-06-01', P, [1900]]],
  },
  {
    // June billed whole before the cancellation: −3000 × 11/30 = −1100
    name: 'PRORATED: the final invoice at the end date credits the unused time; nothing after',
    sub: june({ cancel: refund('PRORATED') }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [-1100]]],
  },
  {
    name: 'PRORATED: a billing date at or after the end invoiced before the end was known is credited whole (decision 4)',
    sub: june({ cancel: refund('PRORATED') }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: { ...writtenPeriod('2027-06-01', '2027-07-01'), ...writtenPeriod('2027-07-01', '2027-08-01') } },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [-1100, -3000]]],
  },
  {
    name: 'any other refund type keeps what was billed: a final invoice without lines is not written',
    sub: june({ cancel: refund('NONE') }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [],
  },
  {
    // usage of [Jun 1, Jun 20): 30 × 1; POST_ONLY 3000 × 19/30 = 1900
    name: 'the final invoice bills the arrears of [last billing date, end)',
    sub: june({ cancel: refund('NONE') }),
    phases: [phase(1, '2027-06-01', [price('calls', 'USAGE', '1'), price('post', 'LICENSE', '3000', { charge_type: 'POST_ONLY' })], 1)],
    history: { usage: () => '30' },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [30, 1900]]],
  },
  {
    name: 'a NEXT change’s proration waiting for the next invoice goes on the final one',
    sub: june({ cancel: refund('NONE') }),
    phases: [phase(1, '2027-06-01', [seats], 3), phase(2, '2027-06-10', [seats], 2, { proration_type: 'NEXT' })],
    driver: until('2027-12-01'),
    // [Jun 10, Jun 20) of 30 days: −3000 × 10/30 = −1000; 2000 × 10/30 = 666.67 → 667
    expected: [
      ['2027-06-01', P, [1900]],
      ['2027-06-20', X, [-1000, 667]],
    ],
  },
  {
    // June billed whole (3000): a credit of the 5.00 asked
    name: 'CUSTOM: the final invoice credits the amount asked',
    sub: june({ cancel: refund('CUSTOM', { custom_refund_cents: 500 }) }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [-500]]],
  },
  {
    name: 'CUSTOM: the credit is at most what the cancelled period billed',
    sub: june({ cancel: refund('CUSTOM', { custom_refund_cents: 5000 }) }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [-3000]]],
  },
  {
    // the open June invoice (nothing paid) is voided by the cancellation: nothing of it to credit
    name: 'cancel_pending_invoices: an invoice the cancellation voids is not credited',
    sub: june({ cancel: refund('PRORATED', { cancel_pending_invoices: true }) }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [],
  },
  {
    // billed to Jul 1; the committed term ends Sep 1: July and August, no credit of the unused time
    name: 'charge_remaining_balance: the final invoice bills the plan to the end of the committed term',
    sub: june({ cancel: refund('NONE', { charge_remaining_balance: true }), committed_term_end: d('2027-09-01') }),
    phases: [phase(1, '2027-06-01', [seats], 3)],
    history: { written: writtenPeriod('2027-06-01', '2027-07-01') },
    driver: until('2027-12-01'),
    expected: [['2027-06-20', X, [3000, 3000]]],
  },
];

describe('cancellation', () => {
  it.each(cases)('$name', (c) => expect(planned(c)).toEqual(c.expected));
});
