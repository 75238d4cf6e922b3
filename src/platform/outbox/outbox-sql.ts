import type { DataSource } from 'typeorm';
import type { Clock } from '../clock/clock';
import { crossCompany } from '../database/cross-company';
import type { OutboxClaim, OutboxOptions } from './outbox-options';

/**
 * The statements of an outbox (OutboxLoop keeps the places and runs): the due condition, the
 * scans across companies (a company list in the SQL only when there is one, so a scan over every
 * company shows as one) and the claim. Table and column names are the owner's constants, checked
 * to be plain identifiers; everything else is a parameter.
 */
export class OutboxSql<R> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly options: OutboxOptions<R>,
  ) {
    for (const name of [options.table, options.dueColumn ?? 'next_attempt_at'])
      if (!/^[a-z_]+$/.test(name)) throw new Error(`outbox name ${name} is not a plain identifier`);
  }

  /** The lease of a claim made at `at`: from `at` or the clock's now, whichever is later (a run may be at a past instant). */
  leaseFrom(at: Date): Date {
    return new Date(Math.max(at.getTime(), this.clock.now().getTime()) + this.options.leaseMs);
  }

  /** The waiting condition at placeholder `at`, the lease condition included. */
  dueWhere(at: string, status: string): string {
    const { due } = this.options;
    const waiting = due ? `(${due(at, status)})` : `status = ${status} AND next_attempt_at <= ${at}`;
    return `${waiting} AND (lease_until IS NULL OR lease_until <= ${at})`;
  }

  /** The company condition of a scan: none for every company (the statement then says so: no list in it). */
  static scoped(companyIds: readonly string[] | undefined, param: string): string {
    return companyIds ? ` AND company_id = ANY(${param})` : '';
  }

  /** The rows due at `at` (a drain's bound). */
  async countDue(at: Date, companyIds?: readonly string[]): Promise<number> {
    const { table, pendingStatus, scan } = this.options;
    const [row]: { n: number }[] = await this.dataSource.query(
      `${crossCompany(scan)}SELECT count(*)::int AS n FROM ${table}
        WHERE ${this.dueWhere('$1', '$2')}${OutboxSql.scoped(companyIds, '$3')}`,
      companyIds ? [at, pendingStatus, companyIds] : [at, pendingStatus],
    );
    return row.n;
  }

  /** One statement: up to `limit` due rows of the company (or the row `id`), counted and leased. */
  async claimIn(companyId: string, at: Date, limit: number, id?: string): Promise<OutboxClaim[]> {
    const { table, pendingStatus } = this.options;
    const column = this.options.dueColumn ?? 'next_attempt_at';
    const result: unknown[] = await this.dataSource.query(
      // the CTE runs once: a subquery in FROM may be rescanned by the join, and each rescan
      // (ties in the due time, rows skipped as locked) can pick other rows, passing LIMIT
      `WITH due AS (
         SELECT id FROM ${table}
          WHERE company_id = $1 AND ${this.dueWhere('$2', '$5')} AND ($6::text IS NULL OR id = $6)
          ORDER BY ${column}, id
          LIMIT $4
          FOR UPDATE SKIP LOCKED)
       UPDATE ${table} d
          SET attempts = d.attempts + 1, lease_until = $3, last_attempt_at = $2, updated_at = $2
         FROM due
        WHERE d.company_id = $1 AND d.id = due.id
      RETURNING d.company_id, d.id, d.attempts, d.lease_until, d.last_attempt_at AS at`,
      [companyId, at, this.leaseFrom(at), limit, pendingStatus, id ?? null],
    );
    // pg answers RETURNING of an UPDATE as [rows, count]
    const rows = (Array.isArray(result[0]) ? result[0] : result) as OutboxClaim[];
    return rows.map((r) => ({ ...r, lease_until: new Date(r.lease_until), at: new Date(r.at) }));
  }

  /** The companies with rows due at `at`, the oldest due first, at most `limit`. */
  async dueCompanies(at: Date, limit: number, companyIds: readonly string[] | undefined): Promise<string[]> {
    const { table, pendingStatus, scan } = this.options;
    const column = this.options.dueColumn ?? 'next_attempt_at';
    const rows: { company_id: string }[] = await this.dataSource.query(
      `${crossCompany(scan)}SELECT company_id FROM ${table}
        WHERE ${this.dueWhere('$1', '$3')}${OutboxSql.scoped(companyIds, '$4')}
        GROUP BY company_id
        ORDER BY min(${column}), company_id
        LIMIT $2`,
      [at, limit, pendingStatus, ...(companyIds ? [companyIds] : [])],
    );
    return rows.map((r) => r.company_id);
  }
}
