/**
 * The company's postal address (company setting `address`), shown in the issuer block of the
 * invoice page and PDF (pure). The same six fields as a customer's address; the country is an
 * ISO 3166-1 alpha-2 code, so the address reads as its country writes it.
 */
import { isCountryCode } from '../hosted-pages/address';

export const COMPANY_ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;
export type CompanyAddress = { [K in (typeof COMPANY_ADDRESS_FIELDS)[number]]?: string };
const FIELD_MAX = 200;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The stored address, or null when none (or a stored value of the wrong shape). */
export function resolveCompanyAddress(raw: unknown): CompanyAddress | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const out: CompanyAddress = {};
  for (const k of COMPANY_ADDRESS_FIELDS) {
    const v = (raw as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Checks a patch's `address`: an object of those fields only, strings of at most 200 characters
 * without control characters, `address_line_1`, `city` and `country` required, the country an
 * ISO code (kept upper case). Answers the normalised address or what is wrong.
 */
export function checkCompanyAddress(value: unknown): { value: CompanyAddress } | { error: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'must be an object of address fields' };
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => !(COMPANY_ADDRESS_FIELDS as readonly string[]).includes(k));
  if (unknown.length) return { error: `has no field ${unknown[0]} (fields: ${COMPANY_ADDRESS_FIELDS.join(', ')})` };
  const out: CompanyAddress = {};
  for (const k of COMPANY_ADDRESS_FIELDS) {
    const f = v[k];
    if (f === undefined || f === null || f === '') continue;
    if (typeof f !== 'string' || f.length > FIELD_MAX || CONTROL.test(f))
      return { error: `${k} must be text of at most ${FIELD_MAX} characters` };
    if (f.trim()) out[k] = f.trim();
  }
  for (const k of ['address_line_1', 'city', 'country'] as const) if (!out[k]) return { error: `${k} is required` };
  if (!isCountryCode(out.country!) || !/^[A-Za-z]{2}$/.test(out.country!))
    return { error: 'country must be an ISO 3166-1 alpha-2 code such as US' };
  out.country = out.country!.toUpperCase();
  return { value: out };
}
