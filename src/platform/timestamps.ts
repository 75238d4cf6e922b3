/** ISO 8601 UTC with milliseconds, or null. */
export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
