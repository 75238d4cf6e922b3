/**
 * The one error type of the service. `category` decides the HTTP status and `error_type`
 * (see ERROR_CATEGORIES); `code` is the stable snake_case `error_code`.
 */
export type ErrorCategory =
  | 'validation'
  | 'request'
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'idempotency'
  | 'retry'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal';

export const ERROR_CATEGORIES: Record<ErrorCategory, { status: number; type: string }> = {
  validation: { status: 400, type: 'validation_error' },
  request: { status: 400, type: 'request_error' },
  auth: { status: 401, type: 'auth_error' },
  forbidden: { status: 403, type: 'auth_error' },
  not_found: { status: 404, type: 'request_error' },
  conflict: { status: 409, type: 'request_error' },
  idempotency: { status: 409, type: 'idempotency_error' },
  /** A transient conflict (serialization failure, deadlock): answered with Retry-After, never stored under an Idempotency-Key. */
  retry: { status: 409, type: 'request_error' },
  too_large: { status: 413, type: 'request_error' },
  /** A body the route does not read: not JSON on the API, not a form on a hosted page, another charset or Content-Encoding. */
  unsupported_media_type: { status: 415, type: 'request_error' },
  rate_limited: { status: 429, type: 'request_error' },
  internal: { status: 500, type: 'api_error' },
};

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly category: ErrorCategory,
    message: string,
    readonly validationErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string, field?: string): DomainError {
    const message = field ? `${field}: ${what} not found` : `${what} not found`;
    return new DomainError('not_found', 'not_found', message, field ? { [field]: `${what} not found` } : undefined);
  }

  static invalidState(message: string): DomainError {
    return new DomainError('invalid_state', 'conflict', message);
  }

  static conflict(code: string, message: string): DomainError {
    return new DomainError(code, 'conflict', message);
  }

  static badRequest(code: string, message: string): DomainError {
    return new DomainError(code, 'request', message);
  }

  /** A 400 validation_error for one field (dotted path). */
  static invalidField(field: string, problem: string): DomainError {
    return new DomainError('invalid_field', 'validation', `${field} ${problem}`, { [field]: problem });
  }

  static validation(errors: Record<string, string>): DomainError {
    const [first] = Object.entries(errors);
    const message = first ? `${first[0]} ${first[1]}` : 'invalid request';
    return new DomainError('invalid_field', 'validation', message, errors);
  }
}

export interface ErrorBody {
  error_message: string;
  error_type: string;
  error_code: string;
  error_status: number;
  validation_errors?: Record<string, string>;
}
