import type { NextFunction, Request, Response } from 'express';

/** What Node may write back as a header value (it refuses control characters but tab). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Every answer to a request that carried `Idempotency-Key` carries it back in the same header:
 * first answers, replays and errors alike (a refused token, a body too large, a rate limit), so
 * a client can match an answer to the key it sent without keeping its own map. Installed before
 * anything else can answer.
 */
export function idempotencyKeyEcho() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && key.length > 0 && HEADER_VALUE.test(key)) res.setHeader('Idempotency-Key', key);
    next();
  };
}
