import { Injectable } from '@nestjs/common';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { EntitlementEntity } from './entitlement.entity';
import { EntitlementsRepository } from './entitlements.repository';
import { checkEntitlementDefinition } from './entitlements.rules';
import type { CreateEntitlementDto, FindEntitlementsDto, UpdateEntitlementDto } from './dto/entitlement.dto';

const SEARCH: SearchSpec = {
  alias: 'e',
  sortKeys: baseSortKeys('e'),
  filters: {
    aggregator_type: { kind: 'exact', column: 'e.aggregator_type' },
    key: { kind: 'exact', column: 'e.key' },
    name: { kind: 'exact', column: 'e.name' },
    type: { kind: 'exact', column: 'e.type' },
    search: { kind: 'search', columns: ['e.key', 'e.name'] },
  },
};

@Injectable()
export class EntitlementsService {
  constructor(
    private readonly entitlements: EntitlementsRepository,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateEntitlementDto): Promise<EntitlementEntity> {
    const possible = dto.type === 'ENUM' ? (dto.possible_values ?? []) : (dto.possible_values ?? null);
    checkEntitlementDefinition({ type: dto.type, aggregator_type: dto.aggregator_type, possible_values: possible });
    if (await this.entitlements.exists(companyId, { key: dto.key })) {
      throw new DomainError('duplicate_key', 'conflict', `an entitlement with key "${dto.key}" already exists`, {
        key: 'is already used by another entitlement',
      });
    }
    const now = this.clock.now();
    const row: Omit<EntitlementEntity, 'company_id'> = {
      id: newId('entitlement'),
      key: dto.key,
      name: dto.name,
      type: dto.type,
      aggregator_type: dto.aggregator_type,
      adjust_for_quantity: dto.adjust_for_quantity ?? false,
      possible_values: dto.type === 'ENUM' ? possible : null,
      created_at: now,
      updated_at: now,
    };
    await this.entitlements.insert(companyId, row); // a concurrent twin fails on the unique key → 409
    return { ...row, company_id: companyId };
  }

  async get(companyId: string, id: string): Promise<EntitlementEntity> {
    if (!isId('entitlement', id)) throw DomainError.notFound('entitlement');
    return this.entitlements.findOneOrFail(companyId, { id }, () => DomainError.notFound('entitlement'));
  }

  /** Many at once (for assignments on products, pricings and subscriptions). */
  async getMany(companyId: string, ids: string[]): Promise<Map<string, EntitlementEntity>> {
    const unique = [...new Set(ids)].filter((id) => isId('entitlement', id));
    if (unique.length === 0) return new Map();
    const rows = await this.entitlements.queryBuilder(companyId, 'e').andWhere('e.id IN (:...ids)', { ids: unique }).getMany();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async update(companyId: string, id: string, dto: UpdateEntitlementDto): Promise<EntitlementEntity> {
    const current = await this.get(companyId, id);
    const next: EntitlementEntity = {
      ...current,
      name: dto.name ?? current.name,
      aggregator_type: dto.aggregator_type ?? current.aggregator_type,
      adjust_for_quantity: dto.adjust_for_quantity ?? current.adjust_for_quantity,
      possible_values: dto.possible_values !== undefined ? dto.possible_values : current.possible_values,
      updated_at: this.clock.now(),
    };
    if (next.type !== 'ENUM' && next.possible_values && next.possible_values.length === 0) next.possible_values = null;
    checkEntitlementDefinition(next);
    await this.entitlements.update(
      companyId,
      { id },
      {
        name: next.name,
        aggregator_type: next.aggregator_type,
        adjust_for_quantity: next.adjust_for_quantity,
        possible_values: next.possible_values,
        updated_at: next.updated_at,
      },
    );
    return next;
  }

  find(companyId: string, body: FindEntitlementsDto): Promise<SearchPage<EntitlementEntity>> {
    return runSearch(this.entitlements.queryBuilder(companyId, 'e'), body, SEARCH);
  }
}
