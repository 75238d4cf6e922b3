import type { SubscriptionEntity, SubscriptionPhaseEntity } from '../../subscriptions/subscription.entity';
import { pastPeriods } from './current-period';

const d = (s: string) => new Date(`${s}T00:00:00.000Z`);
const iso = (ps: { start: Date; end: Date }[]) =>
  ps.map((p) => `${p.start.toISOString().slice(0, 10)}..${p.end.toISOString().slice(0, 10)}`);

function monthly(start: string, anchor: string): { sub: SubscriptionEntity; phase: SubscriptionPhaseEntity } {
  const sub = {
    start_date: d(start),
    billing_anchor_date: d(anchor),
    end_date: null,
    billing_timezone: null,
  } as unknown as SubscriptionEntity;
  const phase = {
    reset_billing_anchor: false,
    billing_anchor_date: d(anchor),
    term_count: 1,
    term_frequency: 'YEAR',
    billing_term_count: 1,
    billing_term_frequency: 'MONTH',
    post_only: false,
  } as unknown as SubscriptionPhaseEntity;
  return { sub, phase };
}

describe('pastPeriods', () => {
  it('lists the periods before the current one, most recent first, at most count', () => {
    const { sub, phase } = monthly('2027-09-01', '2027-09-01');
    expect(iso(pastPeriods(sub, phase, new Date('2028-01-10T12:00:00Z'), 3))).toEqual([
      '2027-12-01..2028-01-01',
      '2027-11-01..2027-12-01',
      '2027-10-01..2027-11-01',
    ]);
  });

  it('cuts the first period at the start date (a start before the billing anchor), and none before it', () => {
    const { sub, phase } = monthly('2027-10-15', '2027-11-01');
    expect(iso(pastPeriods(sub, phase, new Date('2027-12-10T00:00:00Z'), 3))).toEqual(['2027-11-01..2027-12-01', '2027-10-15..2027-11-01']);
  });

  it('has none in the first period', () => {
    const { sub, phase } = monthly('2028-01-01', '2028-01-01');
    expect(pastPeriods(sub, phase, new Date('2028-01-10T00:00:00Z'), 3)).toEqual([]);
  });
});
