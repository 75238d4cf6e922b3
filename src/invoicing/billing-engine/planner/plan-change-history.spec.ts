/**
 * A plan change against what was written before it (docs/billing-rules.md "Changes",
 * "Exactly-once keys"): the change invoice is billed once, the run is woken at its instant, the
 * preview shows it, usage stays split at the change, and a billing date invoiced under the old
 * plan before a change at its own instant is replayed as it happened. No database.
 */
import { d, phase, phasesOf, plan, plans, price, subscription, summary, writtenAs, writtenPeriod, YEAR } from './fixtures';

const P = 'SUBSCRIPTION_PERIOD';
const C = 'SUBSCRIPTION_CHANGE';
const sub = subscription('2027-07-19');
const day = (x: Date) => x.toISOString().slice(0, 10);

describe('plan change: the change invoice against the invoices written', () => {
  it('the change invoice at the period end has a stable key and period, and is billed once', () => {
    const phases = phasesOf('monthly', 'yearly', d('2027-11-19'), 'NEXT');
    const first = plan(sub, phases, {}, { mode: 'write', until: d('2027-11-19') });
    const change = first.invoices.find((x) => x.kind === C)!;
    expect(change).toMatchObject({ key: 'subs_1@change@2', period_start: d('2027-11-19'), period_end: d('2028-07-19') });
    expect(change.lines.map((l) => [l.name, l.prorated, l.period_start, l.period_end])).toEqual([
      ['Remaining time: yearly', true, d('2027-11-19'), d('2028-07-19')],
    ]);
    // a later run sees every invoice written (the change invoice's lines carry no phase)
    const written = writtenAs(first.invoices, (x) => (x.kind === P ? 1 : null));
    const again = plan(sub, phases, { written }, { mode: 'write', until: d('2028-07-19') });
    expect(summary(again.invoices)).toEqual([['2028-07-19', P, [118800]]]);
  });

  it('the billing run is woken at the change instant, and the preview shows the change invoice', () => {
    const phases = phasesOf('monthly', 'yearly', d('2027-11-19'), 'NEXT');
    const r = plan(sub, phases, {}, { mode: 'write', until: d('2027-11-01') });
    expect(r.next_work_at).toEqual(d('2027-11-19'));
    const preview = plan(sub, phases, { written: writtenAs(r.invoices, () => 1) }, { mode: 'preview' });
    expect(summary(preview.invoices)).toEqual([['2027-11-19', C, [78875]]]);
  });
});

describe('plan change: usage and the billing date at the change instant', () => {
  it('usage of the old period stays on the next billing date, split at the change as before', () => {
    const calls = price('calls', 'USAGE', '1');
    const phases = [
      phase(1, '2027-07-19', [...plans.monthly.prices, calls], 1),
      phase(2, '2027-11-19', [...plans.yearly.prices, calls], 1, { term: YEAR }),
    ];
    const r = plan(sub, phases, { usage: (_p, s) => (day(s) === '2027-10-19' ? '7' : '11') }, { mode: 'write', until: d('2028-07-19') });
    // the change invoice has no arrears; Jul 19 2028 closes [Oct 19, Jul 19) split at the change: 7 + 11
    expect(summary(r.invoices.slice(3))).toEqual([
      ['2027-10-19', P, [11, 12900]],
      ['2027-11-19', C, [78875]],
      ['2028-07-19', P, [7, 11, 118800]],
    ]);
    expect(r.invoices[4].has_usage).toBe(false);
  });

  it('a change at a billing date already invoiced with the old plan charges the new plan to its own next billing date', () => {
    // the run wrote Nov 19 with the monthly plan before the change to yearly was recorded there
    const written = writtenPeriod('2027-11-19', '2027-12-19', 1);
    const r = plan(
      sub,
      phasesOf('monthly', 'yearly', d('2027-11-19'), 'IMMEDIATE'),
      { written },
      { mode: 'write', until: d('2028-07-19') },
    );
    // credit the whole month: −12900; charge 118800 × 243/366 = 78875.41 → 78875 (not to Dec 19 only)
    expect(summary(r.invoices.slice(4))).toEqual([
      ['2027-11-19', C, [-12900, 78875]],
      ['2028-07-19', P, [118800]],
    ]);
  });

  it('the same on one term: the billing date at the change instant stays as written, the change prorates against it', () => {
    // Nov 19 written monthly (1 seat) before a change to 3 seats dated Nov 19, IMMEDIATE
    const seats = plans.monthly.prices;
    const phases = [phase(1, '2027-07-19', seats, 1), phase(2, '2027-11-19', seats, 3, { proration_type: 'IMMEDIATE' })];
    const written = writtenPeriod('2027-11-19', '2027-12-19', 1);
    const r = plan(sub, phases, { written }, { mode: 'write', until: d('2027-12-19') });
    // credit −12900 of the whole month; 3 × 12900 = 38700 to Dec 19; then 38700 a month
    expect(summary(r.invoices.slice(4))).toEqual([
      ['2027-11-19', C, [-12900, 38700]],
      ['2027-12-19', P, [38700]],
    ]);
  });
});

describe('plan change: history replayed as it happened', () => {
  it('the billing date invoiced before the change closed its usage window: the next invoice bills usage from there', () => {
    const calls = price('calls', 'USAGE', '1');
    const phases = [
      phase(1, '2027-07-19', [...plans.monthly.prices, calls], 1),
      phase(2, '2027-11-19', [...plans.yearly.prices, calls], 1, { term: YEAR, proration_type: 'IMMEDIATE' }),
    ];
    const written = { ...writtenPeriod('2027-10-19', '2027-11-19', 1), ...writtenPeriod('2027-11-19', '2027-12-19', 1) };
    const usage = (_p: unknown, s: Date) => (day(s) === '2027-11-19' ? '5' : '1000');
    const r = plan(sub, phases, { written, usage }, { mode: 'write', until: d('2028-07-19') });
    // [Oct 19, Nov 19) was billed on Nov 19: only [Nov 19, Jul 19) (5 units) is left
    expect(summary(r.invoices.slice(3))).toEqual([
      ['2027-11-19', C, [-12900, 78875]],
      ['2028-07-19', P, [5, 118800]],
    ]);
  });
});
