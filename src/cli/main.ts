import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { withApp } from './app-context';
import { loadConfig } from '../platform/config/config';
import { prepareDatabase } from '../platform/database/connect';
import { TALLY_SCHEMA } from '../schema';
import { CompaniesService } from '../platform/auth/companies.service';
import { DomainError } from '../platform/errors/domain-error';
import { CliExit, registerAuditCommands } from './audit.command';
import { registerBillingCommands } from './billing.command';
import { registerOpenApiCommand } from './openapi.command';
import { registerSchemaCommands } from './schema.command';

/**
 * `npm run cli -- <command>`: companies, tokens and migrations, against the database the
 * service would use (DATABASE_URL, or the embedded one — through the running service's socket
 * when it is up). With --json a command prints exactly one line of JSON on stdout (through npm:
 * `npm run -s cli`, since npm prints the script's name first unless silenced).
 */
type Output = { json: boolean };

class CliError extends Error {}

function print(out: Output, json: unknown, human: string): void {
  process.stdout.write(out.json ? `${JSON.stringify(json)}\n` : `${human}\n`);
}

export function buildProgram(): Command {
  const program = new Command('tally')
    .description('Tally command line')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError();

  const company = program.command('company').description('companies (tenants)');
  company
    .command('create')
    .description('create a company and its first API token')
    .requiredOption('--name <name>', 'company name')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { name: string; json?: boolean }) => {
      if (!opts.name.trim()) throw new CliError('--name must not be empty');
      const created = await withApp((app) => app.get(CompaniesService).createCompany(opts.name));
      print(
        { json: !!opts.json },
        { company_id: created.company_id, token: created.token, token_id: created.token_id },
        `company ${created.company_id} created\ntoken (shown once): ${created.token}`,
      );
    });

  const token = program.command('token').description('API tokens');
  token
    .command('create')
    .description('issue a new API token for a company')
    .requiredOption('--company <id>', 'company id (cmp_…)')
    .option('--name <name>', 'a label for the token')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { company: string; name?: string; json?: boolean }) => {
      const created = await withApp((app) => app.get(CompaniesService).createToken(opts.company, opts.name ?? null));
      print({ json: !!opts.json }, created, `token ${created.token_id} (shown once): ${created.token}`);
    });
  token
    .command('revoke')
    .description('revoke an API token')
    .requiredOption('--token-id <id>', 'token id (key_…)')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { tokenId: string; json?: boolean }) => {
      const revoked = await withApp((app) => app.get(CompaniesService).revokeToken(opts.tokenId));
      print({ json: !!opts.json }, revoked, `token ${revoked.token_id} revoked at ${revoked.revoked_at}`);
    });
  token
    .command('list')
    .description("list a company's API tokens (never the secrets)")
    .requiredOption('--company <id>', 'company id (cmp_…)')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { company: string; json?: boolean }) => {
      const tokens = await withApp((app) => app.get(CompaniesService).listTokens(opts.company));
      print(
        { json: !!opts.json },
        { company_id: opts.company, tokens },
        tokens
          .map((t) => `${t.token_id}  ${t.name ?? '-'}  created ${t.created_at}  ${t.revoked_at ? `revoked ${t.revoked_at}` : 'active'}`)
          .join('\n') || '(no tokens)',
      );
    });

  const migration = program.command('migration').description('database schema');
  migration
    .command('run')
    .description('apply pending migrations')
    .option('--json', 'print one line of JSON')
    .action(async (opts: { json?: boolean }) => {
      const config = loadConfig();
      const db = await prepareDatabase(config, TALLY_SCHEMA);
      await db.stop();
      print(
        { json: !!opts.json },
        { applied: db.applied },
        db.applied.length ? `applied: ${db.applied.join(', ')}` : 'no pending migrations',
      );
    });

  registerBillingCommands(program);
  registerAuditCommands(program);
  registerOpenApiCommand(program);
  registerSchemaCommands(program);
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CliExit) return err.code;
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof DomainError || err instanceof CliError) {
      process.stderr.write(`error: ${err.message}\n`);
      return 1;
    }
    process.stderr.write(`error: ${(err as Error).message}\n`);
    return 1;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`error: ${err.message}\n`);
      process.exit(1);
    },
  );
}
