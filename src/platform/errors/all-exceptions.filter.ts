import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';
import { RenderedError, renderError, toDomainError } from './error-body';
import { RateLimitedError } from '../rate-limit/rate-limited.error';

/** The one global filter: every failure leaves the service in the error body of conventions.md. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    if (exception instanceof RenderedError) {
      for (const [k, v] of Object.entries(exception.headers)) res.setHeader(k, v);
      res.status(exception.status).json(exception.body);
      return;
    }
    const { status, body } = renderError(exception);
    if (status >= 500) {
      const e = exception as Error;
      this.logger.error({ err: { message: e?.message, stack: e?.stack }, path: req.path }, 'unhandled error');
    }
    if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
    const domain = toDomainError(exception);
    if (domain instanceof DomainError && domain.category === 'rate_limited') {
      res.setHeader('Retry-After', String(domain instanceof RateLimitedError ? domain.retryAfterSeconds : 1));
    }
    res.status(status).json(body);
  }
}
