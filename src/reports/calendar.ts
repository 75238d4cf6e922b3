/**
 * The calendar of a report: days and months of one IANA time zone (the company's
 * `preferred_timezone`, else UTC), as UTC instants. Pure; the zone's offsets come from
 * billing-math's `zones.ts`, as billing dates do.
 */
import { isTimeZone, UTC, zoneOffset } from '../billing-math/zones';

export type Granularity = 'MONTH' | 'DAY';

const DAY_MS = 86_400_000;

/** A local calendar date (month 1–12). */
export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

export class ZoneCalendar {
  private readonly offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {}

  /** Whether `tz` is a zone this runtime knows. */
  static isZone(tz: string): boolean {
    return isTimeZone(tz);
  }

  /** The zone's offset from UTC at `ms` (local − UTC, in ms); cached by the hour, as a report asks for many. */
  private offset(ms: number): number {
    if (this.timeZone === UTC) return 0;
    const key = Math.floor(ms / 3_600_000);
    let off = this.offsets.get(key);
    if (off === undefined) {
      off = zoneOffset(this.timeZone, key * 3_600_000);
      this.offsets.set(key, off);
    }
    return off;
  }

  /** The local date an instant falls on. */
  dateOf(ms: number): LocalDate {
    const d = new Date(ms + this.offset(ms));
    return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
  }

  /** The instant a local date starts (its local midnight; on a DST gap, the first instant after it). */
  startOf(date: LocalDate): number {
    const wall = Date.UTC(date.y, date.m - 1, date.d);
    let guess = wall - this.offset(wall);
    guess = wall - this.offset(guess);
    return guess;
  }

  /** A day number (days since 1970-01-01 of the local calendar) of an instant. */
  dayNumber(ms: number): number {
    const d = this.dateOf(ms);
    return Math.round(Date.UTC(d.y, d.m - 1, d.d) / DAY_MS);
  }

  /** The instant the local day `n` (a day number) starts. */
  dayStart(n: number): number {
    const d = new Date(n * DAY_MS);
    return this.startOf({ y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() });
  }

  /** A month number (12·year + month − 1) of an instant. */
  monthNumber(ms: number): number {
    const d = this.dateOf(ms);
    return d.y * 12 + d.m - 1;
  }

  /** The instant the local month `n` (a month number) starts. */
  monthStart(n: number): number {
    return this.startOf({ y: Math.floor(n / 12), m: (n % 12) + 1, d: 1 });
  }

  /** The day number the local month `n` starts on. */
  monthFirstDay(n: number): number {
    return Math.round(Date.UTC(Math.floor(n / 12), n % 12, 1) / DAY_MS);
  }
}

/** A report period: [start, end) as instants, its label (YYYY-MM or YYYY-MM-DD) and its first/last+1 day numbers. */
export interface Period {
  label: string;
  start: Date;
  end: Date;
  firstDay: number;
  endDay: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * The periods covering [from, to): the local months (or days) from the one `from` falls in to
 * the one holding the last instant before `to`.
 */
export function periodsOf(cal: ZoneCalendar, from: Date, to: Date, granularity: Granularity): Period[] {
  const out: Period[] = [];
  const last = to.getTime() - 1;
  if (granularity === 'MONTH') {
    for (let n = cal.monthNumber(from.getTime()); n <= cal.monthNumber(last); n++) {
      out.push({
        label: `${pad(Math.floor(n / 12), 4)}-${pad((n % 12) + 1)}`,
        start: new Date(cal.monthStart(n)),
        end: new Date(cal.monthStart(n + 1)),
        firstDay: cal.monthFirstDay(n),
        endDay: cal.monthFirstDay(n + 1),
      });
    }
  } else {
    for (let n = cal.dayNumber(from.getTime()); n <= cal.dayNumber(last); n++) {
      const d = new Date(n * DAY_MS);
      out.push({
        label: `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
        start: new Date(cal.dayStart(n)),
        end: new Date(cal.dayStart(n + 1)),
        firstDay: n,
        endDay: n + 1,
      });
    }
  }
  return out;
}
