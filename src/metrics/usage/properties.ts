import { daysInMonth } from '../../billing-math';
import type { Properties } from './usage.entity';

export const MAX_PROPERTIES = 100;
export const MAX_PROPERTY_KEY = 255;
export const MAX_PROPERTY_TEXT = 1024;

/**
 * The bound of a number in an event's properties: finite, |value| <= 10^12, at most 12 decimals
 * (the bounds of the API's amounts and unit prices). A metric aggregates these numbers and a
 * price multiplies them: an unbounded one (1e13, 1e308) would make amounts no invoice can hold.
 */
export const MAX_EVENT_NUMBER = 1e12;
export const MAX_EVENT_DECIMALS = 12;
export const EVENT_NUMBER_PROBLEM = `must be a finite number from -${MAX_EVENT_NUMBER} to ${MAX_EVENT_NUMBER} with at most ${MAX_EVENT_DECIMALS} decimals`;

/** Decimal places of a finite number as JSON writes it (1.25 → 2, 1e-7 → 7, 1e21 → 0). */
export function decimalPlaces(value: number): number {
  const [mantissa, exponent] = String(Math.abs(value)).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** True for a number an event's properties may hold (see MAX_EVENT_NUMBER). */
export function isEventNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_EVENT_NUMBER && decimalPlaces(value) <= MAX_EVENT_DECIMALS;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A flat object of string, finite number or boolean values; returns the problem `[path, message]`
 * or the properties. With `eventNumbers` (usage events), numbers within MAX_EVENT_NUMBER.
 */
export function checkProperties(
  raw: unknown,
  path: string,
  options: { eventNumbers?: boolean } = {},
): { ok: Properties } | { error: [string, string] } {
  if (raw === undefined || raw === null) return { ok: {} };
  if (!isObject(raw)) return { error: [path, 'must be a flat JSON object of string, number or boolean values'] };
  const keys = Object.keys(raw);
  if (keys.length > MAX_PROPERTIES) return { error: [path, `must have at most ${MAX_PROPERTIES} properties`] };
  for (const key of keys) {
    if (key.length === 0 || key.length > MAX_PROPERTY_KEY) return { error: [path, `keys must be 1 to ${MAX_PROPERTY_KEY} characters`] };
    const value = raw[key];
    if (typeof value === 'string') {
      if (value.length > MAX_PROPERTY_TEXT) return { error: [`${path}.${key}`, `must be at most ${MAX_PROPERTY_TEXT} characters`] };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { error: [`${path}.${key}`, 'must be a finite number'] };
      if (options.eventNumbers && !isEventNumber(value)) return { error: [`${path}.${key}`, EVENT_NUMBER_PROBLEM] };
    } else if (typeof value !== 'boolean') {
      return { error: [`${path}.${key}`, 'must be a string, a number or a boolean (properties are flat)'] };
    }
  }
  return { ok: raw as Properties };
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** 400 Gregorian years, in milliseconds: the calendar repeats exactly. */
const GREGORIAN_CYCLE_MS = 146_097 * 86_400_000;

/**
 * An ISO 8601 date-time with a time zone designator (Z or ±hh:mm), as a Date (millisecond
 * precision: further digits of the fraction are dropped). Computed from the matched fields (no
 * second parse of the text): ingest reads one per event.
 */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_INSTANT.exec(value);
  if (!m) return null;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  const h = +m[4];
  const mi = +m[5];
  const s = m[6] === undefined ? 0 : +m[6];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  if (d > daysInMonth(y, mo - 1)) return null;
  let offset = 0;
  if (m[8] !== undefined) {
    const oh = +m[9];
    const om = +m[10];
    if (oh > 23 || om > 59) return null;
    offset = (m[8] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const ms = m[7] === undefined ? 0 : +m[7].padEnd(3, '0').slice(0, 3);
  // Date.UTC reads years 0..99 as 1900..1999: those are computed 400 years on and brought back
  const t = y < 100 ? Date.UTC(y + 400, mo - 1, d, h, mi, s, ms) - GREGORIAN_CYCLE_MS : Date.UTC(y, mo - 1, d, h, mi, s, ms);
  return new Date(t - offset);
}
