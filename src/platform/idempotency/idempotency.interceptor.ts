import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { Request, Response } from 'express';
import { from, Observable, of, throwError } from 'rxjs';
import { catchError, mergeMap } from 'rxjs/operators';
import { DomainError } from '../errors/domain-error';
import { RenderedError, renderError, toDomainError } from '../errors/error-body';
import type { AuthContext } from '../auth/auth.guard';
import { IdempotencyService, requestFingerprint } from './idempotency.service';
import { withoutRequestKey, withRequestKey } from './idempotency-settler';
import { redactAnswer, REPLAY_SECRETS, ReplaySecretsOptions } from './replay-secrets.decorator';
import { ANSWER_HEADERS, AnswerHeadersOf } from './answer-headers.decorator';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const METHODS = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);

const isRetryable = (err: unknown) => toDomainError(err).category === 'retry';

/**
 * `Idempotency-Key` on any POST/PATCH/DELETE of a company: the first completed response
 * (2xx or 4xx) is stored and replayed with `Idempotency-Used: true`; the same key with another
 * request is a 409, and so is a repeat while the first is still running. 5xx and retryable
 * conflicts (serialization failure, deadlock) are not stored: their transaction rolled back, so
 * a retry runs again. The handler runs with its key as the current one (`withRequestKey`), so the
 * first of its transactions that writes turns the key `committed` in that same transaction
 * (`IdempotencySettler`): from the commit of an effect on, the key is never released nor taken
 * over, even if the process dies before the answer is stored or a later step fails with a 5xx;
 * a retry then gets a 409 (`idempotency_key_in_use` while the request may still be answering,
 * `idempotency_key_unsettled` after) instead of a second run. A route marked
 * `@ReplaySecrets` never has its secret stored: redacted, or issued afresh on a repeat.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
    const res = context.switchToHttp().getResponse<Response>();
    const raw = req.headers['idempotency-key'];
    if (raw === undefined || !METHODS.has(req.method)) return next.handle();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY_PATTERN.test(key)) {
      return throwError(() => DomainError.invalidField('Idempotency-Key', 'must be 1 to 255 printable ASCII characters'));
    }
    const companyId = req.auth?.companyId;
    if (!companyId) return next.handle();
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    const successStatus = this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200);
    const secrets = this.reflector.get<ReplaySecretsOptions | undefined>(REPLAY_SECRETS, context.getHandler());
    const headersOf = this.reflector.get<AnswerHeadersOf | undefined>(ANSWER_HEADERS, context.getHandler());

    return from(this.idempotency.claim(companyId, key, fingerprint)).pipe(
      mergeMap((claim) => {
        switch (claim.kind) {
          case 'reused':
            throw new DomainError('idempotency_key_reused', 'idempotency', 'this Idempotency-Key was used with a different request');
          case 'in_use':
            throw new DomainError('idempotency_key_in_use', 'idempotency', 'a request with this Idempotency-Key is still being processed');
          case 'replay':
            if (claim.status >= 400) throw new RenderedError(claim.status, claim.body, { 'Idempotency-Used': 'true' });
            res.setHeader('Idempotency-Used', 'true');
            // the status the handler answered (a batch's 207), and the headers that follow from the body
            res.status(claim.status);
            if (headersOf) for (const [name, value] of Object.entries(headersOf(claim.body))) res.setHeader(name, value);
            // a route whose answer is a fresh secret (a link) issues another one rather than replay none
            if (secrets?.reissue) return next.handle();
            return of(claim.body);
          case 'unsettled':
            throw new DomainError(
              'idempotency_key_unsettled',
              'idempotency',
              'the request with this Idempotency-Key committed its changes but its answer was not stored; read the result instead of retrying',
            );
          case 'claimed':
            return withRequestKey({ companyId, key }, () => next.handle()).pipe(
              // the handler failed: a 4xx is kept; a 5xx or a retryable conflict releases the key
              // unless one of its transactions committed (the key is kept, as `unsettled`)
              catchError((err) => {
                const { status, body } = renderError(err);
                const settle = withoutRequestKey(() =>
                  status >= 500 || isRetryable(err)
                    ? this.idempotency.release(companyId, key)
                    : this.idempotency.complete(companyId, key, status, body),
                );
                return from(settle).pipe(mergeMap(() => throwError(() => err)));
              }),
              // the handler succeeded and its writes are committed: the key is never released from here on
              mergeMap(async (body) => {
                // the handler may answer another 2xx than the route's default (a batch's 207)
                const status = res.statusCode >= 200 && res.statusCode < 300 ? res.statusCode : successStatus;
                await withoutRequestKey(() => this.idempotency.completeAfterCommit(companyId, key, status, redactAnswer(body, secrets)));
                return body;
              }),
            );
        }
      }),
    );
  }
}
