import { DomainError } from '../errors/domain-error';
import { hiddenCharacter } from '../validation/display-text';
import { isTimeZone, UTC } from '../../billing-math/zones';
import {
  checkInvoiceNumberSetting,
  INVOICE_NUMBER_KEYS,
  InvoiceNumberSettings,
  resolveInvoiceNumberSettings,
} from './invoice-number-format';
import { checkCompanyAddress, CompanyAddress, resolveCompanyAddress } from './company-address';

/**
 * A company's settings (the `settings` object of its `companies` row), read and validated in one
 * place: the API route (`GET/PATCH …/settings`), the command line (`company settings`) and the
 * hosted pages all go through these pure functions. A key absent from the row has its default;
 * `null` in a patch puts the default back (the key is removed from the row).
 */
export interface CompanySettings extends InvoiceNumberSettings {
  /** The name the hosted pages show; default the company's name. */
  display_name: string;
  /** Where customers write about a bill (shown on the pages and the PDF); default none. */
  support_email: string | null;
  /** The company's postal address, in the issuer block of the invoice page and PDF; default none. */
  address: CompanyAddress | null;
  /** The company's tax number (VAT id, EIN…), printed in the issuer block of invoices; default none. */
  tax_number: string | null;
  /** The pages' accent colour (`#rrggbb`, lower case); default the standard blue. */
  accent_color: string;
  /** Whether the customer portal offers cancelling a subscription at period end; default false. */
  portal_cancel_enabled: boolean;
  /**
   * Whether the customer portal lets a customer change the quantity of a seat price of their
   * subscription (within its quantity_config, prorated as an immediate change); default false.
   */
  portal_quantity_changes_enabled: boolean;
  /** Origins allowed to frame the usage page (CSP `frame-ancestors`); default none. */
  usage_page_frame_ancestors: string[];
  /** Seconds a usage invoice stays DRAFT after its billing date (late events); default 3600. */
  invoice_grace_period_seconds: number;
  /** Days after the first failed charge to retry it; default [1, 3, 5]. Read through `dunning_steps` when those are not set. */
  payment_retry_days: number[];
  /**
   * The dunning campaign's steps, in order; null (the default) = the campaign of
   * `payment_retry_days` ({@link dunningStepsOf}), started by a declined automatic charge only.
   */
  dunning_steps: DunningStep[] | null;
  /** E-mail the invoice (PDF attached) to the billed customer when it is finalized; default true. */
  email_invoice_finalized: boolean;
  /** E-mail a receipt when a payment succeeds (card, hosted page, mark_paid); default true. */
  email_payment_receipt: boolean;
  /** E-mail a receipt when a refund succeeds; default true. */
  email_refund_receipt: boolean;
  /** E-mail the customer, with the link to pay, when an automatic charge is declined; default true. */
  email_payment_failed: boolean;
  /**
   * The IANA zone billing dates of new subscriptions are placed in (each keeps the zone it was
   * created in), and dates are shown in to customers; default UTC.
   */
  preferred_timezone: string;
  /** E-mail each signatory their signing link when a contract awaits signatures; default true. */
  email_signature_request: boolean;
  /** Days after the signature request to remind a signatory who has not signed; default [3, 7]; [] = none. */
  signature_reminder_days: number[];
}

/** What a step of a dunning campaign does when it is due. */
export const DUNNING_ACTIONS = ['EMAIL_REMINDER', 'RETRY_PAYMENT', 'FINAL_NOTICE', 'MARK_UNPAID', 'CANCEL_SUBSCRIPTION'] as const;
export type DunningAction = (typeof DUNNING_ACTIONS)[number];
export interface DunningStep {
  days_after_due: number;
  action_type: DunningAction;
}
export const DUNNING_STEPS_MAX = 20;

