import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Level, Logger } from 'pino';

const REQUEST_ID = /^[\x20-\x7e]{1,128}$/;
/** Secrets that appear in URLs (hosted-page links: `<company id>_<43 random characters>`). */
const URL_SECRET = /(cmp_[0-9a-z]{26}_)[A-Za-z0-9_-]+/g;
const PERCENT = /%([0-9A-Fa-f]{2})/g;

/**
 * A path segment, query name or query value with its percent-escapes undone, over and over (a
 * doubly encoded `%2541` is still the secret's `A` to the page that decodes it). Byte by byte
 * and lenient, so a malformed escape never hides what the rest of the segment says.
 */
function decoded(part: string): string {
  let text = part;
  for (let i = 0; i < 5 && text.includes('%'); i++) {
    const next = text.replace(PERCENT, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === text) break;
    text = next;
  }
  return text;
}

/** One part of a URL as logged: when its decoded form holds a page secret, the whole part is replaced. */
function redactPart(part: string): string {
  const plain = decoded(part);
  URL_SECRET.lastIndex = 0;
  if (!URL_SECRET.test(plain)) return part;
  return plain.replace(URL_SECRET, '$1[redacted]');
}

/**
 * The URL as logged: secrets of hosted-page links replaced, whether written literally or
 * percent-encoded (the router decodes a segment before matching it, so `%41` opens the same page
 * as `A`). Each path segment and each query name and value is decoded before it is matched, and a
 * part holding a secret is logged decoded with the secret replaced.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).split('/').map(redactPart).join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? redactPart(pair) : `${redactPart(pair.slice(0, eq))}=${redactPart(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** The caller's X-Request-Id when it is up to 128 printable characters, else a new one; set on the answer. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** A request as its log line and the error filter know it: its id is on it. */
export type LoggedRequest = IncomingMessage & { id?: string; originalUrl?: string };

/** The level of a request's line: server errors `error`, client errors and abandoned requests `warn`, the rest `info`. */
function levelOf(status: number, aborted: boolean): Level {
  return status >= 500 ? 'error' : status >= 400 || aborted ? 'warn' : 'info';
}

/**
 * Express middleware: gives each request its id (`X-Request-Id`, see `requestId`) and writes one
 * JSON line when its answer is done (or the client went away first). Only what the line needs is
 * read, and only when its level is enabled: method, URL (hosted-page secrets redacted), user
 * agent, idempotency key, status, time taken. Never a header carrying a credential.
 */
export function requestLogging(logger: Logger) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    const id = requestId(req, res);
    req.id = id;
    const started = performance.now();
    res.once('close', () => {
      const aborted = !res.writableFinished;
      const level = levelOf(res.statusCode, aborted);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          request_id: id,
          req: {
            id,
            method: req.method,
            url: redactUrl(req.originalUrl ?? req.url ?? ''),
            user_agent: req.headers['user-agent'],
            idempotency_key: req.headers['idempotency-key'],
          },
          res: { status_code: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
