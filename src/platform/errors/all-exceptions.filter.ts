import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RenderedError, renderError, toDomainError } from './error-body';
import { LoggedRequest, redactUrl } from '../logging/request-log';
import { RateLimitedError } from '../rate-limit/rate-limited.error';

const logger = new Logger('Errors');

/** Logs an unexpected error with the request's id and path, secrets of hosted-page links redacted. */
export function logUnhandled(exception: unknown, req: Request): void {
  const e = exception as Error;
  logger.error(
    {
      err: { message: e?.message, stack: e?.stack },
      request_id: (req as unknown as LoggedRequest).id,
      path: redactUrl(req.originalUrl ?? req.url),
    },
    'unhandled error',
  );
}

/** The headers an error answer carries, JSON or HTML: `WWW-Authenticate` on a 401, `Retry-After` when retrying helps. */
export function errorHeaders(exception: unknown, status: number): Record<string, string> {
  const headers: Record<string, string> = {};
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  const domain = toDomainError(exception);
  if (domain.category === 'rate_limited' || domain.category === 'retry') {
    headers['Retry-After'] = String(domain instanceof RateLimitedError ? domain.retryAfterSeconds : 1);
  }
  return headers;
}

/**
 * The one global filter: every failure leaves the service in the one error body (docs/api.md,
 * "Conventions"). `delegate` names the filter of a request whose answers are not the API's
 * (the hosted pages' HTML): it then answers failures raised before any controller was chosen
 * (a path that does not decode, a body refused or too large).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly delegate: (req: Request) => ExceptionFilter | null = () => null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    const other = this.delegate(req);
    if (other) return other.catch(exception, host) as void;
    if (exception instanceof RenderedError) {
      for (const [k, v] of Object.entries(exception.headers)) res.setHeader(k, v);
      res.status(exception.status).json(exception.body);
      return;
    }
    const { status, body } = renderError(exception);
    if (status >= 500) logUnhandled(exception, req);
    for (const [k, v] of Object.entries(errorHeaders(exception, status))) res.setHeader(k, v);
    res.status(status).json(body);
  }
}
