/**
 * The shape of a POST /events/ingest body and of each of its events (pure): what the service
 * checks before it reads anything (customers, items), each refusal reported through `fail`.
 */
import { DomainError } from '../../platform/errors/domain-error';
import { checkProperties, parseInstant } from './properties';
import type { Properties } from './usage.entity';

export const MAX_EVENTS_PER_BATCH = 100;

/** An event whose fields have the right shape. */
export interface Shaped {
  index: number;
  raw: Record<string, unknown>;
  timestamp: string;
  properties: Properties;
}

/** Reports one refused event: its index, its transaction_id as sent, the code, the field and the problem. */
export type Refuse = (index: number, tx: unknown, code: string, path: string, message: string) => unknown;

/** The body of POST /events/ingest as it arrives (IngestEventsDto documents it). */
export interface IngestEventsBody {
  events?: unknown;
}

/**
 * IngestEventsDto's checks without class-validator (no reflection, no copy of 100 events): the
 * same 400 validation_error answers for a body that is not `{events: [1..100 items]}`.
 */
export function checkIngestBody(body: IngestEventsBody): unknown[] {
  if (!isObject(body)) throw DomainError.validation({ events: 'must be an array' });
  const extra = Object.keys(body).filter((k) => k !== 'events');
  const errors: Record<string, string> = {};
  for (const k of extra) errors[k] = 'is not an allowed field';
  const events = body.events;
  if (!Array.isArray(events)) errors.events = 'must be an array';
  else if (events.length < 1) errors.events = 'must contain at least 1 elements';
  else if (events.length > MAX_EVENTS_PER_BATCH) errors.events = `must contain no more than ${MAX_EVENTS_PER_BATCH} elements`;
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  return events as unknown[];
}

const EVENT_FIELDS = ['customer_id', 'customer_identifier', 'item_id', 'transaction_id', 'timestamp', 'properties'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 255): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The events of a batch whose fields have the right shape; the others are refused through `fail`. */
export function shapeEvents(events: unknown[], fail: Refuse): Shaped[] {
  const shaped: Shaped[] = [];
  events.forEach((raw, index) => {
    const at = `events[${index}]`;
    if (!isObject(raw)) return fail(index, null, 'invalid_field', at, 'must be an object');
    const tx = raw.transaction_id;
    const unknown = Object.keys(raw).find((k) => !EVENT_FIELDS.includes(k));
    if (unknown) return fail(index, tx, 'invalid_field', `${at}.${unknown}`, 'is not an allowed field');
    if (!isText(tx)) return fail(index, tx, 'invalid_field', `${at}.transaction_id`, 'must be a string of 1 to 255 characters');
    const hasId = raw.customer_id !== undefined && raw.customer_id !== null;
    const hasIdentifier = raw.customer_identifier !== undefined && raw.customer_identifier !== null;
    if (!hasId && !hasIdentifier) return fail(index, tx, 'invalid_field', `${at}.customer_id`, 'or customer_identifier is required');
    if (hasId && !isText(raw.customer_id)) return fail(index, tx, 'invalid_field', `${at}.customer_id`, 'must be a non-empty string');
    if (hasIdentifier && !isText(raw.customer_identifier)) {
      return fail(index, tx, 'invalid_field', `${at}.customer_identifier`, 'must be a non-empty string');
    }
    if (!isText(raw.item_id)) return fail(index, tx, 'invalid_field', `${at}.item_id`, 'must be a non-empty string');
    const timestamp = parseInstant(raw.timestamp);
    if (!timestamp)
      return fail(
        index,
        tx,
        'invalid_field',
        `${at}.timestamp`,
        'must be an ISO 8601 date-time with a time zone (e.g. 2026-01-31T12:00:00Z)',
      );
    const props = checkProperties(raw.properties, `${at}.properties`, { eventNumbers: true });
    if ('error' in props) return fail(index, tx, 'invalid_field', props.error[0], props.error[1]);
    shaped.push({ index, raw, timestamp: timestamp.toISOString(), properties: props.ok });
  });
  return shaped;
}
