import type { Response } from 'express';
import { DomainError } from '../platform/errors/domain-error';

/** The headers of a batch's 2xx answers: how many entries it refused. */
export const REFUSED_EVENTS_HEADER = 'X-Tally-Refused-Events';
export const REFUSED_OBJECTS_HEADER = 'X-Tally-Refused-Objects';

/** An entry of a batch refused on its own: the field at fault, its problem, and the entry's error message. */
export interface Refusal {
  field: string;
  problem: string;
  message: string;
}

/** The OpenAPI description of a batch's refused-count header. */
export function refusedHeaderDoc(what: string) {
  return { description: `how many ${what} of the batch were refused (0 on a 200)`, schema: { type: 'integer' as const, minimum: 0 } };
}

/**
 * The status of a batch whose entries are accepted or refused one by one, so that a client that
 * reads only the status cannot miss a refusal (the reference answers 200 whatever it refused,
 * and a usage event refused inside a 200 is usage lost without notice):
 * - 200 when none was refused;
 * - 207 Multi-Status when some were refused and others accepted (stored, or duplicates of
 *   events already stored): the body lists the refused ones in `errors`, the accepted ones stay
 *   accepted (sending the batch again is safe: events are de-duplicated by transaction_id);
 * - a 400 (thrown, in the one error shape, `error_code` `batch_refused`) when every entry was
 *   refused: nothing of the batch was written; `validation_errors` names each one's field.
 * Every 2xx answer carries `header` with the count of refused entries.
 */
export function answerBatch<T>(res: Response, body: T, header: string, what: string, refused: Refusal[], accepted: number): T {
  if (refused.length > 0 && accepted === 0) {
    const [first] = refused;
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more, each named in validation_errors)` : '';
    throw new DomainError(
      'batch_refused',
      'validation',
      `every ${what} of the batch was refused: ${first.message}${more}`,
      Object.fromEntries(refused.map((r) => [r.field, r.problem])),
    );
  }
  res.status(refused.length > 0 ? 207 : 200);
  res.setHeader(header, String(refused.length));
  return body;
}
