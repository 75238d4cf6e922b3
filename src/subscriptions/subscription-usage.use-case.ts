import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { BillableMetricsRepository } from '../metrics/metrics.repository';
import { BillableMetricEntity } from '../metrics/billable-metric.entity';
import { toBillableMetricResponse } from '../metrics/metrics.mapper';
import { CatalogViews } from '../catalog/catalog.views';
import type { ProductMetricPricingResponse } from '../catalog/dto/pricing.dto';
import { UsageService } from '../metrics/usage/usage.service';
import { parseDate } from './change.rules';
import { displayPhase } from './phases';
import { PlanCatalog, PlanCatalogData } from './plan-catalog';
import { SubscriptionLookup } from './subscription-lookup.service';
import { SubscriptionPhasesRepository } from './subscriptions.repository';
import type { SubscriptionUsageDto, SubscriptionUsageResponse } from './dto/subscription.dto';

/**
 * Usage of one metric priced in the subscription's plan (phase in effect now) for its
 * customer. A license price answers the configured num_licenses.
 */
@Injectable()
export class SubscriptionUsageUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly lookup: SubscriptionLookup,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly plan: PlanCatalog,
    private readonly metrics: BillableMetricsRepository,
    private readonly usageService: UsageService,
    private readonly catalogViews: CatalogViews,
  ) {}

  async execute(companyId: string, idOrIdentifier: string, dto: SubscriptionUsageDto): Promise<SubscriptionUsageResponse> {
    const sub = await this.lookup.get(companyId, idOrIdentifier);
    const start = parseDate(dto.period.start_date, 'period.start_date');
    const end = parseDate(dto.period.end_date, 'period.end_date');
    if (end.getTime() < start.getTime()) throw DomainError.invalidField('period.end_date', 'must not be before period.start_date');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
    const phase = displayPhase(phases, this.clock.now());
    const data = phase
      ? await this.plan.load(this.dataSource.manager, companyId, phase.product_pricing_ids)
      : new PlanCatalogData(new Map(), new Map());
    const found = data.pmp(dto.product_metric_pricing_id);
    if (!found || !phase) throw DomainError.notFound('product metric pricing of this subscription', 'product_metric_pricing_id');
    const metric = await this.metrics.findOne(companyId, { id: found.pmp.metric_id });
    if (!metric) throw DomainError.notFound('billable metric', 'product_metric_pricing_id');
    const pricing = data.pricings.get(found.pmp.product_pricing_id);
    const [view] = pricing ? await this.catalogViews.pricingViews(companyId, [pricing]) : [];
    const pmp = view?.product_metric_pricings.find((x) => x.id === found.pmp.id);
    if (!pmp) throw DomainError.notFound('product metric pricing of this subscription', 'product_metric_pricing_id');
    if (found.licence || !metric.metering_rule) {
      const n = phase.config_items.find((c) => c.product_metric_pricing_id === found.pmp.id)?.num_licenses ?? 0;
      return usageResponse(metric, pmp, { start, end }, n, []);
    }
    const result = await this.usageService.usage(companyId, sub.customer_id, metric, { start, end });
    return usageResponse(
      metric,
      pmp,
      { start, end },
      Number(result.value),
      result.breakdown.map((b) => ({ grouping: b.grouping, value: Number(b.value) })),
    );
  }
}

/** The usage answer: the reference's {metric, usage: [one record for the period]}, its older {metric, product_metric_pricing}, and the flat fields. */
function usageResponse(
  metric: BillableMetricEntity,
  pmp: ProductMetricPricingResponse,
  window: { start: Date; end: Date },
  value: number,
  breakdown: { grouping: Record<string, string | null>; value: number }[],
): SubscriptionUsageResponse {
  const period = { start_date: window.start.toISOString(), end_date: window.end.toISOString() };
  return {
    metric: toBillableMetricResponse(metric) as SubscriptionUsageResponse['metric'],
    usage: [
      {
        value,
        period,
        subscription_metric_record_id: null,
        breakdown: breakdown.map((b) => ({ value: b.value, period, grouping: b.grouping, breakout: {} })),
      },
    ],
    product_metric_pricing: pmp,
    product_metric_pricing_id: pmp.id,
    metric_id: metric.id,
    value,
    breakdown,
  };
}
