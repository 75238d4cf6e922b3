/**
 * Wall-clock time in an IANA time zone (pure): the offset of a zone at an instant, and the instant
 * a local date and time falls on. Node's `Intl` carries the full tz database (ICU), which is all
 * billing needs — an offset per instant — so no date library is imported: billing-math stays
 * free of dependencies other than decimal.js (purity.spec.ts).
 *
 * - A local time that does not exist (the hour skipped when clocks go forward) falls on the
 *   first instant after the gap, as an alarm set for it would ring: 02:30 on the night Paris
 *   moves from 02:00 to 03:00 is 03:30 local.
 * - A local time that happens twice (the hour repeated when clocks go back) is its later
 *   occurrence. Billing dates at midnight never meet either case in zones that change at night.
 */
import { BillingMathError } from './errors';

export const UTC = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new BillingMathError(`unknown time zone ${zone}`);
    }
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone name the runtime knows (UTC included). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `ms` (local − UTC, in ms). */
export function zoneOffset(zone: string, ms: number): number {
  if (zone === UTC) return 0;
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(whole))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  // years 0..99: Date.UTC reads them as 19xx; billing dates never reach there, the offset stays exact above
  return local - whole;
}

/** The wall-clock time of an instant in the zone, as a Date whose UTC fields are the local fields. */
export function toWall(zone: string, instant: Date): Date {
  return new Date(instant.getTime() + zoneOffset(zone, instant.getTime()));
}

/** The instant a wall-clock time (a Date whose UTC fields are local fields) falls on in the zone. */
export function fromWall(zone: string, wall: Date): Date {
  const w = wall.getTime();
  if (zone === UTC) return new Date(w);
  const first = w - zoneOffset(zone, w);
  return new Date(w - zoneOffset(zone, first));
}
