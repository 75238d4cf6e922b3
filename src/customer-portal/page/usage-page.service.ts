import type { Brand } from '../../platform/hosted-pages/layout';
import { brandOf } from '../../platform/hosted-pages/hosted-page-error.filter';
import { resolveCompanySettings } from '../../platform/company-settings/company-settings.rules';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { formatDate } from '../../platform/hosted-pages/format';
import { CompanyRecordsRepository } from '../../catalog/catalog.repository';
import { CustomersRepository } from '../../customers/customers.repository';
import { BillableMetricsRepository } from '../../metrics/metrics.repository';
import { UsageService } from '../../metrics/usage/usage.service';
import { displayPhase } from '../../subscriptions/phases';
import { PlanCatalog } from '../../subscriptions/plan-catalog';
import { SubscriptionUsageUseCase } from '../../subscriptions/subscription-usage.use-case';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from '../../subscriptions/subscriptions.repository';
import { CustomerPortalService } from '../customer-portal.service';
import { estimatedCharge } from './usage-estimate';
import { currentPeriod, isLive, pastPeriods } from './current-period';
import { portalSettings, PortalSettings } from './portal-settings';
import { renderLinkGone } from './portal-page.html';
import { bucketsOf, formatQuantity, UsageBucket } from './usage-chart';
import { renderUsagePage, UsageMetric, UsagePageModel, UsageSubscription } from './usage-page.html';

/** How many billing periods before the current one the page lists (with their usage totals). */
export const PAST_PERIODS_SHOWN = 3;

type Period = { start: Date; end: Date };
/** A metered metric's chart to fill: its current period's buckets and its earlier periods' totals. */
type ChartToFill = { metric: UsageMetric; metricId: string; period: Period; past: Period[] };

export interface UsagePageResult {
  status: number;
  html: string;
  /** The company's settings, for the page's frame-ancestors (null when no link opened). */
  settings: PortalSettings | null;
}

/**
 * The usage page behind a USAGE link: for each live subscription of the customer, each metric
 * its plan (phase in effect) prices, the usage of the current billing period through the
 * subscriptions module's usage use case (the number `POST /subscriptions/{id}/usage` answers for
 * the same period), and the chart's buckets through the metrics module's usage queries (one
 * statement for all of a page's buckets). Reads only; no SQL over other modules' tables.
 */
