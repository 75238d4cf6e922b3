import { Frequency, periodAt } from '../../billing-math';

/** A parent's roll-up (`child_rollup_billing_config`), as stored on the customer. */
export interface RollupConfig {
  frequency: Frequency;
  start_date: Date;
  end_date: Date | null;
  auto_charges: boolean;
  invoice_due_date_from_creation: number | null;
  invoice_additional_display_fields: { name: string; value: string }[] | null;
}

/** The stored config of a parent with roll-up on, or null when it has none (roll-up off, or no dates). */
export function rollupConfigOf(on: boolean, stored: Record<string, unknown> | null): RollupConfig | null {
  if (!on || !stored || typeof stored.frequency !== 'string' || typeof stored.start_date !== 'string') return null;
  return {
    frequency: stored.frequency as Frequency,
    start_date: new Date(stored.start_date),
    end_date: typeof stored.end_date === 'string' ? new Date(stored.end_date) : null,
    auto_charges: stored.auto_charges === true,
    invoice_due_date_from_creation:
      typeof stored.invoice_due_date_from_creation === 'number' ? stored.invoice_due_date_from_creation : null,
    invoice_additional_display_fields: Array.isArray(stored.invoice_additional_display_fields)
      ? (stored.invoice_additional_display_fields as { name: string; value: string }[])
      : null,
  };
}

/**
 * The roll-up date an invoice dated `date` is gathered at: the first roll-up date (start_date,
 * then every `frequency` from it) at or after it. Null — the invoice is billed on its own — before
 * start_date, and when that roll-up date would come after end_date.
 */
export function rollupDateOf(config: RollupConfig, date: Date): Date | null {
  if (date.getTime() < config.start_date.getTime()) return null;
  const period = periodAt(config.start_date, { count: 1, frequency: config.frequency }, date);
  const at = period.start.getTime() === date.getTime() ? period.start : period.end;
  if (config.end_date && at.getTime() > config.end_date.getTime()) return null;
  return at;
}

/** The roll-up date before `at` (the start of the period a roll-up invoice gathers). */
export function previousRollupDate(config: RollupConfig | null, at: Date): Date | null {
  if (!config) return null;
  const before = new Date(at.getTime() - 1);
  if (before.getTime() < config.start_date.getTime()) return null;
  return periodAt(config.start_date, { count: 1, frequency: config.frequency }, before).start;
}
