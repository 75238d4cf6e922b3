import type { Command } from 'commander';
import { DataSource } from 'typeorm';
import { citusDdl, readCitusPlan } from '../platform/database/citus-plan';
import { withApp } from './app-context';
import { CliExit } from './audit.command';

/**
 * `schema citus [--json]`: the Citus distribution plan of the live schema (the database the service
 * would use, migrations applied): `create_distributed_table` by company_id for every tenant table,
 * colocated with companies, and `create_reference_table` for the rest. Exit 1 (problems on stderr)
 * when a key or foreign key would stop Citus from distributing a table.
 */
export function registerSchemaCommands(program: Command): void {
  const schema = program.command('schema').description('the database schema');
  schema
    .command('citus')
    .description('print the Citus DDL that distributes the live schema by company_id')
    .option('--json', 'print one line of JSON: {distributed, reference, problems}')
    .action(async (opts: { json?: boolean }) => {
      const plan = await withApp((app) => readCitusPlan(app.get(DataSource)));
      process.stdout.write(opts.json ? `${JSON.stringify(plan)}\n` : citusDdl(plan));
      if (plan.problems.length) {
        process.stderr.write(plan.problems.map((p) => `problem: ${p}\n`).join(''));
        throw new CliExit(1);
      }
    });
}
