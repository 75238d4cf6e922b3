import type { Command } from 'commander';
import { AuditService } from '../audit/audit.service';
import { withApp } from './app-context';

/** Ends the command with this exit code, after it printed its own answer (runCli returns it). */
export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * `audit [--company <id>] [--json]` (registered by src/cli/main.ts): the reconciliation of every
 * company's invoices, payments and credits (AuditService). Prints each violation (with --json
 * exactly one line `{ok, violations: [{company_id, kind, id, message}]}`) and exits 1 when there
 * is one, 0 when the books add up.
 */
export function registerAuditCommands(program: Command): void {
  program
    .command('audit')
    .description('reconcile invoices, payments and credits (exit 1 when something does not add up)')
    .option('--company <id>', 'only this company (cmp_…); every company by default')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { company?: string; json?: boolean }) => {
      const report = await withApp((app) => app.get(AuditService).run({ companyId: opts.company }));
      if (opts.json) process.stdout.write(`${JSON.stringify(report)}\n`);
      else {
        const lines = report.violations.map((v) => `${v.company_id}  ${v.kind}  ${v.id}  ${v.message}`);
        lines.push(report.ok ? 'audit: no violations' : `audit: ${report.violations.length} violation(s)`);
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (!report.ok) throw new CliExit(1);
    });
}
