import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import { effectivePhase } from '../subscriptions/phases';
import { billingTermOfPhase, deriveState, effectiveAnchor, inTrial } from '../subscriptions/subscription-state';
import { currentPeriodIndex, isEnded } from '../subscriptions/subscription-dates';
import { SubscriptionPhaseEntity } from '../subscriptions/subscription.entity';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { periodsOf } from './calendar';
import { MAX_RANGE_DAYS, parseRange } from './report-range';
import { ReportCalendars } from './report-calendar.service';
import { ReportsRepository } from './reports.repository';
import type { MrrReportDto, MrrReportResponse, MrrRow } from './dto/report.dto';

type Movement = Omit<MrrRow, 'month' | 'currency'>;

const zero = (): Movement => ({
  starting_mrr: 0,
  new: 0,
  expansion: 0,
  contraction: 0,
  churned: 0,
  reactivated: 0,
  ending_mrr: 0,
  starting_customers: 0,
  new_customers: 0,
  expanded_customers: 0,
  contracted_customers: 0,
  churned_customers: 0,
  reactivated_customers: 0,
  ending_customers: 0,
});

/**
 * The MRR report (docs/reports.md, "MRR"): each customer's MRR per currency at every month
 * boundary of the company calendar, by the subscriptions' own rule (subscriptions/mrr.ts through
 * deriveState: the phase in effect at that instant, trials and ended subscriptions at zero), and
 * the month's movement classified per customer, so the identity holds exactly.
 */
@Injectable()
export class MrrReportService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly calendars: ReportCalendars,
    private readonly subs: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly plan: PlanCatalog,
  ) {}

  async report(companyId: string, dto: MrrReportDto): Promise<MrrReportResponse> {
    const range = parseRange(dto.from, dto.to, MAX_RANGE_DAYS.MONTH);
    const cal = await this.calendars.of(companyId);
    const months = periodsOf(cal, range.from, range.to, 'MONTH');
    // each month's MRR is taken at its last instant, so what starts on the 1st is that month's movement
    const instants = [months[0].start, ...months.map((m) => m.end)].map((d) => new Date(d.getTime() - 1));
    const excluded = await this.repo.excludedCustomers(companyId);
    const subs = (await this.subs.find(companyId, { where: { start_date: LessThan(instants.at(-1)!) } })).filter(
      (s) => !excluded.has(s.customer_id),
    );
    const phases = subs.length ? await this.phases.find(companyId) : [];
    const bySub = new Map<string, SubscriptionPhaseEntity[]>();
    for (const p of phases) bySub.set(p.subscription_id, [...(bySub.get(p.subscription_id) ?? []), p]);
    const live = phases.filter((p) => p.superseded_by_event_seq === null);
    const data = await this.plan.load(this.subs.entityManager, companyId, [...new Set(live.flatMap((p) => p.product_pricing_ids))]);

    // customer + currency → MRR at each instant; and when the customer first churned (ended a subscription)
    const mrr = new Map<string, number[]>();
    const endedBefore = new Map<string, number>();
    const memo = new Map<string, number>();
    for (const s of subs) {
      const key = `${s.currency}\u0000${s.customer_id}`;
      const row = mrr.get(key) ?? instants.map(() => 0);
      const own = bySub.get(s.id) ?? [];
      instants.forEach((at, i) => {
        const phase = effectivePhase(own, at);
        // deriveState is pure in these inputs: subscriptions on the same plan, discounts and period
        // index at the same instant share one computation (a company's plans repeat)
        const key = phase
          ? JSON.stringify([
              i,
              phase.product_pricing_ids,
              phase.config_items,
              phase.billing_term_count,
              phase.billing_term_frequency,
              s.discounts,
              !isEnded(s.end_date, at) && !inTrial(s, at) && at.getTime() >= s.start_date.getTime(),
              currentPeriodIndex(effectiveAnchor(s, phase), billingTermOfPhase(phase), at),
            ])
          : null;
        let value = key === null ? 0 : memo.get(key);
        if (value === undefined) {
          value = deriveState(s, phase, data, at).mrr_in_cents;
          memo.set(key!, value);
        }
        row[i] += value;
      });
      mrr.set(key, row);
      if (s.end_date) endedBefore.set(key, Math.min(endedBefore.get(key) ?? Infinity, s.end_date.getTime()));
    }

    const out = new Map<string, Movement[]>();
    for (const [key, row] of mrr) {
      const currency = key.split('\u0000')[0];
      const list = out.get(currency) ?? months.map(zero);
      months.forEach((month, i) => {
        const m = list[i];
        const start = row[i];
        const end = row[i + 1];
        m.starting_mrr += start;
        m.ending_mrr += end;
        if (start > 0) m.starting_customers++;
        if (end > 0) m.ending_customers++;
        if (start === 0 && end > 0) {
          if ((endedBefore.get(key) ?? Infinity) <= month.start.getTime()) {
            m.reactivated += end;
            m.reactivated_customers++;
          } else {
            m.new += end;
            m.new_customers++;
          }
        } else if (start > 0 && end === 0) {
          m.churned += start;
          m.churned_customers++;
        } else if (end > start) {
          m.expansion += end - start;
          m.expanded_customers++;
        } else if (end < start) {
          m.contraction += start - end;
          m.contracted_customers++;
        }
      });
      out.set(currency, list);
    }
    const results: MrrRow[] = [];
    const currencies = [...out.keys()].sort();
    months.forEach((month, i) => {
      for (const c of currencies) results.push({ month: month.label, currency: c, ...out.get(c)![i] });
    });
    return { time_zone: cal.timeZone, results };
  }
}
