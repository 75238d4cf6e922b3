import { Injectable, Logger } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { createHash } from 'node:crypto';
import { Clock } from '../clock/clock';
import { IdempotencyKeyEntity } from '../companies.entity';
import { crossCompanyComment } from '../database/cross-company';

export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3600 * 1000;
/**
 * A "running" key older than this belongs to a request whose process died before any of its
 * transactions committed (a commit turns the key `committed` in the same transaction, see
 * `IdempotencySettler`); it may be taken over.
 */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000;
const STORE_ATTEMPTS = 3;

export type ClaimResult =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'in_use' } | { kind: 'unsettled' } | { kind: 'reused' };

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/** Idempotency keys, kept in PostgreSQL so every instance of the service sees them. */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Atomically claims the key for this request, or says what to answer instead. */
  async claim(companyId: string, key: string, fingerprint: string): Promise<ClaimResult> {
    const now = this.clock.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys (company_id, key, request_hash, state, created_at, expires_at)
         VALUES ($1, $2, $3, 'running', $4, $5)
         ON CONFLICT (company_id, key) DO NOTHING
         RETURNING key`,
        [companyId, key, fingerprint, now, new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS)],
      );
      if (inserted.length === 1) return { kind: 'claimed' };
      const row = await this.dataSource.manager.findOne(IdempotencyKeyEntity, { where: { company_id: companyId, key } });
      if (!row) continue; // released meanwhile: try again
      const expired = row.expires_at.getTime() <= now.getTime();
      const abandoned = row.state === 'running' && now.getTime() - row.created_at.getTime() > IDEMPOTENCY_ABANDONED_MS;
      if (expired || abandoned) {
        // Take it over only if nobody else did in between (conditional delete, then retry the insert).
        await this.dataSource.manager.delete(IdempotencyKeyEntity, {
          company_id: companyId,
          key,
          created_at: row.created_at,
        });
        continue;
      }
      if (row.request_hash !== fingerprint) return { kind: 'reused' };
      if (row.state === 'running') return { kind: 'in_use' };
      // committed, answer not stored yet: still being answered, or its process died after the commit
      if (row.state === 'committed')
        return now.getTime() - row.created_at.getTime() > IDEMPOTENCY_ABANDONED_MS ? { kind: 'unsettled' } : { kind: 'in_use' };
      if (row.state === 'unsettled') return { kind: 'unsettled' };
      return { kind: 'replay', status: row.response_status!, body: row.response_body };
    }
    return { kind: 'in_use' };
  }

  /**
   * Stores the answer of a request: over `running` (nothing committed) or `committed` (its
   * effect committed together with that state).
   */
  async complete(companyId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.manager.update(
      IdempotencyKeyEntity,
      { company_id: companyId, key, state: In(['running', 'committed']) },
      { state: 'done', response_status: status, response_body: (body === undefined ? null : body) as never },
    );
  }

  /**
   * Stores the answer of a request whose writes are committed (a few attempts). When it cannot
   * be stored, the key is marked `unsettled` (never released, never taken over) so that a retry
   * cannot run the operation twice; if even that fails the key stays `committed` (a retry gets
   * `idempotency_key_in_use`, then `idempotency_key_unsettled`). The caller still gets its
   * answer: the operation did happen.
   */
  async completeAfterCommit(companyId: string, key: string, status: number, body: unknown): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
      try {
        await this.complete(companyId, key, status, body);
        return;
      } catch (err) {
        lastError = err;
        if (attempt + 1 < STORE_ATTEMPTS) await new Promise((r) => setTimeout(r, 25 * 4 ** attempt));
      }
    }
    this.logger.error(
      { err: { message: (lastError as Error)?.message }, company_id: companyId },
      'could not store an idempotent answer; the key is kept as unsettled',
    );
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
      try {
        await this.dataSource.manager.update(
          IdempotencyKeyEntity,
          { company_id: companyId, key, state: In(['running', 'committed']) },
          { state: 'unsettled' },
        );
        return;
      } catch {
        if (attempt + 1 < STORE_ATTEMPTS) await new Promise((r) => setTimeout(r, 25 * 4 ** attempt));
      }
    }
  }

  /**
   * Forgets a key whose request failed with a 5xx, so a retry can run. A key that one of the
   * request's transactions committed (`committed`) is kept: part of the work happened, and a
   * retry must not do it again. It reads `unsettled` then, like an answer that could not be stored.
   */
  async release(companyId: string, key: string): Promise<void> {
    const released = await this.dataSource.manager.delete(IdempotencyKeyEntity, { company_id: companyId, key, state: 'running' });
    if (released.affected) return;
    await this.dataSource.manager.update(IdempotencyKeyEntity, { company_id: companyId, key, state: 'committed' }, { state: 'unsettled' });
  }

  /** Deletes keys past their 7-day retention; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(IdempotencyKeyEntity)
      .where('expires_at < :now', { now: this.clock.now() })
      .comment(crossCompanyComment('idempotency-purge'))
      .execute();
    return result.affected ?? 0;
  }
}
