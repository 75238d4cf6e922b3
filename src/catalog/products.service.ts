import { tagsFilter } from './tags-filter';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { EntitlementAssignmentsService } from '../entitlements/assignments/assignments.service';
import { ProductEntity } from './catalog.entity';
import { ProductsRepository } from './catalog.repository';
import type { CreateProductDto, FindProductsDto, UpdateProductDto } from './dto/product.dto';

const SEARCH: SearchSpec = {
  alias: 'p',
  sortKeys: baseSortKeys('p'),
  filters: {
    name: { kind: 'exact', column: 'p.name' },
    search: { kind: 'search', columns: ['p.name', 'p.external_name', 'p.description'] },
    state: { kind: 'ci_exact', column: 'p.state' },
    // a list of strings (the product has every tag) or {condition, values}
    tags: tagsFilter('p.tags'),
  },
};

/** The default name of a product created without one (S6 requires no field). */
export const UNTITLED_PRODUCT = 'Untitled product';

@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateProductDto): Promise<ProductEntity> {
    const resolved = await this.assignments.resolve(companyId, dto.entitlements);
    const now = this.clock.now();
    const row: ProductEntity = {
      company_id: companyId,
      id: newId('product'),
      name: dto.name ?? dto.external_name ?? UNTITLED_PRODUCT,
      external_name: dto.external_name ?? null,
      description: dto.description ?? null,
      image_url: dto.image_url ?? null,
      metadata: dto.metadata ?? {},
      tags: dto.tags ?? [],
      state: dto.state ?? 'ACTIVE',
      created_at: now,
      updated_at: now,
    };
    await this.dataSource.transaction(async (m) => {
      const { company_id: _c, ...insert } = row;
      void _c;
      await this.products.with(m).insert(companyId, insert);
      await this.assignments.replace(m, companyId, { type: 'PRODUCT', id: row.id }, resolved);
    });
    return row;
  }

  /** The product of this company, or 404 (`field` names the body field that named it). */
  async get(companyId: string, id: string, field?: string): Promise<ProductEntity> {
    const notFound = () => DomainError.notFound('product', field);
    if (!isId('product', id)) throw notFound();
    return this.products.findOneOrFail(companyId, { id }, notFound);
  }

  /**
   * `GET /products/{id}`: by id (`prod_…`), or by the external identifier the reference allows
   * there — for Tally the `external_name`. 404 when nothing matches; 400 `ambiguous_identifier`
   * when several products share that external_name (use the id).
   */
  async getByIdOrExternalName(companyId: string, ref: string): Promise<ProductEntity> {
    if (isId('product', ref)) {
      const byId = await this.products.findOne(companyId, { id: ref });
      if (byId) return byId;
    }
    const named = await this.products.find(companyId, { where: { external_name: ref }, order: { id: 'ASC' }, take: 2 });
    if (named.length === 0) throw DomainError.notFound('product');
    if (named.length > 1) {
      throw DomainError.badRequest('ambiguous_identifier', `several products have external_name "${ref}": use the product id`);
    }
    return named[0];
  }

  async update(companyId: string, id: string, dto: UpdateProductDto): Promise<ProductEntity> {
    await this.get(companyId, id);
    const resolved = dto.entitlements !== undefined ? await this.assignments.resolve(companyId, dto.entitlements) : null;
    const patch: Partial<ProductEntity> = { updated_at: this.clock.now() };
    if (dto.name !== undefined) {
      if (dto.name === null) throw DomainError.invalidField('name', 'must not be null');
      patch.name = dto.name;
    }
    if (dto.external_name !== undefined) patch.external_name = dto.external_name;
    if (dto.description !== undefined) patch.description = dto.description;
    if (dto.image_url !== undefined) patch.image_url = dto.image_url;
    if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
    if (dto.tags !== undefined) patch.tags = dto.tags ?? [];
    if (dto.state !== undefined && dto.state !== null) patch.state = dto.state;
    return this.dataSource.transaction(async (m) => {
      const repo = this.products.with(m);
      const locked = await repo.findOneForUpdate(companyId, { id });
      if (!locked) throw DomainError.notFound('product');
      await repo.update(companyId, { id }, patch);
      if (resolved) await this.assignments.replace(m, companyId, { type: 'PRODUCT', id }, resolved);
      return { ...locked, ...patch } as ProductEntity;
    });
  }

  find(companyId: string, body: FindProductsDto): Promise<SearchPage<ProductEntity>> {
    return runSearch(this.products.queryBuilder(companyId, 'p'), body, SEARCH);
  }
}
