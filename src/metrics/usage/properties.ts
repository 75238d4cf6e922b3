import { daysInMonth } from '../../billing-math';
import type { Properties } from './usage.entity';

export const MAX_PROPERTIES = 100;
export const MAX_PROPERTY_KEY = 255;
export const MAX_PROPERTY_TEXT = 1024;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A flat object of string, finite number or boolean values; returns the problem `[path, message]` or the properties. */
export function checkProperties(raw: unknown, path: string): { ok: Properties } | { error: [string, string] } {
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
