import { Client } from 'pg';
import type { CrossCompanyScan } from '../../src/platform/database/cross-company';
import { crossCompanyMarker } from './query-audit';

/**
 * Test files run two at a time on one database (jest workers). Most of them work inside the
 * companies they create and cannot see each other. A few run work over every company — a
 * billing run with no company list, a webhook delivery worker, a charge dispatch — which would
 * bill, charge or deliver another file's companies at this file's clock. Such a file calls
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

/** This file runs work over every company (a global billing run, a delivery worker): it runs alone. */
export function useWholeDatabase(): void {
  whole = true;
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

/**
 * Mail that earlier files queued and never sent: their apps run without a mail worker, so it waits
 * in the outbox. A file that starts a worker would send all of it, due at its own clock, to its own
 * SMTP server, and wait on it. Such a file runs alone (useWholeDatabase) after those files ended:
 * it calls this before creating its app, which marks that mail SAVED (a state the worker leaves
 * alone). On the embedded database, where files run one at a time on one connection, it does
 * nothing.
 */
export async function setAsideEarlierMail(): Promise<void> {
  if (process.env.TALLY_TEST_EMBEDDED === '1') return;
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query("UPDATE notifications SET status = 'SAVED' WHERE status = 'QUEUED'");
  } finally {
    await c.end();
  }
}
