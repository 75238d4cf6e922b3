import type { Command } from 'commander';
import { withApp } from './app-context';
import { BillingRunService, BillingRunSummary } from '../invoicing/billing-engine/billing-run.service';
import { CompanySettingsService } from '../platform/company-settings/company-settings.service';
import { CliExit } from './audit.command';
import { addNewerSettingsOptions, NewerSettingsFlags, newerSettingsLine, newerSettingsPatch } from './settings-flags';

/**
 * Billing commands of the command line (registered by src/cli/main.ts):
 *  - `billing run --now <ISO instant> [--company <id>] [--json]`: a billing run at that instant (past or future),
 *    progress on stderr (a bar when stderr is a terminal), a summary on stdout (with --json
 *    exactly one line `{invoices_created, invoices_finalized, subscriptions_processed, errors, now}`).
 *    The run's post-run steps (charges, retries, status changes) run before it exits. Exit status 1
 *    when anything failed (`errors` > 0: a subscription not billed, a draft not finalized, a
 *    post-run step), each failure logged on stderr with its reason (pino JSON lines: company,
 *    subscription or invoice, error code and message) at `error`, the default level of this
 *    command when LOG_LEVEL is not set (LOG_LEVEL=silent turns it off).
 *  - `company settings --company <id> [--invoice-grace-period <seconds>] [--payment-retry-days 1,3,5]
 *    [--display-name <name>] [--support-email <email>] [--accent-color <#rrggbb>] [--portal-cancel on|off]
 *    [--portal-quantity on|off] [--usage-frame-ancestors <origins>] [--timezone <zone>]
 *    [--invoice-number-prefix <p>] [--invoice-number-digits <n>] [--invoice-number-sequence <s>]
 *    [--email-<kind> on|off] [--json]`: the company's settings (CompanySettingsService, the
 *    same checks as PATCH /settings); prints every key with its value or default.
 */

export class BillingCliError extends Error {}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** An ISO 8601 instant: a date (midnight UTC) or a date-time with Z or an offset. */
export function parseInstant(value: string | undefined, flag: string): Date {
  const v = (value ?? '').trim();
  const d = ISO_INSTANT.test(v) ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) {
    throw new BillingCliError(
      `${flag} must be an ISO 8601 instant such as 2027-01-31T00:00:00Z (a date, or a date-time with Z or an offset), got "${value ?? ''}"`,
    );
  }
  return d;
}

