/**
 * What the service reads of a request's body, decided before a byte of it is parsed (README
 * "Conventions", "Request bodies"):
 *
 * - API routes (`/api/…`) take JSON only: `application/json` or a `application/*+json` type
 *   (such as `application/merge-patch+json`), in UTF-8. A body of any other type, or without a
 *   Content-Type, is a 415 `unsupported_media_type`; another charset too. A body is read only
 *   once the bearer token is known and belongs to the company of the path: an unauthenticated
 *   request is answered 401 (by the guard) without its body being parsed, so that parsing is
 *   never work an anonymous client can make the service do.
 * - Hosted pages take their forms (`application/x-www-form-urlencoded`, UTF-8) and nothing else
 *   (415, as an HTML page).
 * - Anything else (health probes, unknown paths) is never parsed.
 *
 * A request without a body (no Content-Length and no Transfer-Encoding, or Content-Length 0)
 * leaves `req.body` undefined whatever its Content-Type; `BodyPresencePipe` decides whether
 * the route needs one. JSON nesting is bounded before `JSON.parse` runs (jsonDepthProblem).
 */
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { MAX_NESTING_DEPTH } from '../validation/nul-character.pipe';

/** Which parser a request gets (read by the `type` option of the parsers configure-app.ts registers). */
export const BODY_KIND = Symbol('tally.bodyKind');
export type BodyKind = 'json' | 'form';
type Marked = Request & { [BODY_KIND]?: BodyKind };

export const API_PREFIX = '/api/';
const COMPANY_OF_PATH = /^\/api\/v1\/companies\/([^/?#]+)/;

/** True when the request carries a body (RFC 9112 §6.3), an empty one excepted. */
export function carriesBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '' && !Number.isNaN(Number(length)) && Number(length) > 0;
}

/** The media type (lowercase, no parameters) and charset of a Content-Type header. */
export function contentType(header: string | undefined): { type: string; charset: string | null } | null {
  if (header === undefined) return null;
  const [type, ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]*)"?\s*$/i.exec(param);
    if (m) charset = m[1].toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

export function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';

function unsupported(message: string): DomainError {
  return new DomainError('unsupported_media_type', 'unsupported_media_type', message);
}

/** The charset check shared by both kinds: absent or UTF-8. */
function checkCharset(charset: string | null): DomainError | null {
  if (charset === null || charset === 'utf-8' || charset === 'utf8') return null;
  return unsupported(`charset "${charset}" is not supported: send UTF-8`);
}

/** The 415 of an API body that is not JSON, or null when it is JSON (UTF-8). */
export function apiBodyProblem(header: string | undefined): DomainError | null {
  const ct = contentType(header);
  if (!ct || !ct.type) return unsupported('a request body needs Content-Type: application/json');
  if (!isJsonType(ct.type)) return unsupported(`Content-Type ${ct.type} is not supported: send application/json`);
  return checkCharset(ct.charset);
}

/** The 415 of a hosted page's body that is not a form, or null when it is one (UTF-8). */
export function formBodyProblem(header: string | undefined): DomainError | null {
  const ct = contentType(header);
  if (!ct || ct.type !== FORM_TYPE) return unsupported('this page accepts only its own form');
  return checkCharset(ct.charset);
}

type Authenticate = (token: string) => Promise<{ companyId: string } | null>;

/** True when the request's bearer token is live and (under /companies/{id}) of that company. */
async function mayReadBody(req: Request, authenticate: Authenticate): Promise<boolean> {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) return false;
  const auth = await authenticate(m[1]);
  if (!auth) return false;
  const company = COMPANY_OF_PATH.exec(req.path);
  if (!company) return true;
  let pathCompany: string;
  try {
    pathCompany = decodeURIComponent(company[1]);
  } catch {
    return true; // the router answers the bad path; the token is good
  }
  return pathCompany === auth.companyId;
}

/**
 * The middleware that decides, per request, whether and how its body is parsed (see above):
 * it marks the request for the JSON or the form parser, or answers 415 itself (through the
 * global filter, HTML on hosted pages).
 */
export function requestBodyGate(options: { authenticate: Authenticate; isHostedPage: (path: string) => boolean }) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const marked = req as Marked;
    if (!carriesBody(req)) return next();
    if (req.path.startsWith(API_PREFIX)) {
      mayReadBody(req, options.authenticate).then(
        (ok) => {
          // not authenticated: the body stays unread (the guard answers 401; Node discards it)
          if (!ok) return next();
          const problem = apiBodyProblem(req.headers['content-type']);
          if (problem) return next(problem);
          marked[BODY_KIND] = 'json';
          next();
        },
        (err: unknown) => next(err),
      );
      return;
    }
    if (options.isHostedPage(req.path)) {
      const problem = formBodyProblem(req.headers['content-type']);
      if (problem) return next(problem);
      marked[BODY_KIND] = 'form';
    }
    next();
  };
}

/** The `type` option of a parser: parse only requests the gate marked for it. */
export const parses = (kind: BodyKind) => (req: unknown) => (req as Marked)[BODY_KIND] === kind;

/**
 * The nesting problem of a JSON text, found by a scan of its bytes before it is parsed: the
 * first array or object nested MAX_NESTING_DEPTH levels deep, with its dotted path as the
 * validation pipes spell it (`query.a.a`, `items[1]`), or null. Parsing then never builds a
 * structure the service would refuse anyway, whatever a body's depth (the global
 * NulCharacterPipe keeps the same bound on what reaches it by other ways).
 */
export function jsonDepthProblem(buf: Buffer): { path: string; problem: string } | null {
  // per open container: '{' or '[', and the current key (object) or index (array)
  const kinds: number[] = [];
  const keys: (string | number | null)[] = [];
  let expectKey = false;
  const n = buf.length;
  for (let i = 0; i < n; i++) {
    const c = buf[i];
    if (c === 0x22 /* " */) {
      const start = i;
      for (i++; i < n && buf[i] !== 0x22; i++) if (buf[i] === 0x5c /* \ */) i++;
      if (expectKey && kinds[kinds.length - 1] === 0x7b) {
        let key: string;
        try {
          key = JSON.parse(buf.toString('utf8', start, i + 1)) as string;
        } catch {
          return null; // malformed: JSON.parse reports it
        }
        keys[keys.length - 1] = key;
        expectKey = false;
      }
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (kinds.length >= MAX_NESTING_DEPTH) {
        let path = '';
        for (const k of keys) path = typeof k === 'number' ? `${path}[${k}]` : path ? `${path}.${k}` : String(k);
        return { path: path || 'body', problem: `is nested deeper than ${MAX_NESTING_DEPTH} levels` };
      }
      kinds.push(c);
      keys.push(c === 0x5b ? 0 : null);
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      kinds.pop();
      keys.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = keys.length - 1;
      if (kinds[top] === 0x5b) keys[top] = (keys[top] as number) + 1;
      else expectKey = true;
    }
  }
  return null;
}

/** The `verify` option of the JSON parser: refuses a body nested too deep before it is parsed. */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  const found = jsonDepthProblem(buf);
  if (found) throw DomainError.invalidField(found.path, found.problem);
}
