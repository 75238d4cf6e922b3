import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

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

/**
 * A 2xx within this time is a success; anything slower is a failed attempt. Short, as a slow
 * receiver holds one of its company's few places in the worker for this long.
 */
export const ATTEMPT_TIMEOUT_MS = 10_000;

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

/**
 * Ranges no webhook may reach unless its host is listed in TALLY_WEBHOOK_ALLOWED_HOSTS: what
 * ipaddr.js does not class as `unicast` (unspecified, broadcast, multicast, link-local,
 * loopback, carrier-grade NAT, private, reserved — which holds the documentation ranges
 * 192.0.2/24, 198.51.100/24, 203.0.113/24 — and 240/4), plus benchmarking 198.18/15.
 */
const EXTRA_BLOCKED_V4 = [ipaddr.parseCIDR('198.18.0.0/15')] as [ipaddr.IPv4, number][];
/** IPv6 ranges blocked beyond ipaddr.js's non-unicast ones: site-local (deprecated) and discard-only. */
const EXTRA_BLOCKED_V6 = [ipaddr.parseCIDR('fec0::/10'), ipaddr.parseCIDR('100::/64')] as [ipaddr.IPv6, number][];
/** 64:ff9b:1::/48, the local-use NAT64 prefix (RFC 8215), which ipaddr.js 1.x does not name. */
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number];

function blockedV4(a: ipaddr.IPv4): boolean {
  return a.range() !== 'unicast' || EXTRA_BLOCKED_V4.some((cidr) => a.match(cidr));
}

/**
 * An IP address as ipaddr.js reads it, or null: only the standard spellings (node's isIP: dotted
 * quads, IPv6 with an optional dotted tail, which ipaddr.js 1.x reads only after `::ffff:`, so
 * the tail is rewritten as two hex groups first); brackets and an IPv6 zone are dropped.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return null;
  if (family === 4) return ipaddr.IPv4.parse(bare);
  const hex = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  return ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : null;
}

/** The IPv4 address carried in the last 32 bits of an IPv6 one. */
const low32 = (p: number[]) => new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);

/**
 * True for an address no webhook may reach: a blocked IPv4 range, or a blocked IPv6 range, or an
 * IPv6 spelling of an IPv4 address judged as that IPv4 address — IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), SIIT (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`, and the
 * local-use `64:ff9b:1::/48`) and 6to4 (`2002:AABB:CCDD::`). Teredo (2001::/32), whose
 * addresses hide an IPv4 address, is blocked whole. Anything that is not an IP address is
 * blocked (the caller resolves names first).
 */
export function isPrivateAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true;
  if (parsed.kind() === 'ipv4') return blockedV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const p = v6.parts;
  const range = v6.range();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return blockedV4(low32(p));
    case '6to4':
      return blockedV4(new ipaddr.IPv4([p[1] >> 8, p[1] & 0xff, p[2] >> 8, p[2] & 0xff]));
    case 'unicast':
      if (p.slice(0, 6).every((x) => x === 0)) return blockedV4(low32(p)); // IPv4-compatible ::a.b.c.d
      if (v6.match(NAT64_LOCAL)) return blockedV4(low32(p));
      return EXTRA_BLOCKED_V6.some((cidr) => v6.match(cidr));
    case 'unspecified':
    case 'loopback':
    case 'linkLocal':
    case 'uniqueLocal':
    case 'multicast':
    case 'teredo':
    case 'reserved':
      return true;
  }
}

/** A URL's host as it is compared and resolved: no brackets, no trailing dot, lower case; an IP address in its canonical spelling. */
export function normalizeHost(host: string): string {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  return isIP(bare) !== 0 ? ipaddr.parse(bare).toString() : bare;
}

/** An IP address's canonical spelling (IPv6 compressed, lower case), or null when `value` is not one. */
export function canonicalAddress(value: string): string | null {
  const parsed = parseAddress(value);
  return parsed ? parsed.toString() : null;
}

/** True when `host` (a URL's host) is exempt from the address check: listed as it is in TALLY_WEBHOOK_ALLOWED_HOSTS. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.includes(normalizeHost(host));
}

/** The reason an address is refused, as a delivery's `last_error` and an endpoint's 400 say it. */
export function blockedAddressReason(host: string, address: string): string {
  const what = host === address ? address : `${host} resolves to ${address}, which`;
  return `${what} is a loopback, private, link-local or reserved address (allow the host in TALLY_WEBHOOK_ALLOWED_HOSTS to reach it)`;
}
