import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import { isId, newId } from '../ids/ids';
import { ApiTokenEntity, CompanyEntity } from '../companies.entity';
import { Clock } from '../clock/clock';
import { CompanySeeders } from '../seeding/company-seeders';
import { prepared } from '../database/prepared';
import { generateToken, hashToken, parseToken, sameHash } from './token-format';
import { crossCompanyComment } from '../database/cross-company';

/**
 * How long an authenticated token is trusted without reading its row again: a token revoked on
 * any instance (API, command line) is refused by every instance within this bound
 * (docs/api.md, "Conventions"); the instance that revokes it forgets it at once.
 */
export const TOKEN_CACHE_TTL_MS = 2_000;
/** Entries kept at most; past it the cache starts over (live tokens are few; this bounds memory). */
const TOKEN_CACHE_MAX = 10_000;

interface CachedToken {
  companyId: string;
  tokenId: string;
  /** performance.now() past which the row is read again. */
  expires: number;
}

export interface TokenListing {
  token_id: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** Companies and their API tokens (issued by the command line; there is no sign-up route). */
@Injectable()
export class CompaniesService {
  /** SHA-256 of a live token → its company and id (never a token itself, never an unknown one). */
  private readonly tokenCache = new Map<string, CachedToken>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly seeders: CompanySeeders,
  ) {}

  /** The one way a company is made (CLI, demo, tests): the company, its standard records, its first token. */
  async createCompany(name: string, options: { demo?: boolean } = {}): Promise<{ company_id: string; token: string; token_id: string }> {
    if (!name || !name.trim()) throw DomainError.invalidField('name', 'must not be empty');
    return this.dataSource.transaction((m) => this.insertCompany(m, name.trim(), options.demo ?? false));
  }

  async findDemoCompany(): Promise<CompanyEntity | null> {
    return this.dataSource.manager.findOne(CompanyEntity, {
      where: { demo: true },
      order: { created_at: 'ASC' },
      comment: crossCompanyComment('demo-company'),
    });
  }

  /** Creates the demo company once, even with several instances starting together. */
  async ensureDemoCompany(): Promise<{ company_id: string; token: string | null; created: boolean }> {
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(727272)');
      const existing = await m.findOne(CompanyEntity, {
        where: { demo: true },
        order: { created_at: 'ASC' },
        comment: crossCompanyComment('demo-company'),
      });
      if (existing) return { company_id: existing.company_id, token: null, created: false };
      const { company_id, token } = await this.insertCompany(m, 'Demo company', true, 'demo');
      return { company_id, token, created: true };
    });
  }

  private async insertCompany(m: EntityManager, name: string, demo: boolean, tokenName = 'default') {
    const now = this.clock.now();
    const companyId = newId('company');
    await m.insert(CompanyEntity, { company_id: companyId, name, demo, settings: {}, created_at: now, updated_at: now });
    await this.seeders.seed(m, companyId, now);
    const { token, token_id } = await this.insertToken(m, companyId, tokenName);
    return { company_id: companyId, token, token_id };
  }

  /** Every company id, in order (operator tools such as the audit command). */
  async companyIds(): Promise<string[]> {
    const rows = await this.dataSource.manager.find(CompanyEntity, { select: { company_id: true }, order: { company_id: 'ASC' } });
    return rows.map((r) => r.company_id);
  }

  async companyExists(companyId: string): Promise<boolean> {
    if (!isId('company', companyId)) return false;
    return (await this.dataSource.manager.count(CompanyEntity, { where: { company_id: companyId } })) > 0;
  }

  async createToken(companyId: string, name: string | null = null): Promise<{ token_id: string; token: string }> {
    if (!(await this.companyExists(companyId))) throw DomainError.notFound('company');
    return this.dataSource.transaction((m) => this.insertToken(m, companyId, name));
  }

  private async insertToken(m: EntityManager, companyId: string, name: string | null) {
    const token = generateToken(companyId);
    const id = newId('token');
    await m.insert(ApiTokenEntity, {
      company_id: companyId,
      id,
      token_hash: hashToken(token),
      name,
      created_at: this.clock.now(),
      revoked_at: null,
    });
    return { token_id: id, token };
  }

  /** Revokes a token by its id (`key_…`); the company is found from the token row. */
  async revokeToken(tokenId: string): Promise<{ token_id: string; company_id: string; revoked_at: string }> {
    if (!isId('token', tokenId)) throw DomainError.notFound('token', 'token_id');
    // Token ids are unique across companies; the CLI is an operator tool that spans companies.
    const rows: ApiTokenEntity[] = await this.dataSource.manager.find(ApiTokenEntity, {
      where: { id: tokenId },
      comment: crossCompanyComment('token-admin'),
    });
    const row = rows[0];
    if (!row) throw DomainError.notFound('token', 'token_id');
    const now = this.clock.now();
    this.forgetToken(tokenId);
    await this.dataSource.manager.update(
      ApiTokenEntity,
      { company_id: row.company_id, id: tokenId, revoked_at: IsNull() },
      { revoked_at: now },
    );
    const after = await this.dataSource.manager.findOneOrFail(ApiTokenEntity, { where: { company_id: row.company_id, id: tokenId } });
    this.forgetToken(tokenId);
    return { token_id: tokenId, company_id: row.company_id, revoked_at: after.revoked_at!.toISOString() };
  }

  async listTokens(companyId: string): Promise<TokenListing[]> {
    if (!(await this.companyExists(companyId))) throw DomainError.notFound('company');
    const rows = await this.dataSource.manager.find(ApiTokenEntity, {
      where: { company_id: companyId },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({
      token_id: r.id,
      name: r.name,
      created_at: r.created_at.toISOString(),
      revoked_at: r.revoked_at ? r.revoked_at.toISOString() : null,
    }));
  }

  /**
   * The company of a live token, or null when the token is unknown, malformed or revoked. A live
   * token is remembered for TOKEN_CACHE_TTL_MS (by its hash), so a burst of requests reads its
   * row once; unknown and revoked tokens are never remembered.
   */
  async authenticate(token: string): Promise<{ companyId: string; tokenId: string } | null> {
    const parsed = parseToken(token);
    if (!parsed) return null;
    const hash = hashToken(token);
    const cached = this.tokenCache.get(hash);
    if (cached && cached.expires > performance.now()) return { companyId: cached.companyId, tokenId: cached.tokenId };
    const rows = await prepared<{ id: string; company_id: string; token_hash: string; revoked_at: Date | null }>(
      this.dataSource,
      'tally_auth_token',
      'SELECT id, company_id, token_hash, revoked_at FROM api_tokens WHERE company_id = $1 AND token_hash = $2',
      [parsed.companyId, hash],
    );
    const row = rows[0];
    if (!row || row.revoked_at || !sameHash(row.token_hash, hash)) {
      this.tokenCache.delete(hash);
      return null;
    }
    if (this.tokenCache.size >= TOKEN_CACHE_MAX) this.tokenCache.clear();
    this.tokenCache.set(hash, { companyId: row.company_id, tokenId: row.id, expires: performance.now() + TOKEN_CACHE_TTL_MS });
    return { companyId: row.company_id, tokenId: row.id };
  }

  private forgetToken(tokenId: string): void {
    for (const [hash, entry] of this.tokenCache) if (entry.tokenId === tokenId) this.tokenCache.delete(hash);
  }
}
