import { SetMetadata } from '@nestjs/common';

export const ANSWER_HEADERS = 'tally:answer-headers';

/**
 * Headers of a route's 2xx answer that follow from its body (a batch's count of refused
 * entries). The handler sets them itself; a replay under an Idempotency-Key runs no handler, so
 * the interceptor sets them again from the stored body, with the stored status.
 */
export type AnswerHeadersOf = (body: unknown) => Record<string, string>;

export const AnswerHeaders = (headersOf: AnswerHeadersOf) => SetMetadata(ANSWER_HEADERS, headersOf);
