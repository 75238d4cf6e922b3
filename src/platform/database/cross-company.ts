/**
 * The statements allowed to read or write several companies at once, in one place. Everything else
 * pins company_id to one value, so on Citus every other statement is routed to one shard (the
 * query audit of the e2e suite, test/support/query-audit.ts, checks every statement the service
 * sends). Each is a scan that finds work; the work itself then runs inside one company.
 * A raw statement starts with `crossCompany('<name>')`; a TypeORM one passes
 * `crossCompanyComment('<name>')` as its `comment`.
 */
export const CROSS_COMPANY_SCANS = {
  'billing-run-due': 'subscriptions due for billing; each batch is then billed in a transaction of one company',
  'usage-thresholds': 'subscriptions with usage thresholds (a partial index); each batch is then checked in a transaction of one company',
  'billing-run-finalize': 'drafts whose grace period has ended; each is finalized in its own company',
  'billing-run-rollups': "parents' roll-up dates that have passed with children's invoices to gather; each is gathered in its own company",
  'charge-dispatch': 'due payment attempts (the charge outbox); each is claimed and charged in its company',
  'refund-recovery': 'refunds left pending by a request that died; each is sent again in its company',
  'credit-expiry': 'companies with credits past their expiration date; each company is expired on its own',
  'usage-keys-purge': "the companies, to delete each one's expired usage de-duplication keys in batches of its own",
  'usage-rollup-compaction': "the companies, to merge each one's usage rollup rows in batches of its own",
  'invoice-link-backfill': 'the companies, once (a migration), to give the final invoices of each one without a link its secret',
  'plan-uses-backfill': "the companies, once (a migration), to fill each one's rows that num_subs counts from its subscriptions' phases",
  'idempotency-purge': 'idempotency keys past their retention, deleted in bounded batches',
  'standard-items-backfill': 'companies still missing their standard billable items, seeded one company at a time',
  'webhook-delivery': "companies with webhook deliveries due; each company's deliveries are then claimed by one statement",
  'mail-delivery': "companies with e-mail due (the notifications outbox); each company's messages are then claimed by one statement",
  'campaign-start': "the companies that set dunning_steps, to start each one's campaigns of invoices past due",
  'campaign-steps': "the campaigns with a step due; each campaign's step then runs in a transaction of its own company",
  'webhook-event-purge': "the companies, to delete each one's webhook events past 30 days in batches of its own",
  'outbox-depth': 'how many rows every outbox holds and how late its oldest due one is, counted for GET /metrics (no rows read)',
  'demo-company': 'the demo company, found at start (one row)',
  'page-key': 'the key hosted page links are derived from, generated once and read at start (one row, no company)',
  'page-secret-hash': 'the companies, once (a migration), to replace the plaintext page secrets of each one by their hashes',
  'token-admin': 'the command line revokes a token by its id, whatever its company (operator tool)',
} as const satisfies Record<string, string>;

export type CrossCompanyScan = keyof typeof CROSS_COMPANY_SCANS;

/** The text of the SQL comment that marks a statement as one of the listed cross-company scans. */
export function crossCompanyComment(name: CrossCompanyScan): string {
  return `cross-company:${name}`;
}

/** The SQL comment to start a raw statement with. */
export function crossCompany(name: CrossCompanyScan): string {
  return `/* ${crossCompanyComment(name)} */ `;
}

/**
 * The ids of the companies a housekeeping job goes through one at a time: `only` when given
 * (tests), else every company, read by the listed scan `name`. `query` is a data source's or a
 * query runner's.
 */
export async function companiesToVisit(
  query: (sql: string) => Promise<{ company_id: string }[]>,
  name: CrossCompanyScan,
  only?: string[],
): Promise<string[]> {
  if (only) return only;
  return (await query(`${crossCompany(name)}SELECT company_id FROM companies ORDER BY company_id`)).map((r) => r.company_id);
}