/** A tiny progress bar on stderr; nothing when stderr is not a terminal. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const tty = !!stream.isTTY;
  let last = '';
  return {
    update(label: string, done: number, total: number) {
      if (!tty || total === 0) return;
      const width = 30;
      const filled = Math.round((done / total) * width);
      const line = `\r${label.padEnd(14)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
      if (line !== last) stream.write(line);
      last = line;
      if (done === total) {
        stream.write('\n');
        last = '';
      }
    },
  };
}

function print(json: boolean, value: unknown, human: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

export function registerBillingCommands(program: Command): void {
  const billing = program.command('billing').description('billing runs');
  billing
    .command('run')
    .description('bill everything due at an instant (closes billing periods, finalizes drafts, runs the post-run steps)')
    .requiredOption('--now <instant>', 'the instant of the run (ISO 8601), past or future')
    .option('--company <id>', 'only this company (cmp_…); every company by default')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { now: string; company?: string; json?: boolean }) => {
      const at = parseInstant(opts.now, '--now');
      const bar = progressBar();
      // the reason of each failure is logged (stderr) at `error`: on by default for a run
      const summary: BillingRunSummary = await withApp(
        (app) =>
          app.get(BillingRunService).run(at, {
            companyIds: opts.company ? [opts.company] : undefined,
            onProgress: (phase, done, total) => bar.update(phase, done, total),
          }),
        { defaultLogLevel: 'error' },
      );
      print(
        !!opts.json,
        summary,
        `billing run at ${summary.now}: ${summary.subscriptions_processed} subscriptions processed, ${summary.invoices_created} invoices created, ` +
          `${summary.invoices_finalized} finalized, ${summary.errors} errors`,
      );
      if (summary.errors > 0) throw new CliExit(1);
    });

  const company = program.commands.find((c) => c.name() === 'company') ?? program.command('company').description('companies (tenants)');
  const settingsCommand = company
    .command('settings')
    .description("show or set a company's settings (hosted pages, customer portal, billing); with no option it prints them")
    .requiredOption('--company <id>', 'company id (cmp_…)')
    .option(
      '--invoice-grace-period <seconds>',
      'seconds a usage invoice stays DRAFT after its billing date for late events (default 3600; 0 = final at once)',
    )
    .option(
      '--payment-retry-days <days>',
      'comma-separated days after the first failed charge to retry it (default 1,3,5; empty = no retries)',
    )
    .option('--display-name <name>', 'the name the hosted pages and PDFs show ("" = the company name)')
    .option('--support-email <email>', 'support e-mail shown to customers ("" = none)')
    .option('--tax-number <number>', 'the company\'s tax number printed on invoices ("" = none)')
    .option('--accent-color <#rrggbb>', 'accent colour of the hosted pages ("" = the standard blue)')
    .option('--portal-cancel <on|off>', 'whether the customer portal offers cancelling a subscription at period end')
    .option('--portal-quantity <on|off>', 'whether the customer portal offers changing seat quantities (prorated at once)')
    .option('--usage-frame-ancestors <origins>', 'comma-separated origins allowed to frame the usage page ("" = none)')
    .option('--json', 'print one line of JSON');
  addNewerSettingsOptions(settingsCommand).action(
    async (
      opts: NewerSettingsFlags & {
        company: string;
        invoiceGracePeriod?: string;
        paymentRetryDays?: string;
        displayName?: string;
        supportEmail?: string;
        taxNumber?: string;
        accentColor?: string;
        portalCancel?: string;
        portalQuantity?: string;
        usageFrameAncestors?: string;
        json?: boolean;
      },
    ) => {
      const patch: Record<string, unknown> = {};
      if (opts.invoiceGracePeriod !== undefined) {
        const n = Number(opts.invoiceGracePeriod);
        if (!/^\d+$/.test(opts.invoiceGracePeriod.trim()) || !Number.isSafeInteger(n)) {
          throw new BillingCliError(`--invoice-grace-period must be a whole number of seconds >= 0, got "${opts.invoiceGracePeriod}"`);
        }
        patch.invoice_grace_period_seconds = n;
      }
      if (opts.paymentRetryDays !== undefined) {
        const days = opts.paymentRetryDays.trim() === '' ? [] : opts.paymentRetryDays.split(',').map((d) => d.trim());
        if (!days.every((d) => /^\d+$/.test(d) && Number(d) >= 1 && Number(d) <= 365)) {
          throw new BillingCliError(`--payment-retry-days must list whole days between 1 and 365, got "${opts.paymentRetryDays}"`);
        }
        const numbers = days.map(Number);
        if (numbers.some((d, i) => i > 0 && d <= numbers[i - 1])) throw new BillingCliError('--payment-retry-days must be increasing');
        patch.payment_retry_days = numbers;
      }
      const textOrReset = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v);
      patch.display_name = textOrReset(opts.displayName);
      patch.support_email = textOrReset(opts.supportEmail);
      patch.tax_number = textOrReset(opts.taxNumber);
      patch.accent_color = textOrReset(opts.accentColor);
      const onOff = (flag: string, value: string | undefined): boolean | undefined => {
        if (value === undefined) return undefined;
        const v = value.trim().toLowerCase();
        if (!['on', 'off', 'true', 'false'].includes(v)) throw new BillingCliError(`--${flag} must be on or off, got "${value}"`);
        return v === 'on' || v === 'true';
      };
      patch.portal_cancel_enabled = onOff('portal-cancel', opts.portalCancel);
      patch.portal_quantity_changes_enabled = onOff('portal-quantity', opts.portalQuantity);
      if (opts.usageFrameAncestors !== undefined) {
        const list = opts.usageFrameAncestors.trim();
        patch.usage_page_frame_ancestors = list === '' ? [] : list.split(',').map((o) => o.trim());
      }
      Object.assign(patch, newerSettingsPatch(opts, onOff));
      const settings = await withApp((app) => app.get(CompanySettingsService).update(opts.company, patch));
      print(
        !!opts.json,
        settings,
        [
          `company ${opts.company}: invoice grace period ${settings.invoice_grace_period_seconds} s, ` +
            `payment retries after ${settings.payment_retry_days.join(', ') || 'no'} days`,
          `  display name ${JSON.stringify(settings.display_name)}, support e-mail ${settings.support_email ?? '-'}, accent ${settings.accent_color}`,
          `  portal cancel ${settings.portal_cancel_enabled ? 'on' : 'off'}, portal quantity changes ${settings.portal_quantity_changes_enabled ? 'on' : 'off'}, usage page frame ancestors ${settings.usage_page_frame_ancestors.join(' ') || 'none'}`,
          newerSettingsLine(settings as unknown as Record<string, unknown>),
        ].join('\n'),
      );
    },
  );
}
