import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { BundleEntity } from './catalog.entity';
import { BundleProductPricingsRepository, BundlesRepository, ProductPricingsRepository } from './catalog.repository';
import type { CreateBundleDto, FindBundlesDto, UpdateBundleDto } from './dto/bundle.dto';

const SEARCH: SearchSpec = {
  alias: 'b',
  sortKeys: baseSortKeys('b'),
  filters: {
    is_auto_generated: { kind: 'bool', column: 'b.is_auto_generated' },
    search: { kind: 'search', columns: ['b.name', 'b.description'] },
    state: { kind: 'ci_exact', column: 'b.state' },
  },
};

/** Bundles: a set of ACTIVE product pricings of one currency, sold together for a term. */
@Injectable()
export class BundlesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bundles: BundlesRepository,
    private readonly entries: BundleProductPricingsRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateBundleDto): Promise<BundleEntity> {
    const ids = dto.product_pricing_ids;
    const valid = [...new Set(ids.filter((id) => isId('productPricing', id)))];
    const found = valid.length ? await this.pricings.find(companyId, { where: { id: In(valid) } }) : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    const currency = dto.currency ?? byId.get(ids[0])?.currency ?? null;
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      const field = `product_pricing_ids[${i}]`;
      const pricing = byId.get(id);
      if (!pricing) throw DomainError.notFound('product pricing', field);
      if (seen.has(id)) throw DomainError.invalidField(field, 'is listed twice');
      seen.add(id);
      if (pricing.state !== 'ACTIVE') throw DomainError.invalidField(field, 'is an archived pricing');
      if (pricing.currency !== currency) {
        throw new DomainError('currency_mismatch', 'request', `${field} is in ${pricing.currency}, not the bundle currency ${currency}`, {
          [field]: `is in ${pricing.currency}, not the bundle currency ${currency}`,
        });
      }
    });
    const now = this.clock.now();
    const bundle: BundleEntity = {
      company_id: companyId,
      id: newId('bundle'),
      name: dto.name,
      description: dto.description ?? null,
      currency: currency!,
      term_count: dto.term?.count ?? 1,
      term_frequency: dto.term?.frequency ?? 'MONTH',
      is_auto_generated: false,
      state: 'ACTIVE',
      metadata: dto.metadata ?? {},
      created_at: now,
      updated_at: now,
    };
    await this.dataSource.transaction(async (m) => {
      const { company_id: _c, ...row } = bundle;
      void _c;
      await this.bundles.with(m).insert(companyId, row);
      await this.entries.with(m).insert(
        companyId,
        ids.map((id, position) => ({
          id: newId('bundleProductPricing'),
          bundle_id: bundle.id,
          product_id: byId.get(id)!.product_id,
          product_pricing_id: id,
          position,
          created_at: now,
          updated_at: now,
        })),
      );
    });
    return bundle;
  }

  async get(companyId: string, id: string): Promise<BundleEntity> {
    const notFound = () => DomainError.notFound('bundle');
    if (!isId('bundle', id)) throw notFound();
    return this.bundles.findOneOrFail(companyId, { id }, notFound);
  }

  /** Name, description, metadata and state (archive); the pricings of a bundle do not change. */
  async update(companyId: string, id: string, dto: UpdateBundleDto): Promise<BundleEntity> {
    const current = await this.get(companyId, id);
    const patch: Partial<BundleEntity> = { updated_at: this.clock.now() };
    if (dto.name !== undefined && dto.name !== null) patch.name = dto.name;
    if (dto.description !== undefined) patch.description = dto.description;
    if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
    if (dto.state != null) patch.state = dto.state;
    await this.bundles.update(companyId, { id }, patch);
    return { ...current, ...patch };
  }

  find(companyId: string, body: FindBundlesDto): Promise<SearchPage<BundleEntity>> {
    return runSearch(this.bundles.queryBuilder(companyId, 'b'), body, SEARCH);
  }
}