/**
 * The steps a company's dunning campaigns run: its `dunning_steps` when set, else the steps of
 * `payment_retry_days` — a RETRY_PAYMENT on each of those days, then MARK_UNPAID on the last
 * (on day 0 when there are no retries), which is what the retries did before campaigns existed.
 */
export function dunningStepsOf(s: Pick<CompanySettings, 'dunning_steps' | 'payment_retry_days'>): DunningStep[] {
  if (s.dunning_steps) return s.dunning_steps;
  const retries = s.payment_retry_days.map((d): DunningStep => ({ days_after_due: d, action_type: 'RETRY_PAYMENT' }));
  return [...retries, { days_after_due: s.payment_retry_days.at(-1) ?? 0, action_type: 'MARK_UNPAID' }];
}

/** The settings that switch an e-mail on or off (all on by default). */
export const EMAIL_SWITCHES = [
  'email_invoice_finalized',
  'email_payment_receipt',
  'email_refund_receipt',
  'email_payment_failed',
  'email_signature_request',
] as const;
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

export type CompanySettingsPatch = { [K in keyof CompanySettings]?: CompanySettings[K] | null };

export const DEFAULT_ACCENT_COLOR = '#1d4ed8';
export const DEFAULT_GRACE_SECONDS = 3600;
export const DEFAULT_RETRY_DAYS = [1, 3, 5];
export const DEFAULT_SIGNATURE_REMINDER_DAYS = [3, 7];
export const DISPLAY_NAME_MAX = 100;
export const FRAME_ANCESTORS_MAX = 20;
export const TAX_NUMBER_MAX = 64;
/** The accent colour is the background of white button text: WCAG AA for normal text. */
export const MIN_ACCENT_CONTRAST = 4.5;

export const SETTINGS_KEYS: readonly (keyof CompanySettings)[] = [
  'display_name',
  'support_email',
  'address',
  'tax_number',
  'accent_color',
  'portal_cancel_enabled',
  'portal_quantity_changes_enabled',
  'usage_page_frame_ancestors',
  'invoice_grace_period_seconds',
  'payment_retry_days',
  'dunning_steps',
  'signature_reminder_days',
  ...EMAIL_SWITCHES,
  'preferred_timezone',
  ...INVOICE_NUMBER_KEYS,
];

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The settings as the pages and the API read them: every key, defaults filled in. */
export function resolveCompanySettings(companyName: string, raw: Record<string, unknown> | null | undefined): CompanySettings {
  const s = raw ?? {};
  const str = (k: string) => (typeof s[k] === 'string' && (s[k] as string).trim() !== '' ? (s[k] as string) : null);
  const grace = s.invoice_grace_period_seconds;
  const retries = s.payment_retry_days;
  const ancestors = s.usage_page_frame_ancestors;
  return {
    display_name: str('display_name') ?? companyName,
    support_email: str('support_email'),
    address: resolveCompanyAddress(s.address),
    tax_number: str('tax_number'),
    accent_color: str('accent_color') ?? DEFAULT_ACCENT_COLOR,
    portal_cancel_enabled: s.portal_cancel_enabled === true,
    portal_quantity_changes_enabled: s.portal_quantity_changes_enabled === true,
    usage_page_frame_ancestors: Array.isArray(ancestors) ? ancestors.filter((a): a is string => typeof a === 'string') : [],
    invoice_grace_period_seconds: typeof grace === 'number' && Number.isFinite(grace) && grace >= 0 ? grace : DEFAULT_GRACE_SECONDS,
    payment_retry_days: dayList(retries) ?? DEFAULT_RETRY_DAYS,
    dunning_steps: Array.isArray(s.dunning_steps) ? (s.dunning_steps as DunningStep[]) : null,
    email_invoice_finalized: s.email_invoice_finalized !== false,
    email_payment_receipt: s.email_payment_receipt !== false,
    email_refund_receipt: s.email_refund_receipt !== false,
    email_payment_failed: s.email_payment_failed !== false,
    preferred_timezone: isTimeZone(s.preferred_timezone) ? s.preferred_timezone : UTC,
    ...resolveInvoiceNumberSettings(s),
    email_signature_request: s.email_signature_request !== false,
    signature_reminder_days: dayList(s.signature_reminder_days) ?? DEFAULT_SIGNATURE_REMINDER_DAYS,
  };
}

