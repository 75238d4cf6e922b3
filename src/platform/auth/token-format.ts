import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API tokens read `tally_sk_<company id>_<43 characters of base64url>` (32 random bytes).
 * The company id inside the token lets the guard find the hash under its company (company_id
 * leads every key) and tell "not your company" (403) from "not a token" (401).
 */
const TOKEN_PATTERN = /^tally_sk_(cmp_[0-9a-z]{26})_([A-Za-z0-9_-]{43})$/;

export function generateToken(companyId: string): string {
  return `tally_sk_${companyId}_${randomBytes(32).toString('base64url')}`;
}

export function parseToken(token: string): { companyId: string } | null {
  const m = TOKEN_PATTERN.exec(token);
  return m ? { companyId: m[1] } : null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
