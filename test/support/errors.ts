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
