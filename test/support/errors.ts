import type { Response } from 'supertest';

/** Asserts the documented error body and returns it. */
export function expectError(res: Response, status: number, errorType: string, errorCode?: string) {
  expect({ status: res.status, body: res.body }).toMatchObject({
    status,
    body: { error_status: status, error_type: errorType, ...(errorCode ? { error_code: errorCode } : {}) },
  });
  expect(typeof res.body.error_message).toBe('string');
  return res.body as { error_message: string; validation_errors?: Record<string, string> };
}

/** The documented 429 of the API: the error body and a Retry-After of 1 to `windowSeconds` seconds. */
export function expectRateLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error_message: expect.stringContaining('too many requests'),
    error_type: 'request_error',
    error_code: 'rate_limited',
    error_status: 429,
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}
