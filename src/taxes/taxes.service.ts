import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, QueryFailedError } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isCountryCode } from '../platform/hosted-pages/address';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { TaxEntity } from './tax.entity';
import { TaxesRepository } from './taxes.repository';
import type { CreateTaxDto, FindTaxesDto, UpdateTaxDto } from './dto/tax.dto';

const SEARCH: SearchSpec = {
  alias: 't',
  sortKeys: baseSortKeys('t'),
  filters: {
    code: { kind: 'exact', column: 't.code' },
    country: { kind: 'ci_exact', column: 't.country' },
    state: { kind: 'ci_exact', column: 't.state' },
    active: { kind: 'bool', column: 't.active' },
    search: { kind: 'search', columns: ['t.name', 't.code', 't.description'] },
  },
};

/** An `override_taxes` list as stored: the rates' ids. */
export type TaxOverride = { tax_id: string }[];

function codeTaken(code: string): DomainError {
  return new DomainError('duplicate_code', 'conflict', `a tax rate with code "${code}" already exists`, {
    code: 'is already used by another tax rate',
  });
}

function isCodeViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = (err as unknown as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && (driver.constraint === undefined || driver.constraint === 'taxes_code_key');
}

/** country upper-cased and checked; a state needs a country. */
function place(country: string | null, state: string | null): { country: string | null; state: string | null } {
  if (country !== null && !isCountryCode(country)) throw DomainError.invalidField('country', 'must be an ISO 3166-1 alpha-2 country code');
  if (state !== null && country === null) throw DomainError.invalidField('state', 'needs a country');
  return { country: country === null ? null : country.toUpperCase(), state };
}

@Injectable()
export class TaxesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly taxes: TaxesRepository,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateTaxDto): Promise<TaxEntity> {
    const now = this.clock.now();
    const row: TaxEntity = {
      company_id: companyId,
      id: newId('tax'),
      code: dto.code,
      name: dto.name,
      percentage: String(dto.percentage),
      inclusive: dto.inclusive ?? false,
      ...place(dto.country ?? null, dto.state ?? null),
      description: dto.description ?? null,
      active: dto.active ?? true,
      first_finalized_at: null,
      created_at: now,
      updated_at: now,
    };
    if (await this.taxes.exists(companyId, { code: row.code })) throw codeTaken(row.code);
    try {
      const { company_id: _c, ...insert } = row;
      void _c;
      await this.taxes.insert(companyId, insert);
    } catch (err) {
      if (isCodeViolation(err)) throw codeTaken(row.code);
      throw err;
    }
    return row;
  }

  /** A rate by id (tax_…) or by code; 404 (naming `field` when given) otherwise. */
  async get(companyId: string, ref: string, field?: string): Promise<TaxEntity> {
    const found = await this.taxes.findOne(companyId, isId('tax', ref) ? { id: ref } : { code: ref });
    if (!found) throw DomainError.notFound('tax rate', field);
    return found;
  }

  async update(companyId: string, ref: string, dto: UpdateTaxDto): Promise<TaxEntity> {
    const nulls = (['name', 'percentage', 'inclusive', 'active'] as const).filter((k) => dto[k] === null);
    if (nulls.length) throw DomainError.invalidField(nulls[0], 'must not be null');
    return this.dataSource.transaction(async (m) => {
      const repo = this.taxes.with(m);
      // read and locked on the transaction's own connection (a pool of one, as on the embedded database, has no other)
      const locked = await repo.findOneForUpdate(companyId, isId('tax', ref) ? { id: ref } : { code: ref });
      if (!locked) throw DomainError.notFound('tax rate');
      const next = {
        percentage: dto.percentage !== undefined ? String(dto.percentage) : locked.percentage,
        inclusive: dto.inclusive ?? locked.inclusive,
        ...place(dto.country !== undefined ? dto.country : locked.country, dto.state !== undefined ? dto.state : locked.state),
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) =>
        k === 'percentage' ? Number(next.percentage) !== Number(locked.percentage) : next[k] !== locked[k],
      );
      if (changed.length && locked.first_finalized_at) {
        throw DomainError.conflict(
          'tax_in_use',
          `${changed.join(', ')} of a tax rate on a finalized invoice cannot change: create a new rate (and deactivate this one)`,
        );
      }
      const patch: Partial<TaxEntity> = { ...next, updated_at: this.clock.now() };
      if (dto.name !== undefined) patch.name = dto.name;
      if (dto.description !== undefined) patch.description = dto.description;
      if (dto.active !== undefined) patch.active = dto.active;
      await repo.update(companyId, { id: locked.id }, patch);
      return { ...locked, ...patch };
    });
  }

  find(companyId: string, body: FindTaxesDto): Promise<SearchPage<TaxEntity>> {
    return runSearch(this.taxes.queryBuilder(companyId, 't'), body, SEARCH);
  }

  /**
   * An `override_taxes` list as given (ids or codes) → the rates' ids; `null` stays null
   * (automatic), `undefined` (absent) stays undefined. A rate not found is a 400 naming
   * `<field>[i].tax_id`.
   */
  async resolveOverride(
    companyId: string,
    list: { tax_id: string }[] | null | undefined,
    field: string,
  ): Promise<TaxOverride | null | undefined> {
    if (list === undefined || list === null) return list;
    const refs = [...new Set(list.map((x) => x.tax_id))];
    const rows = refs.length
      ? await this.taxes.find(companyId, { where: [{ id: In(refs.filter((r) => isId('tax', r))) }, { code: In(refs) }] })
      : [];
    const out: TaxOverride = [];
    list.forEach((x, i) => {
      const row = rows.find((r) => r.id === x.tax_id) ?? rows.find((r) => r.code === x.tax_id);
      if (!row) throw DomainError.invalidField(`${field}[${i}].tax_id`, `tax rate "${x.tax_id}" not found`);
      if (!out.some((o) => o.tax_id === row.id)) out.push({ tax_id: row.id });
    });
    return out;
  }

  /** Every rate of the company (the invoice's resolution picks from them), in the caller's transaction. */
  all(m: EntityManager, companyId: string): Promise<TaxEntity[]> {
    return this.taxes.with(m).find(companyId, { order: { created_at: 'ASC', id: 'ASC' } });
  }

  /**
   * Marks rates as on a finalized invoice: their percentage, inclusive and place are fixed from
   * then on. Happens once per rate: a rate marked already is only read (no row lock); the first
   * marking locks the rows in id order, so two transactions marking the same rates do not
   * deadlock.
   */
  async markFinalized(m: EntityManager, companyId: string, ids: string[], now: Date): Promise<void> {
    const wanted = [...new Set(ids)].sort();
    if (wanted.length === 0) return;
    const open: { id: string }[] = await m.query(
      `SELECT id FROM taxes WHERE company_id = $1 AND id = ANY($2::text[]) AND first_finalized_at IS NULL`,
      [companyId, wanted],
    );
    if (open.length === 0) return;
    await m.query(
      `UPDATE taxes t SET first_finalized_at = $3
       FROM (SELECT id FROM taxes WHERE company_id = $1 AND id = ANY($2::text[]) AND first_finalized_at IS NULL ORDER BY id FOR UPDATE) v
       WHERE t.company_id = $1 AND t.id = v.id`,
      [companyId, open.map((r) => r.id), now],
    );
  }
}