@Injectable()
export class UsagePageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly links: CustomerPortalService,
    private readonly companies: CompanyRecordsRepository,
    private readonly customers: CustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly plan: PlanCatalog,
    private readonly metrics: BillableMetricsRepository,
    private readonly usageOf: SubscriptionUsageUseCase,
    private readonly usage: UsageService,
  ) {}

  async show(token: string): Promise<UsagePageResult> {
    const r = await this.links.resolve(token, 'USAGE');
    if (r.state !== 'open')
      return {
        status: r.state === 'expired' ? 410 : 404,
        html: renderLinkGone(r.state, 'usage', await this.expiredBrand(r)),
        settings: null,
      };
    const [company, customer] = await Promise.all([
      this.companies.findOne(r.companyId, {}),
      this.customers.findOne(r.companyId, { id: r.link.customer_id }),
    ]);
    if (!company || !customer) return { status: 404, html: renderLinkGone('unknown', 'usage'), settings: null };
    const settings = portalSettings(company.name, company.settings);
    const model: UsagePageModel = {
      companyName: settings.displayName,
      accentColor: settings.accentColor,
      supportEmail: settings.supportEmail,
      customerName: customer.org_name || customer.name || customer.email || 'Your usage',
      subscriptions: await this.subscriptionsUsage(r.companyId, customer.id),
    };
    return { status: 200, html: renderUsagePage(model), settings };
  }

  private async subscriptionsUsage(companyId: string, customerId: string): Promise<UsageSubscription[]> {
    const now = this.clock.now();
    const subs = (
      await this.subscriptions.find(companyId, { where: { customer_id: customerId }, order: { created_at: 'ASC', id: 'ASC' } })
    ).filter((s) => isLive(s, now));
    if (subs.length === 0) return [];
    const phases = await this.phases.find(companyId, { where: { subscription_id: In(subs.map((s) => s.id)) } });
    const out: (UsageSubscription & { charts: ChartToFill[] })[] = [];
    for (const sub of subs) {
      const phase = displayPhase(
        phases.filter((p) => p.subscription_id === sub.id),
        now,
      );
      if (!phase) continue;
      const period = currentPeriod(sub, phase, now);
      const past = pastPeriods(sub, phase, now, PAST_PERIODS_SHOWN);
      const data = await this.plan.load(this.dataSource.manager, companyId, phase.product_pricing_ids);
      const pmps = phase.product_pricing_ids.flatMap((id) => data.pmpsByPricing.get(id) ?? []);
      const metricRows = pmps.length
        ? await this.metrics.find(companyId, { where: { id: In([...new Set(pmps.map((p) => p.pmp.metric_id))]) } })
        : [];
      const metricById = new Map(metricRows.map((m) => [m.id, m]));
      const entry = {
        plan: phase.product_pricing_ids
          .map((id) => data.pricings.get(id))
          .map((p) => (p ? (p.external_name ?? p.name) : 'Plan'))
          .join(' + '),
        period: periodLabel(period),
        metrics: [] as UsageMetric[],
        charts: [] as ChartToFill[],
      };
      for (const { pmp, licence, shape } of pmps) {
        const metric = metricById.get(pmp.metric_id);
        if (!metric) continue;
        const result = await this.usageOf.execute(companyId, sub.id, {
          product_metric_pricing_id: pmp.id,
          period: { start_date: period.start.toISOString(), end_date: period.end.toISOString() },
        });
        const metered = !licence && metric.metering_rule !== null;
        const shown: UsageMetric = {
          key: `m-${sub.id}-${pmp.id}`,
          name: metric.name,
          value: formatQuantity(result.value),
          note: metered ? null : 'licences',
          chart: null,
          estimate: metered ? estimatedCharge(shape, result.value, data.pricings.get(pmp.product_pricing_id)?.currency ?? 'USD') : null,
          billedOnArrival: metered && shape.pay_in_advance,
        };
        entry.metrics.push(shown);
        if (metered) entry.charts.push({ metric: shown, metricId: metric.id, period, past });
      }
      out.push(entry);
    }
    await this.fillCharts(
      companyId,
      customerId,
      out.flatMap((s) => s.charts),
      now,
    );
    return out.map(({ plan, period, metrics }) => ({ plan, period, metrics }));
  }

  /**
   * Every chart's buckets and every earlier period's total, in one usage statement (per 500
   * periods) for the whole page.
   */
  private async fillCharts(companyId: string, customerId: string, charts: ChartToFill[], now: Date): Promise<void> {
    if (charts.length === 0) return;
    const metricRows = await this.metrics.find(companyId, { where: { id: In([...new Set(charts.map((c) => c.metricId))]) } });
    const byId = new Map(metricRows.map((m) => [m.id, m]));
    const requests: Parameters<UsageService['usageMany']>[1] = [];
    const slots: { bucket: UsageBucket; index: number }[] = [];
    for (const c of charts) {
      const { unit, buckets } = bucketsOf(c.period.start, c.period.end);
      const drawn: UsageBucket[] = buckets.map((b) => ({ ...b, value: null }));
      for (const b of drawn) {
        if (b.start.getTime() > now.getTime()) continue;
        slots.push({ bucket: b, index: requests.length });
        requests.push({ customerId, metric: byId.get(c.metricId)!, period: { start: b.start, end: b.end } });
      }
      c.metric.chart = { unit, buckets: drawn };
    }
    const totals = charts.flatMap((c) =>
      c.past.map((period) => {
        requests.push({ customerId, metric: byId.get(c.metricId)!, period });
        return { chart: c, period, index: requests.length - 1 };
      }),
    );
    const values = await this.usage.usageMany(companyId, requests);
    for (const s of slots) s.bucket.value = Number(values[s.index]);
    for (const c of charts) c.metric.history = [];
    for (const t of totals) t.chart.metric.history!.push({ period: periodLabel(t.period), value: formatQuantity(values[t.index]) });
  }

  /** The brand of an expired link's company (its error page still wears it); none for an unknown link. */
  private async expiredBrand(r: { state: string; companyId?: string }): Promise<Brand | null> {
    if (r.state !== 'expired' || !r.companyId) return null;
    const company = await this.companies.findOne(r.companyId, {});
    return company ? brandOf(resolveCompanySettings(company.name, company.settings)) : null;
  }
}

/** "1 March 2027 – 1 April 2027" */
function periodLabel(p: Period): string {
  return `${formatDate(p.start)} – ${formatDate(p.end)}`;
}
