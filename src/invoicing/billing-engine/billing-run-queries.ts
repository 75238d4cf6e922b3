/**
 * The billing run's cross-company reads: the subscriptions with work at an instant and the
 * drafts due for finalization (the only statements of the engine not pinned to one company).
 */
import type { DataSource } from 'typeorm';
import { crossCompany } from '../../platform/database/cross-company';

/** Subscriptions with work at `at` (of `among` only, when given): never seen, changed since last seen, or next work due. */
export async function runCandidates(
  dataSource: DataSource,
  at: Date,
  companyIds?: string[],
  among?: { company_id: string; id: string }[],
): Promise<{ company_id: string; id: string }[]> {
  const params: unknown[] = [at];
  let scope = '';
  if (companyIds) {
    if (companyIds.length === 0) return [];
    params.push(companyIds);
    scope = `AND s.company_id = ANY($${params.length})`;
  }
  if (among) {
    params.push(
      among.map((c) => c.company_id),
      among.map((c) => c.id),
    );
    scope += ` AND (s.company_id, s.id) IN (SELECT * FROM unnest($${params.length - 1}::text[], $${params.length}::text[]))`;
  }
  return dataSource.query(
    `${crossCompany('billing-run-due')}SELECT s.company_id, s.id FROM subscriptions s
     LEFT JOIN billing_cursors c ON c.company_id = s.company_id AND c.subscription_id = s.id
     WHERE (c.subscription_id IS NULL OR c.seen_updated_at <> s.updated_at OR c.next_work_at <= $1) ${scope}
     ORDER BY s.company_id, s.id`,
    params,
  );
}

/**
 * The parameters of a scan at `at` ($1), within `companyIds` when given ($2, and `scope` to add to
 * the WHERE); null when the list is empty (nothing to scan).
 */
export function atAndCompanies(at: Date, companyIds?: string[]): { params: unknown[]; scope: string } | null {
  if (!companyIds) return { params: [at], scope: '' };
  if (companyIds.length === 0) return null;
  return { params: [at, companyIds], scope: 'AND company_id = ANY($2)' };
}

/** Drafts whose grace period has passed at `at`. */
export async function dueDrafts(dataSource: DataSource, at: Date, companyIds?: string[]): Promise<{ company_id: string; id: string }[]> {
  const scoped = atAndCompanies(at, companyIds);
  if (!scoped) return [];
  const { params, scope } = scoped;
  return dataSource.query(
    `${crossCompany('billing-run-finalize')}SELECT company_id, id FROM invoices WHERE status = 'DRAFT' AND finalize_after IS NOT NULL AND finalize_after <= $1 ${scope} ORDER BY company_id, finalize_after, id`,
    params,
  );
}
