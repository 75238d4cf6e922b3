import { appendFileSync, existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { Client } from 'pg';
import { auditStatement, ready } from './query-audit';
import { LOCK_WAIT_MS, noteStatement, releaseLock, takeLock, takeUnscoped } from './whole-database';

/**
 * Records every SQL statement the service sends during a test file (statements sent by the test
 * code itself, to look at the database, are left out: only those with service code on the stack),
 * and fails the file when one touching a tenant table is not pinned to one company — see
 * query-audit.ts. QUERY_AUDIT=report writes the problems to the file named by QUERY_AUDIT_OUT
 * instead of failing (to survey them).
 * It also holds the file's lock on the database (whole-database.ts): shared, or exclusive for a
 * file that runs work over every company, and fails a file that does so without saying it.
 */
const statements = new Set<string>();
const SERVICE_SOURCE = resolve(__dirname, '../../src') + sep;

const isServiceFile = new Map<string, boolean>();
/** A file of this repository's src/ (TypeORM's source maps also name files under "src/": they do not exist here). */
function serviceFile(file: string): boolean {
  let known = isServiceFile.get(file);
  if (known === undefined) {
    known = file.startsWith(SERVICE_SOURCE) && existsSync(file);
    isServiceFile.set(file, known);
  }
  return known;
}

/** Whether service code is on the stack (deep: TypeORM's own frames come first). */
function fromService(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    const stack = new Error().stack ?? '';
    for (const m of stack.matchAll(/\(?([^\s()]+\.ts):\d+:\d+\)?$/gm)) if (serviceFile(m[1])) return true;
    return false;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

type QueryFn = (...args: unknown[]) => unknown;
const proto = Client.prototype as unknown as { query: QueryFn; __audited?: boolean };
if (!proto.__audited) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text && !statements.has(text) && fromService()) {
      statements.add(text);
      noteStatement(text);
    }
    return original.apply(this, args);
  };
  proto.__audited = true;
}

async function tenantTables(): Promise<Set<string>> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id'`,
    );
    return new Set(rows.map((r) => r.table_name));
  } finally {
    await client.end();
  }
}

beforeAll(() => takeLock(), LOCK_WAIT_MS);

afterAll(async () => {
  await releaseLock();
  const unscoped = takeUnscoped();
  if (unscoped.length)
    throw new Error(
      `this file runs work over every company (${unscoped.join(', ')}) without useWholeDatabase() ` +
        '(test/support/whole-database.ts): it would act on the companies of the file running beside it',
    );
});

afterAll(async () => {
  if (statements.size === 0) return;
  await ready;
  const tenant = await tenantTables();
  const problems: string[] = [];
  for (const sql of statements) {
    for (const p of auditStatement(sql, tenant)) problems.push(`${p}\n    ${sql.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  statements.clear();
  if (problems.length === 0) return;
  if (process.env.QUERY_AUDIT === 'report') {
    appendFileSync(process.env.QUERY_AUDIT_OUT ?? 'query-audit.txt', `${expect.getState().testPath}\n${problems.join('\n')}\n`);
    return;
  }
  throw new Error(`statements not routable to one company (query audit):\n${problems.join('\n')}`);
});
