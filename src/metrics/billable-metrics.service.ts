import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { updateLabels } from './labels-update';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { BillableMetricEntity } from './billable-metric.entity';
import { BillableItemsService } from './billable-items.service';
import { BillableItemsRepository, BillableMetricsRepository } from './metrics.repository';
import { parseMeteringRule } from './metering-rule';
import { addToRollups, storedEventsSource } from './usage/rollups';
import type { CreateBillableMetricDto, FindBillableMetricsDto, UpdateBillableMetricDto } from './dto/metrics.dto';

const SEARCH: SearchSpec = {
  alias: 'm',
  sortKeys: baseSortKeys('m'),
  filters: {
    name: { kind: 'exact', column: 'm.name' },
    external_name: { kind: 'exact', column: 'm.external_name' },
    item_id: { kind: 'exact', column: 'm.item_id' },
    state: { kind: 'ci_exact', column: 'm.state' },
  },
};

@Injectable()
export class BillableMetricsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: BillableMetricsRepository,
    private readonly itemsRepo: BillableItemsRepository,
    private readonly items: BillableItemsService,
    private readonly clock: Clock,
    private readonly events: WebhookEventsService,
  ) {}

  async create(companyId: string, dto: CreateBillableMetricDto): Promise<BillableMetricEntity> {
    const item = await this.items.get(companyId, dto.item_id, 'item_id');
    if (item.type !== 'CUSTOM_USAGE' && item.type !== 'CUSTOM_OBJ') {
      throw DomainError.invalidField(
        'item_id',
        'must name a CUSTOM_USAGE or CUSTOM_OBJ item (the standard License item takes no custom metrics)',
      );
    }
    const rule = parseMeteringRule(dto.metering_rule);
    if (rule.aggregator === 'WEIGHTED_SUM' && item.type !== 'CUSTOM_USAGE')
      throw DomainError.invalidField(
        'metering_rule.aggregator',
        'WEIGHTED_SUM is not supported yet on a CUSTOM_OBJ item: it weighs events',
      );
    return this.dataSource.transaction(async (m) => {
      // Lock the item and raise its metrics version: concurrent ingest batches of it finish first
      // (their writing statement share-locks it), and the ones after this commit see the new
      // metric and add to its rollups, or see the version changed since they read the metrics
      // and read them again.
      const locked = await this.itemsRepo.with(m).findOneForUpdate(companyId, { id: item.id });
      if (!locked) throw DomainError.notFound('billable item', 'item_id');
      await this.itemsRepo.with(m).raiseMetricsVersion(companyId, item.id);
      const now = this.clock.now();
      const row: Omit<BillableMetricEntity, 'company_id'> = {
        id: newId('billableMetric'),
        item_id: item.id,
        name: dto.name,
        external_name: dto.external_name ?? null,
        description: dto.description ?? null,
        type: 'CUSTOM_METRIC',
        is_billable: dto.is_billable ?? true,
        standard: false,
        editable: true,
        state: 'ACTIVE',
        metering_rule: rule,
        advance_priced: false,
        created_at: now,
        updated_at: now,
      };
      await this.metrics.with(m).insert(companyId, row);
      const metric = { ...row, company_id: companyId };
      if (item.type === 'CUSTOM_USAGE') await addToRollups(m, companyId, metric, storedEventsSource(companyId, item.id));
      return metric;
    });
  }

  async get(companyId: string, id: string, field?: string): Promise<BillableMetricEntity> {
    if (!isId('billableMetric', id)) throw DomainError.notFound('billable metric', field);
    return this.metrics.findOneOrFail(companyId, { id }, () => DomainError.notFound('billable metric', field));
  }

  /** Many at once, keyed by id (no N+1). */
  async getMany(companyId: string, ids: string[]): Promise<Map<string, BillableMetricEntity>> {
    const unique = [...new Set(ids)].filter((id) => isId('billableMetric', id));
    if (unique.length === 0) return new Map();
    const rows = await this.metrics.find(companyId, { where: { id: In(unique) } });
    return new Map(rows.map((r) => [r.id, r]));
  }

  async update(companyId: string, id: string, dto: UpdateBillableMetricDto): Promise<BillableMetricEntity> {
    if (dto.metering_rule !== undefined) {
      throw DomainError.invalidField(
        'metering_rule',
        'cannot change: a metering rule is immutable (create a new metric and archive this one)',
      );
    }
    return this.dataSource.transaction(async (m) => {
      if (!isId('billableMetric', id)) throw DomainError.notFound('billable metric');
      const current = await this.metrics.with(m).findOneOrFail(companyId, { id }, () => DomainError.notFound('billable metric'));
      const next = await updateLabels(this.metrics.with(m), current, dto, this.clock.now(), 'License metric');
      this.events.later(m, companyId, 'metric.updated', id);
      return next;
    });
  }

  /**
   * Marks a metric as charged as its events arrive (a pay_in_advance price names it), in the
   * caller's transaction: ingest looks for such prices only for marked metrics.
   */
  async markAdvancePriced(m: EntityManager, companyId: string, metricId: string): Promise<void> {
    await this.metrics.with(m).update(companyId, { id: metricId, advance_priced: false }, { advance_priced: true });
  }

  find(companyId: string, body: FindBillableMetricsDto): Promise<SearchPage<BillableMetricEntity>> {
    return runSearch(this.metrics.queryBuilder(companyId, 'm'), body, SEARCH);
  }
}
