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

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time with a time zone designator (Z or ±hh:mm), as a Date (millisecond precision). */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_INSTANT.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +h > 23 || +mi > 59 || (s !== undefined && +s > 59)) return null;
  const daysInMonth = new Date(Date.UTC(+y, +mo, 0)).getUTCDate();
  if (+d > daysInMonth) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
