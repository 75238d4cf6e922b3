import { DomainError } from '../platform/errors/domain-error';

const DAY_MS = 86_400_000;

/** The longest range a report answers (docs/reports.md, "Bounds"): MONTH/MRR two years, DAY one. */
export const MAX_RANGE_DAYS = { MONTH: 731, DAY: 366 } as const;

/** `from` < `to`, both valid, at most `maxDays` apart; a 400 naming the field otherwise. */
export function parseRange(from: string, to: string, maxDays: number): { from: Date; to: Date } {
  const f = new Date(from);
  const t = new Date(to);
  if (t.getTime() <= f.getTime()) throw DomainError.invalidField('to', 'must be after from');
  if (t.getTime() - f.getTime() > maxDays * DAY_MS) throw DomainError.invalidField('to', `must be at most ${maxDays} days after from`);
  return { from: f, to: t };
}
