import { randomBytesPooled } from '../ids/random-pool';

/**
 * The secret of a hosted page link: `<company id>_<32 random bytes, base64url>`. The company id
 * inside lets the page find its record under its company (company_id leads every key) without
 * a company-less lookup; the 256 random bits make the link unguessable.
 */
const TOKEN_PATTERN = /^(cmp_[0-9a-z]{26})_([A-Za-z0-9_-]{43})$/;

export function newPageToken(companyId: string): string {
  return `${companyId}_${randomBytesPooled(32).toString('base64url')}`;
}

export function companyOfPageToken(token: unknown): string | null {
  const m = typeof token === 'string' ? TOKEN_PATTERN.exec(token) : null;
  return m ? m[1] : null;
}