/** A stored list of days, or null when it is not one. */
function dayList(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0) ? (value as number[]) : null;
}

function channel(hex: string): number {
  const c = parseInt(hex, 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastWithWhite(color: string): number {
  const l = 0.2126 * channel(color.slice(1, 3)) + 0.7152 * channel(color.slice(3, 5)) + 0.0722 * channel(color.slice(5, 7));
  return 1.05 / (l + 0.05);
}

/**
 * An origin a page may be framed by: `https://host[:port]` (or `http://`), no path, query,
 * fragment, user or wildcard; answered as `URL.origin` (lower-case host, default port dropped).
 */
export function parseOrigin(value: string): string | null {
  if (typeof value !== 'string' || value.length > 255 || !/^https?:\/\/[^/?#\s*]+\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password || !url.hostname) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Checks a patch key by key and answers it normalised (trimmed names, lower-case colours,
 * origins as `URL.origin`); every bad key is named in one 400 `invalid_field`. `null` resets a
 * key to its default. Keys not in SETTINGS_KEYS are refused.
 */
export function validateSettingsPatch(input: Record<string, unknown>): CompanySettingsPatch {
  const errors: Record<string, string> = {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!(SETTINGS_KEYS as readonly string[]).includes(key)) {
      errors[key] = 'is not a company setting';
      continue;
    }
    if (value === null) {
      out[key] = null;
      continue;
    }
    switch (key as keyof CompanySettings) {
      case 'display_name': {
        const v = typeof value === 'string' ? value.trim() : '';
        if (typeof value !== 'string') errors[key] = 'must be a string';
        else if (!v) errors[key] = 'must not be empty (null puts the company name back)';
        else if (v.length > DISPLAY_NAME_MAX) errors[key] = `must be at most ${DISPLAY_NAME_MAX} characters`;
        else if (CONTROL.test(v)) errors[key] = 'must not contain control characters';
        else if (hiddenCharacter(v) !== null) errors[key] = 'must not contain invisible or text-direction control characters';
        else out[key] = v;
        break;
      }
      case 'support_email': {
        const v = typeof value === 'string' ? value.trim() : '';
        if (typeof value !== 'string' || v.length > 254 || !EMAIL.test(v)) errors[key] = 'must be an e-mail address';
        else out[key] = v;
        break;
      }
      case 'tax_number': {
        const v = typeof value === 'string' ? value.trim() : '';
        if (typeof value !== 'string' || !v || v.length > TAX_NUMBER_MAX) errors[key] = `must be 1 to ${TAX_NUMBER_MAX} characters`;
        else if (CONTROL.test(v) || hiddenCharacter(v) !== null) errors[key] = 'must not contain control or invisible characters';
        else out[key] = v;
        break;
      }
      case 'accent_color': {
        if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)) errors[key] = 'must be a colour written #rrggbb';
        else if (contrastWithWhite(value) < MIN_ACCENT_CONTRAST)
          errors[key] =
            `is too light: white text on it has a contrast of ${contrastWithWhite(value).toFixed(2)}:1, ` +
            `at least ${MIN_ACCENT_CONTRAST}:1 is needed`;
        else out[key] = value.toLowerCase();
        break;
      }
      case 'portal_cancel_enabled':
      case 'portal_quantity_changes_enabled':
      case 'email_invoice_finalized':
      case 'email_payment_receipt':
      case 'email_refund_receipt':
      case 'email_payment_failed':
      case 'email_signature_request':
        if (typeof value !== 'boolean') errors[key] = 'must be a boolean';
        else out[key] = value;
        break;
      case 'usage_page_frame_ancestors': {
        if (!Array.isArray(value)) {
          errors[key] = 'must be a list of origins';
          break;
        }
        if (value.length > FRAME_ANCESTORS_MAX) {
          errors[key] = `must list at most ${FRAME_ANCESTORS_MAX} origins`;
          break;
        }
        const origins: string[] = [];
        value.forEach((v, i) => {
          const origin = typeof v === 'string' ? parseOrigin(v) : null;
          if (origin === null) errors[`${key}[${i}]`] = 'must be an origin such as https://app.example.com (scheme, host and port only)';
          else if (!origins.includes(origin)) origins.push(origin);
        });
        out[key] = origins;
        break;
      }
      case 'invoice_grace_period_seconds':
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > 31 * 86400)
          errors[key] = 'must be a whole number of seconds between 0 and 2678400 (31 days)';
        else out[key] = value;
        break;
      case 'preferred_timezone':
        if (!isTimeZone(value)) errors[key] = 'must be an IANA time zone name such as Europe/Paris or UTC';
        else out[key] = canonicalZone(value);
        break;
      case 'payment_retry_days':
      case 'signature_reminder_days': {
        if (
          !Array.isArray(value) ||
          value.length > 20 ||
          !value.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 365)
        )
          errors[key] = 'must list at most 20 whole days between 1 and 365';
        else if (value.some((d: number, i) => i > 0 && d <= (value[i - 1] as number))) errors[key] = 'must be increasing';
        else out[key] = value;
        break;
      }
      case 'address': {
        const checked = checkCompanyAddress(value);
        if ('error' in checked) errors[key] = checked.error;
        else out[key] = checked.value;
        break;
      }
      case 'invoice_number_prefix':
      case 'invoice_number_digits':
      case 'invoice_number_sequence': {
        // checked in a file of their own (invoice-number-format.ts)
        const checked = checkInvoiceNumberSetting(key, value);
        if ('error' in checked) errors[key] = checked.error;
        else out[key] = checked.value;
        break;
      }
      case 'dunning_steps': {
        const problem = dunningStepsProblem(value);
        if (problem) errors[key] = problem;
        else out[key] = (value as DunningStep[]).map((st) => ({ days_after_due: st.days_after_due, action_type: st.action_type }));
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw DomainError.validation(errors);
  return out as CompanySettingsPatch;
}

/** A zone as the runtime spells it (`europe/paris` → `Europe/Paris`), so stored names compare equal. */
function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** The stored settings object after a (validated) patch: `null` removes the key, other keys are kept. */
export function applySettingsPatch(raw: Record<string, unknown> | null | undefined, patch: CompanySettingsPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(raw ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else if (v !== undefined) next[k] = v;
  }
  return next;
}

/** Why a `dunning_steps` value is refused, or null: at most 20 steps, days 0–365 never decreasing. */
function dunningStepsProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > DUNNING_STEPS_MAX) return `must list at most ${DUNNING_STEPS_MAX} steps`;
  for (const [i, st] of value.entries()) {
    const step = st as Record<string, unknown> | null;
    if (typeof step !== 'object' || step === null || Array.isArray(step)) return `step ${i} must be {days_after_due, action_type}`;
    const extra = Object.keys(step).find((k) => k !== 'days_after_due' && k !== 'action_type');
    if (extra) return `step ${i}: ${extra} is not a field of a dunning step`;
    const days = step.days_after_due;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > 365)
      return `step ${i}: days_after_due must be a whole number of days between 0 and 365`;
    if (!(DUNNING_ACTIONS as readonly unknown[]).includes(step.action_type))
      return `step ${i}: action_type must be one of ${DUNNING_ACTIONS.join(', ')}`;
    if (i > 0 && days < (value[i - 1] as DunningStep).days_after_due) return 'must be in order of days_after_due';
  }
  return null;
}
