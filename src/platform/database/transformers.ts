import { ValueTransformer } from 'typeorm';

/** bigint columns (money in cents, counters) ↔ JS numbers; refuses anything outside the safe range. */
export const bigintTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => {
    if (value === null || value === undefined) return value;
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new Error(`bigint value ${value} is outside the safe integer range`);
    return n;
  },
};

/**
 * numeric columns stay decimal strings in JS (exact), e.g. fractional unit prices in cents.
 * Callers compute with decimal.js and never with floats.
 */
export const numericTransformer: ValueTransformer = {
  to: (value: string | number | null | undefined) => (value === null || value === undefined ? value : String(value)),
  from: (value: string | null) => value,
};
