import { randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes drawn from a pool refilled 4 KiB at a time, instead of one
 * crypto call per id or secret (a billing run draws 20,000 link secrets and hundreds of
 * thousands of id characters: one call each showed in its profile). Every byte is handed out
 * once; the pool is refilled from the same source `crypto.randomBytes` reads.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

function refill(): void {
  randomFillSync(pool);
  used = 0;
}

/** One random byte (0–255). */
export function randomByte(): number {
  if (used === pool.length) refill();
  return pool[used++];
}

/** `n` random bytes (n ≤ 4096), in a new Buffer. */
export function randomBytesPooled(n: number): Buffer {
  if (!Number.isInteger(n) || n < 0 || n > pool.length) throw new RangeError(`randomBytesPooled: 0..${pool.length} bytes, not ${n}`);
  if (used + n > pool.length) refill();
  const out = Buffer.allocUnsafe(n);
  pool.copy(out, 0, used, used + n);
  used += n;
  return out;
}
