import { daysInMonth } from '../../billing-math';
import type { Properties } from './usage.entity';

/** Keys and array elements of a properties object, counted over every level. */
export const MAX_PROPERTIES = 100;
/** Levels of objects and arrays, the properties object itself being the first. */
export const MAX_PROPERTY_DEPTH = 5;
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
 * A JSON object of any JSON values (the reference documents a free-form object), within bounds
 * that keep a stored row as small as the flat properties of before: at most MAX_PROPERTY_DEPTH
 * levels of objects and arrays, MAX_PROPERTIES keys and array elements in all, keys of 1 to
 * MAX_PROPERTY_KEY characters, strings of at most MAX_PROPERTY_TEXT. Returns the first problem
 * `[path, message]` (the path names the value: `properties.tokens.input`, `properties.tags[2]`) or
 * the properties. With `eventNumbers` (usage events), every number within MAX_EVENT_NUMBER.
 */
export function checkProperties(
  raw: unknown,
  path: string,
  options: { eventNumbers?: boolean } = {},
): { ok: Properties } | { error: [string, string] } {
  if (raw === undefined || raw === null) return { ok: {} };
  if (!isObject(raw)) return { error: [path, 'must be a JSON object'] };
  const count = { entries: 0 };
  const problem = checkValue(raw, path, 1, count, options.eventNumbers === true);
  if (problem) return { error: problem };
  return { ok: raw as Properties };
}

function checkValue(
  value: unknown,
  path: string,
  depth: number,
  count: { entries: number },
  eventNumbers: boolean,
): [string, string] | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'string') return value.length > MAX_PROPERTY_TEXT ? [path, `must be at most ${MAX_PROPERTY_TEXT} characters`] : null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return [path, 'must be a finite number'];
    return eventNumbers && !isEventNumber(value) ? [path, EVENT_NUMBER_PROBLEM] : null;
  }
  if (typeof value !== 'object') return [path, 'must be a JSON value'];
  if (depth > MAX_PROPERTY_DEPTH) return [path, `nests deeper than ${MAX_PROPERTY_DEPTH} levels of objects and arrays`];
  const tooMany = (): [string, string] => [
    path,
    `holds more than ${MAX_PROPERTIES} properties in all (keys and array elements, counted over every level)`,
  ];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (++count.entries > MAX_PROPERTIES) return tooMany();
      const problem = checkValue(value[i], `${path}[${i}]`, depth + 1, count, eventNumbers);
      if (problem) return problem;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (++count.entries > MAX_PROPERTIES) return tooMany();
    if (key.length === 0 || key.length > MAX_PROPERTY_KEY) return [path, `keys must be 1 to ${MAX_PROPERTY_KEY} characters`];
    const problem = checkValue((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, count, eventNumbers);
    if (problem) return problem;
  }
  return null;
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
