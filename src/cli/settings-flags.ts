import type { Command } from 'commander';
import { EMAIL_SWITCHES } from '../platform/company-settings/company-settings.rules';

/**
 * The `company settings` flags of the scalar settings added after the first ones: the time zone,
 * the invoice number format and the e-mail switches. A flag only translates its text into the
 * value `PATCH /settings` takes ("" = the default, i.e. null); the checks and their messages are
 * `validateSettingsPatch`'s (CompanySettingsService.update runs it), so the command line refuses
 * exactly what the route refuses. Lists and objects (`address`, `dunning_steps`,
 * `signature_reminder_days`) are set through `PATCH /settings`.
 */
export interface NewerSettingsFlags {
  timezone?: string;
  invoiceNumberPrefix?: string;
  invoiceNumberDigits?: string;
  invoiceNumberSequence?: string;
  /** `--email-<kind> on|off`, by setting key (`email_payment_receipt`…). */
  [emailFlag: string]: unknown;
}

/** `email_payment_receipt` → `payment-receipt` (the flag is `--email-payment-receipt`). */
const emailFlagOf = (key: string) => key.replace(/^email_/, '').replace(/_/g, '-');
/** `email_payment_receipt` → commander's camel-cased option name `emailPaymentReceipt`. */
const emailOptionOf = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function addNewerSettingsOptions(cmd: Command): Command {
  cmd
    .option('--timezone <zone>', 'preferred_timezone: IANA time zone of the pages and e-mails ("" = UTC)')
    .option('--invoice-number-prefix <prefix>', 'invoice_number_prefix, e.g. ACME-2028- ("" = none)')
    .option('--invoice-number-digits <n>', 'invoice_number_digits: zero-pad the sequence to n digits ("" = no padding)')
    .option('--invoice-number-sequence <COMPANY|CUSTOMER>', 'invoice_number_sequence: one sequence per company or per customer');
  for (const key of EMAIL_SWITCHES) cmd.option(`--email-${emailFlagOf(key)} <on|off>`, `${key}: whether that e-mail is sent`);
  return cmd;
}

/**
 * The patch of those flags. `onOff` is the command's own on/off reader (its message names the
 * flag). A number flag that is not digits goes through as text, so the route's message refuses it.
 */
export function newerSettingsPatch(
  opts: NewerSettingsFlags,
  onOff: (flag: string, value: string | undefined) => boolean | undefined,
): Record<string, unknown> {
  const orNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim());
  const digits = orNull(opts.invoiceNumberDigits);
  const patch: Record<string, unknown> = {
    preferred_timezone: orNull(opts.timezone),
    invoice_number_prefix: orNull(opts.invoiceNumberPrefix),
    invoice_number_digits: typeof digits === 'string' && /^\d{1,6}$/.test(digits) ? Number(digits) : digits,
    invoice_number_sequence: orNull(opts.invoiceNumberSequence),
  };
  for (const key of EMAIL_SWITCHES) {
    const value = opts[emailOptionOf(key)];
    patch[key] = onOff(`email-${emailFlagOf(key)}`, typeof value === 'string' ? value : undefined);
  }
  return patch;
}

/** The lines the command prints for those settings. */
export function newerSettingsLine(s: Record<string, unknown>): string {
  const prefix = s.invoice_number_prefix ? JSON.stringify(s.invoice_number_prefix) : 'none';
  const digits = s.invoice_number_digits ? String(s.invoice_number_digits) : 'unpadded';
  const emails = EMAIL_SWITCHES.map((k) => `${emailFlagOf(k)} ${s[k] === false ? 'off' : 'on'}`).join(', ');
  return [
    `  time zone ${String(s.preferred_timezone)}, invoice numbers: prefix ${prefix}, digits ${digits}, sequence ${String(s.invoice_number_sequence)}`,
    `  e-mails: ${emails}`,
  ].join('\n');
}
