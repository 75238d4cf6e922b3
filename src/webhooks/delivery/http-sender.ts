import dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedAddressReason, isAllowedHost, isPrivateAddress, normalizeHost } from './delivery.rules';

/** What one attempt gave: the status code (any) or the error, and how long it took. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  timeoutMs: number;
  /** Refuse loopback, private and reserved targets (checked on the address actually connected to, after DNS). */
  blockPrivate: boolean;
  /** Hosts exempt from that check, as written in the URL (TALLY_WEBHOOK_ALLOWED_HOSTS, normalized). */
  allowedHosts?: readonly string[];
}

const refusal = (host: string, address: string) => `refused, not connected: ${blockedAddressReason(host, address)}`;

/**
 * dns.lookup, failing when any address it gives is blocked (so a DNS answer cannot smuggle one
 * in among public ones). It is the agents' `lookup`: the socket connects to an address this
 * function has just checked, so an answer that changes between a check and the connection (DNS
 * rebinding) cannot get past it.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new Error(refusal(hostname, bad.address)), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};

/** Agents whose every connection resolves through guardedLookup (no keep-alive: one request per attempt). */
const guardedAgents = {
  'http:': new http.Agent({ lookup: guardedLookup, keepAlive: false }),
  'https:': new https.Agent({ lookup: guardedLookup, keepAlive: false }),
};

/**
 * POSTs `body` to `url` once: node's http client, which never follows a redirect (a 3xx is an
 * answer like any other: not a 2xx, so a failure). The whole exchange, answer included, must end
 * within `timeoutMs`. The answer's body is read and dropped.
 */
export function postOnce(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<AttemptResult> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    // the deadline's timer (set once the request exists; `done` may run before, on an early refusal)
    const deadline: { timer?: NodeJS.Timeout } = {};
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline.timer);
      resolve({ statusCode, error, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done(null, 'invalid URL');
    }
    const host = normalizeHost(target.hostname);
    const guarded = options.blockPrivate && !isAllowedHost(host, options.allowedHosts ?? []);
    // a literal address is connected to without a lookup: it is checked here
    if (guarded && isIP(host) !== 0 && isPrivateAddress(host)) return done(null, refusal(host, host));
    if (guarded && (host === 'localhost' || host.endsWith('.localhost'))) return done(null, refusal(host, '127.0.0.1'));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tally-Webhooks/1',
        ...headers,
        'content-length': Buffer.byteLength(body),
      },
      agent: guarded ? guardedAgents[target.protocol === 'https:' ? 'https:' : 'http:'] : false,
    });
    deadline.timer = setTimeout(() => {
      done(null, `timeout: no complete answer within ${options.timeoutMs / 1000} s`);
      req.destroy();
    }, options.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? null;
      res.resume();
      res.on('end', () => done(status, null));
      res.on('error', (err) => done(status, err.message));
      res.on('close', () => done(status, null));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      done(null, err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message),
    );
    req.end(body);
  });
}
