import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { updateLabels } from './labels-update';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { BillableItemEntity } from './billable-item.entity';
import { BillableItemsRepository } from './metrics.repository';
import type { CreateBillableItemDto, FindBillableItemsDto, UpdateBillableItemDto } from './dto/metrics.dto';

const SEARCH: SearchSpec = {
  alias: 'i',
  sortKeys: baseSortKeys('i'),
  filters: {
    external_name: { kind: 'exact', column: 'i.external_name' },
    name: { kind: 'exact', column: 'i.name' },
    state: { kind: 'ci_exact', column: 'i.state' },
    type: { kind: 'ci_exact', column: 'i.type' },
  },
};

@Injectable()
export class BillableItemsService {
  constructor(
    private readonly items: BillableItemsRepository,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateBillableItemDto): Promise<BillableItemEntity> {
    const now = this.clock.now();
    const row: Omit<BillableItemEntity, 'company_id'> = {
      id: newId('billableItem'),
      name: dto.name,
      external_name: dto.external_name ?? null,
      description: dto.description ?? null,
      display_type: dto.display_type ?? 'UNITS',
      type: dto.type,
      standard: false,
      editable: true,
      state: 'ACTIVE',
      created_at: now,
      updated_at: now,
      metrics_version: 0,
    };
    await this.items.insert(companyId, row);
    return { ...row, company_id: companyId };
  }

  async get(companyId: string, id: string, field?: string): Promise<BillableItemEntity> {
    if (!isId('billableItem', id)) throw DomainError.notFound('billable item', field);
    return this.items.findOneOrFail(companyId, { id }, () => DomainError.notFound('billable item', field));
  }

  /** Many at once, keyed by id (no N+1); unknown or malformed ids are simply absent. */
  async getMany(companyId: string, ids: string[]): Promise<Map<string, BillableItemEntity>> {
    const unique = [...new Set(ids)].filter((id) => isId('billableItem', id));
    if (unique.length === 0) return new Map();
    const rows = await this.items.find(companyId, { where: { id: In(unique) } });
    return new Map(rows.map((r) => [r.id, r]));
  }

  async update(companyId: string, id: string, dto: UpdateBillableItemDto): Promise<BillableItemEntity> {
    const current = await this.get(companyId, id);
    return updateLabels(this.items, current, dto, this.clock.now(), 'License item');
  }

  find(companyId: string, body: FindBillableItemsDto): Promise<SearchPage<BillableItemEntity>> {
    return runSearch(this.items.queryBuilder(companyId, 'i'), body, SEARCH);
  }
}
