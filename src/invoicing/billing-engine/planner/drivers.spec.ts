/**
 * What the drivers answer besides the lines: invoice keys and periods, where the run's next work
 * lies, the usage windows asked for, and that the preview equals what the run writes next.
 * No database.
 */
import { d, phase, plan, price, subscription, summary, writtenAs, refund } from './fixtures';

const seats = price('seats', 'LICENSE', '1000');
const calls = price('calls', 'USAGE', '0.5');

describe('drivers: the billing run', () => {
  it('answers keys, periods and where the next work lies', () => {
    const r = plan(subscription('2027-01-31'), [phase(1, '2027-01-31', [seats], 2)], {}, { mode: 'write', until: d('2027-04-30') });
    expect(r.invoices[1]).toMatchObject({
      key: 'subs_1@2027-02-28T00:00:00.000Z',
      period_start: d('2027-02-28'),
      period_end: d('2027-03-31'),
    });
    expect(r.next_invoice_date).toEqual(d('2027-05-31'));
    expect(r.next_work_at).toEqual(d('2027-05-31'));
  });

  it('asks for the usage of each piece of a window split at a change, and marks the invoice as having usage', () => {
    const phases = [phase(1, '2027-01-01', [seats, calls], 3), phase(2, '2027-01-11', [seats, calls], 5)];
    const r = plan(subscription('2027-01-01'), phases, { usage: () => '10' }, { mode: 'write', until: d('2027-02-01') });
    expect(r.usageCalls).toEqual(['2027-01-01..2027-01-11', '2027-01-11..2027-02-01']);
    expect(r.invoices[1].has_usage).toBe(true);
    expect(r.invoices[1].lines.filter((l) => l.prorated).every((l) => l.kind === 'CHARGE')).toBe(true);
  });

  it('keys a change invoice by its event and a final invoice once; nothing is due after the end', () => {
    const phases = [phase(1, '2027-03-01', [seats], 5), phase(2, '2027-03-17', [seats], 2, { proration_type: 'IMMEDIATE' })];
    const sub = subscription('2027-03-01', { end_date: d('2027-03-20'), cancel: refund('PRORATED') });
    const r = plan(sub, phases, {}, { mode: 'write', until: d('2027-12-01') });
    expect(r.invoices.map((x) => x.key)).toEqual(['subs_1@2027-03-01T00:00:00.000Z', 'subs_1@change@2']);
    const written = writtenAs(r.invoices, (x) => (x.kind === 'SUBSCRIPTION_PERIOD' ? 1 : null));
    const after = plan(sub, phases, { written }, { mode: 'write', until: d('2027-12-01') });
    expect(after.invoices).toEqual([]);
    expect(after.next_invoice_date).toBeNull();
  });
});

describe('drivers: preview and run agree', () => {
  it('the preview is the invoice the run writes next, for every next invoice of a year', () => {
    const phases = [phase(1, '2027-01-01', [seats, calls], 2), phase(2, '2027-05-20', [seats, calls], 4, { proration_type: 'IMMEDIATE' })];
    const sub = subscription('2027-01-01', { end_date: d('2027-11-10'), cancel: refund('PRORATED') });
    const usage = (_p: unknown, start: Date) => String(start.getUTCMonth() + 1);
    let written = {};
    for (;;) {
      const preview = plan(sub, phases, { written, usage }, { mode: 'preview' });
      const run = plan(sub, phases, { written, usage }, { mode: 'write', until: d('2028-01-01') });
      expect(summary(preview.invoices)).toEqual(summary(run.invoices.slice(0, 1)));
      if (run.invoices.length === 0) break;
      written = { ...written, ...writtenAs(run.invoices.slice(0, 1), (x) => (x.date < d('2027-05-20') ? 1 : 2)) };
    }
    expect(Object.keys(written)).toHaveLength(13);
  });
});
