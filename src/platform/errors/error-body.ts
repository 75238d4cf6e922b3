import { HttpException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DomainError, ERROR_CATEGORIES, ErrorBody } from './domain-error';

/** A response already rendered once (an idempotent replay of a stored 4xx). */
export class RenderedError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super('rendered error');
  }
}

function fromDomain(err: DomainError): ErrorBody {
  const { status, type } = ERROR_CATEGORIES[err.category];
  const body: ErrorBody = { error_message: err.message, error_type: type, error_code: err.code, error_status: status };
  if (err.validationErrors) body.validation_errors = err.validationErrors;
  return body;
}

const HTTP_FALLBACK: Record<number, DomainError> = {
  400: new DomainError('bad_request', 'request', 'bad request'),
  401: new DomainError('unauthorized', 'auth', 'authentication required'),
  403: new DomainError('forbidden', 'forbidden', 'forbidden'),
  404: new DomainError('not_found', 'not_found', 'not found'),
  405: new DomainError('method_not_allowed', 'request', 'method not allowed'),
  409: new DomainError('conflict', 'conflict', 'conflict'),
  413: new DomainError('payload_too_large', 'too_large', 'request body is larger than 1 MiB'),
  429: new DomainError('rate_limited', 'rate_limited', 'too many requests'),
};

const INTERNAL = new DomainError('internal_error', 'internal', 'an unexpected error occurred');

/** Maps anything thrown while serving a request to a DomainError (never leaking SQL or stacks). */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof QueryFailedError) {
    const code = (err as unknown as { code?: string }).code;
    if (code === '23505') return new DomainError('already_exists', 'conflict', 'a record with these values already exists');
    if (code === '23503')
      return new DomainError('referenced_record', 'conflict', 'the record is referenced by or refers to another record');
    if (code === '40001' || code === '40P01') {
      return new DomainError(
        'concurrent_update',
        'retry',
        'a concurrent update conflicted with this request; retry it (same Idempotency-Key)',
      );
    }
    if (code === '22003') return new DomainError('out_of_range', 'validation', 'a numeric value is out of range');
    return INTERNAL;
  }
  // Express and body-parser errors reach the filters wrapped in an HttpException (the adapter's
  // mapException); what they were decides the answer
  const cause = err instanceof HttpException ? err.cause : undefined;
  if (cause instanceof DomainError) return cause;
  const raw = cause ?? err;
  const anyErr = raw as { type?: string; status?: number; statusCode?: number; expose?: boolean } | undefined;
  if (anyErr && anyErr.type === 'entity.too.large') return HTTP_FALLBACK[413];
  if (anyErr && anyErr.type === 'entity.parse.failed') {
    return new DomainError('invalid_json', 'validation', 'request body is not valid JSON');
  }
  if (anyErr && (anyErr.type === 'encoding.unsupported' || anyErr.type === 'charset.unsupported')) {
    const what = anyErr.type === 'encoding.unsupported' ? 'Content-Encoding' : 'charset';
    return new DomainError('unsupported_media_type', 'unsupported_media_type', `the request's ${what} is not supported`);
  }
  if (raw instanceof URIError && anyErr?.status === 400) {
    return new DomainError('bad_request', 'request', 'the path is not valid percent-encoding');
  }
  // any other error of reading a body (aborted, bad gzip data): a 400 in the error shape, never a 500
  if (anyErr && !(raw instanceof HttpException) && typeof anyErr.status === 'number' && anyErr.status >= 400 && anyErr.status < 500) {
    if (anyErr.status === 413) return HTTP_FALLBACK[413];
    return new DomainError(
      'bad_request',
      'request',
      anyErr.type?.startsWith('request.') ? 'the request body could not be read' : 'bad request',
    );
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    if (status === 404) return new DomainError('not_found', 'not_found', 'no such route');
    if (status === 400 && /JSON/i.test(err.message)) {
      return new DomainError('invalid_json', 'validation', 'request body is not valid JSON');
    }
    const fallback = HTTP_FALLBACK[status];
    if (fallback) return new DomainError(fallback.code, fallback.category, err.message || fallback.message);
    return INTERNAL;
  }
  return INTERNAL;
}

export function renderError(err: unknown): { status: number; body: ErrorBody } {
  const domain = toDomainError(err);
  const body = fromDomain(domain);
  return { status: body.error_status, body };
}
