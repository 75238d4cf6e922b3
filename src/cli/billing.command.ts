import type { Command } from 'commander';
import { withApp } from './app-context';
import { DataSource } from 'typeorm';
import { BillingRunService, BillingRunSummary } from '../invoicing/billing-run.service';

/**
 * Billing commands of the command line (registered by src/cli/main.ts):
 *  - `billing run --now <ISO instant> [--company <id>] [--json]`: a billing run at that instant (past or future),
 *    progress on stderr (a bar when stderr is a terminal), a summary on stdout (with --json
 *    exactly one line `{invoices_created, invoices_finalized, subscriptions_processed, errors, now}`).
 *    The run's post-run steps (charges, retries, status changes) run before it exits.
 *  - `company settings --company <id> --invoice-grace-period <seconds> [--json]`: the company's
 *    billing settings (grace period of usage drafts).
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
      const summary: BillingRunSummary = await withApp((app) =>
        app.get(BillingRunService).run(at, {
          companyIds: opts.company ? [opts.company] : undefined,
          onProgress: (phase, done, total) => bar.update(phase, done, total),
        }),
      );
      print(
        !!opts.json,
        summary,
        `billing run at ${summary.now}: ${summary.subscriptions_processed} subscriptions processed, ${summary.invoices_created} invoices created, ` +
          `${summary.invoices_finalized} finalized, ${summary.errors} errors`,
      );
      if (summary.errors > 0) process.exitCode = 1;
    });

  const company = program.commands.find((c) => c.name() === 'company') ?? program.command('company').description('companies (tenants)');
  company
    .command('settings')
    .description("set a company's billing settings")
    .requiredOption('--company <id>', 'company id (cmp_…)')
    .option(
      '--invoice-grace-period <seconds>',
      'seconds a usage invoice stays DRAFT after its billing date for late events (default 3600; 0 = final at once)',
    )
    .option(
      '--payment-retry-days <days>',
      'comma-separated days after the first failed charge to retry it (default 1,3,5; empty = no retries)',
    )
    .option('--json', 'print one line of JSON')
    .action(async (opts: { company: string; invoiceGracePeriod?: string; paymentRetryDays?: string; json?: boolean }) => {
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
      const settings = await withApp(async (app) => {
        const rows:
          | [{ company_id: string; settings: Record<string, unknown> }[], number]
          | { company_id: string; settings: Record<string, unknown> }[] = await app
          .get(DataSource)
          .query(
            'UPDATE companies SET settings = settings || $2::jsonb, updated_at = now() WHERE company_id = $1 RETURNING company_id, settings',
            [opts.company, JSON.stringify(patch)],
          );
        const list = (Array.isArray(rows[0]) ? rows[0] : rows) as { company_id: string; settings: Record<string, unknown> }[];
        if (!list[0]) throw new BillingCliError(`company ${opts.company} not found`);
        return list[0].settings;
      });
      const grace = typeof settings.invoice_grace_period_seconds === 'number' ? settings.invoice_grace_period_seconds : 3600;
      const retries = Array.isArray(settings.payment_retry_days) ? settings.payment_retry_days : [1, 3, 5];
      print(
        !!opts.json,
        { company_id: opts.company, invoice_grace_period_seconds: grace, payment_retry_days: retries },
        `company ${opts.company}: invoice grace period ${grace} s, payment retries after ${retries.join(', ') || 'no'} days`,
      );
    });
}
