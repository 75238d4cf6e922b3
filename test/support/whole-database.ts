import { Client } from 'pg';
import type { CrossCompanyScan } from '../../src/platform/database/cross-company';
import { crossCompanyMarker } from './query-audit';
import { OutboxCompanies } from '../../src/platform/outbox/outbox-companies';

/**
 * Test files run two at a time on one database (jest workers). Most of them work inside the
 * companies they create and cannot see each other; their apps' outbox loops (webhook delivery,
 * mail delivery, card charges) take only those companies' rows (`outboxCompanies()`, given to
 * every app test/support/app.ts builds). A few run work over every company — a billing run with
 * no company list, a purge, the credits scheduler, instances started as processes of their own —
 * which would bill, charge or delete another file's rows at this file's clock. Such a file calls
 * `useWholeDatabase()` at its top level: it then runs alone. Every other e2e file holds a shared
 * PostgreSQL advisory lock for its duration (test/support/query-audit.setup.ts), the whole-database
 * file an exclusive one; PostgreSQL grants them in the order asked, so neither waits forever.
 *
 * The rule is checked, not trusted: a file that sends one of the scans below over every company
 * (no `company_id = ANY(...)` in the statement) without having called `useWholeDatabase()`
 * fails, naming the scan; WHOLE_DB_TRACE=1 prints the stack that sent it.
 */

/** Scans that find work of every company and then do it: billing, charging, delivering, expiring, purging. */
const ACTING_SCANS: readonly CrossCompanyScan[] = [
  'billing-run-due',
  'billing-run-finalize',
  'charge-dispatch',
  'refund-recovery',
  'credit-expiry',
  'usage-keys-purge',
  'usage-rollup-compaction',
  'invoice-link-backfill',
  'plan-uses-backfill',
  'idempotency-purge',
  'webhook-delivery',
  'mail-delivery',
  'webhook-event-purge',
];

/** The advisory lock's key (any constant shared by the test files). */
const LOCK_KEY = 0x7a11_7e57;
/** A file may wait this long for the other worker's file to end. */
export const LOCK_WAIT_MS = 15 * 60 * 1000;

let whole = false;
const unscoped = new Set<string>();
let client: Client | null = null;
/** The companies this file's test apps created. */
const fileCompanies = new Set<string>();

/** This file runs work over every company (a global billing run, a delivery worker): it runs alone. */
export function useWholeDatabase(): void {
  whole = true;
}

/** A company this file created (test/support/app.ts, as `tenant()` makes one). */
export function noteCompany(companyId: string): void {
  fileCompanies.add(companyId);
}

/**
 * Whose outbox rows this file's apps take: the companies it creates, so that its delivery
 * workers and charge runs never take another file's rows (and it need not run alone for them);
 * every company's after useWholeDatabase().
 */
export function outboxCompanies(): OutboxCompanies {
  return whole ? OutboxCompanies.every() : OutboxCompanies.only(fileCompanies);
}

/** Notes a statement the service sends: an acting scan over every company, by a file that did not call useWholeDatabase(). */
export function noteStatement(text: string): void {
  if (whole) return;
  const scan = crossCompanyMarker(text);
  if (!scan || !(ACTING_SCANS as readonly string[]).includes(scan)) return;
  // a scan given a list of companies (BillingRunOptions.companyIds and the like) stays within them
  if (/company_id\s*=\s*ANY\s*\(/i.test(text)) return;
  if (process.env.WHOLE_DB_TRACE) process.stderr.write(`${scan}: ${new Error().stack}\n`);
  unscoped.add(scan);
}

/** The advisory lock of this file: shared, or exclusive after useWholeDatabase(). Not on the embedded database (one connection, one worker). */
export async function takeLock(): Promise<void> {
  if (process.env.TALLY_TEST_EMBEDDED === '1') return;
  client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(whole ? 'SELECT pg_advisory_lock($1)' : 'SELECT pg_advisory_lock_shared($1)', [LOCK_KEY]);
}

export async function releaseLock(): Promise<void> {
  const c = client;
  client = null;
  if (c) await c.end();
}

/** The acting scans over every company this file sent without useWholeDatabase(), then forgotten. */
export function takeUnscoped(): string[] {
  const out = [...unscoped];
  unscoped.clear();
  return out;
}
