import { DomainError } from '../errors/domain-error';

/** A 429 `request_error` / `rate_limited`; the filter sends `Retry-After: retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super('rate_limited', 'rate_limited', message);
  }
}
