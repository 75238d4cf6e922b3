import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';

const REQUEST_ID = /^[\x20-\x7e]{1,128}$/;
/** Secrets that appear in URLs (hosted-page links: `<company id>_<43 random characters>`). */
const URL_SECRET = /(cmp_[0-9a-z]{26}_)[A-Za-z0-9_-]{43}/g;

/** The URL as logged: secrets of hosted-page links replaced. */
export function redactUrl(url: string): string {
  return url.replace(URL_SECRET, '$1[redacted]');
}

/** The caller's X-Request-Id when it is up to 128 printable characters, else a new one. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Structured JSON logs: one line per request with its request id; never a token or a secret.
 * Lines go to stdout asynchronously (a line written while another write is under way joins it:
 * one system call per burst instead of one per request, off the request's path); what is still
 * buffered is flushed when the process exits.
 */
export function loggerOptions(level: string): Params {
  return {
    pinoHttp: {
      level,
      stream: level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }),
      genReqId: requestId,
      customProps: (req) => ({ request_id: (req as IncomingMessage & { id?: string }).id }),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          user_agent: req.headers['user-agent'],
          idempotency_key: req.headers['idempotency-key'],
        }),
        res: (res: { statusCode: number }) => ({ status_code: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    },
  };
}
