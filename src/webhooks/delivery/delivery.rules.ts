import { createHmac, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/**
 * The pure rules of delivery: the retry schedule, Standard Webhooks signing, the endpoint URL
 * and which addresses count as private. No Nest, no SQL, no clock (instants are inputs).
 */

/** Waits after a failed attempt: attempt 1 fails → 5 s, … attempt 7 fails → 10 h; attempt 8 failing marks the delivery FAILED. */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A 2xx within this time is a success; anything slower is a failed attempt. */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** How long a claimed attempt is held before another worker may take it over (the attempt timeout plus a margin). */
export const ATTEMPT_LEASE_MS = 60_000;

/** After a rotation the previous secret keeps signing for this long. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

/**
 * When the attempt after `attemptsMade` failed attempts is due (the failure at `failedAt`), or
 * null when the schedule is spent (the delivery is FAILED).
 */
export function nextAttemptAfterFailure(attemptsMade: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks format). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The key bytes of a secret: the base64 after `whsec_`. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (Standard Webhooks, symmetric signature). */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers; every given secret signs (space-separated signatures). */
export function signedHeaders(secrets: string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signature(s, messageId, timestampSeconds, body)).join(' '),
  };
}

/** The secrets that sign at `at`: the current one, and the previous one until it expires. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null },
  at: Date,
): string[] {
  const previousValid =
    endpoint.previous_secret !== null &&
    endpoint.previous_secret_expires_at !== null &&
    endpoint.previous_secret_expires_at.getTime() > at.getTime();
  return previousValid ? [endpoint.secret, endpoint.previous_secret!] : [endpoint.secret];
}

export const MAX_URL_LENGTH = 2048;

/** The problem with an endpoint URL, or null: absolute http(s), a host, no fragment. */
export function endpointUrlProblem(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an absolute http or https URL';
  if (!u.hostname) return 'must name a host';
  if (u.hash) return 'must not have a fragment (#…)';
  return null;
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified and multicast ranges (IPv4 and IPv6). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** True for an address no shared-hosting webhook may reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return PRIVATE.check(address, 'ipv4');
}
