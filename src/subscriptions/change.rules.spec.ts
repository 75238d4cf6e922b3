import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cancelInstant, changeInstant, timingInstant } from './change.rules';
import type { SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';

const d = (s: string) => new Date(`${s}T00:00:00.000Z`);
// monthly billing on a yearly term, started and anchored Jan 1 2027
const sub = { start_date: d('2027-01-01'), billing_anchor_date: d('2027-01-01'), end_date: null } as unknown as SubscriptionEntity;
const phase = {
  term_count: 1,
  term_frequency: 'YEAR',
  billing_term_count: 1,
  billing_term_frequency: 'MONTH',
  post_only: false,
  reset_billing_anchor: false,
  billing_anchor_date: d('2027-01-01'),
} as unknown as SubscriptionPhaseEntity;
const inputs = {
  start_date: sub.start_date,
  billing_anchor_date: sub.billing_anchor_date,
  term: { count: 1, frequency: 'YEAR' as const },
  billing_term: { count: 1, frequency: 'MONTH' as const },
  end_date: null,
  post_only: false,
};
const now = new Date('2027-03-10T12:00:00.000Z');

describe('change rules: timing -> instant (changes and cancellations alike)', () => {
  it('IMMEDIATE (and no timing) is now, PERIOD_END the end of the billing period, RENEWAL the end of the term', () => {
    expect(timingInstant('IMMEDIATE', inputs, now)).toEqual(now);
    expect(timingInstant(null, inputs, now)).toEqual(now);
    expect(timingInstant('PERIOD_END', inputs, now)).toEqual(d('2027-04-01'));
    expect(timingInstant('RENEWAL', inputs, now)).toEqual(d('2028-01-01'));
  });

  it('a change and a cancellation with the same timing take effect at the same instant', () => {
    for (const timing of ['IMMEDIATE', 'PERIOD_END', 'RENEWAL'] as const) {
      expect(changeInstant(sub, phase, { timing }, now)).toEqual(cancelInstant(sub, phase, { timing }, now));
    }
  });

  it('a custom change date before the current billing period is refused; a custom end date before the start too', () => {
    expect(() => changeInstant(sub, phase, { custom_change_date: '2027-02-15T00:00:00.000Z' }, now)).toThrow(/custom_change_date/);
    expect(changeInstant(sub, phase, { custom_change_date: '2027-03-05T00:00:00.000Z' }, now)).toEqual(d('2027-03-05'));
    expect(() => cancelInstant(sub, phase, { custom_end_date: '2026-12-01T00:00:00.000Z' }, now)).toThrow(/custom_end_date/);
  });

  it('before the start, an immediate change or cancellation takes effect at the start', () => {
    const early = new Date('2026-12-20T00:00:00.000Z');
    expect(changeInstant(sub, phase, {}, early)).toEqual(d('2027-01-01'));
    expect(cancelInstant(sub, phase, {}, early)).toEqual(d('2027-01-01'));
  });

  it('is pure: it imports no Nest, TypeORM, pg or clock, and awaits nothing', () => {
    const source = readFileSync(join(__dirname, 'change.rules.ts'), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.filter((i) => /@nestjs|typeorm|^pg$|clock/.test(i))).toEqual([]);
    expect(source).not.toMatch(/\bawait\b|\basync\b/);
  });
});
