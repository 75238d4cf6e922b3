import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsObject, IsOptional, ValidateBy } from 'class-validator';

/**
 * The bounds of `metadata` (every resource that has it), close to those of Stripe-like APIs: a
 * few dozen short keys of short values. Metadata is returned whole in every answer of its
 * resource, so an unbounded one would let one company's records make every read of them (and
 * the server's memory) as large as it likes.
 */
export const METADATA_LIMITS = {
  /** Keys per object. */
  maxKeys: 50,
  /** Characters of a key (at least 1). */
  maxKeyLength: 40,
  /** Characters of a string value; other values (numbers, booleans, null, nested JSON) count their JSON text. */
  maxValueLength: 500,
  /** UTF-8 bytes of the whole object as JSON. */
  maxTotalBytes: 16_384,
} as const;

export const METADATA_DESCRIPTION =
  `free-form key/value pairs: at most ${METADATA_LIMITS.maxKeys} keys of 1–${METADATA_LIMITS.maxKeyLength} characters, ` +
  `each value at most ${METADATA_LIMITS.maxValueLength} characters (a non-string value: its JSON text), ` +
  `${METADATA_LIMITS.maxTotalBytes} bytes of JSON in all`;

/** What is wrong with a metadata object, or null when it is within METADATA_LIMITS. */
export function metadataProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'must be an object';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > METADATA_LIMITS.maxKeys) return `must have at most ${METADATA_LIMITS.maxKeys} keys (has ${entries.length})`;
  for (const [key, v] of entries) {
    if (key.length === 0) return 'must not have an empty key';
    if (key.length > METADATA_LIMITS.maxKeyLength) {
      return `key "${key.slice(0, METADATA_LIMITS.maxKeyLength)}…" is longer than ${METADATA_LIMITS.maxKeyLength} characters`;
    }
    const length = typeof v === 'string' ? v.length : (JSON.stringify(v) ?? '').length;
    if (length > METADATA_LIMITS.maxValueLength) {
      return `the value of key "${key}" is longer than ${METADATA_LIMITS.maxValueLength} characters`;
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
  if (bytes > METADATA_LIMITS.maxTotalBytes) return `must be at most ${METADATA_LIMITS.maxTotalBytes} bytes as JSON (is ${bytes})`;
  return null;
}

/** The `metadata` field of a request: optional, nullable, an object within METADATA_LIMITS (else a 400 naming it). */
export function OptionalMetadata(api: ApiPropertyOptions = {}) {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      nullable: true,
      maxProperties: METADATA_LIMITS.maxKeys,
      ...api,
      description: api.description ? `${api.description}; ${METADATA_DESCRIPTION}` : METADATA_DESCRIPTION,
    } as ApiPropertyOptions),
    IsOptional(),
    IsObject(),
    ValidateBy({
      name: 'isMetadata',
      validator: {
        validate: (v: unknown) => metadataProblem(v) === null,
        defaultMessage: (args) => metadataProblem(args?.value) ?? 'is not valid metadata',
      },
    }),
  );
}
