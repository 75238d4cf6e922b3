import { customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { Injectable } from '@nestjs/common';
import type { WhereExpressionBuilder } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { CustomerEntity } from '../customers/customer.entity';
import { phaseInEffectSql } from './phases';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';
import type { FindSubscriptionsDto } from './dto/subscription.dto';

const STATUS_SQL = `(CASE WHEN s.end_date IS NOT NULL AND s.end_date <= CAST(:now AS timestamptz) THEN 'cancelled' WHEN s.unpaid THEN 'unpaid' ELSE 'active' END)`;

/** EXISTS a phase of `s` whose plan matters at :now (phases.ts: in effect, or still to come) matching `cond`. */
const CURRENT_PHASE = (cond: string) => `EXISTS (
  SELECT 1 FROM subscription_phases ph
  WHERE ph.company_id = s.company_id AND ph.subscription_id = s.id AND (${cond})
    AND ${phaseInEffectSql('ph', ':now')})`;

const ENDED_SQL = `(s.end_date IS NOT NULL AND s.end_date <= CAST(:now AS timestamptz))`;

/** The condition of one `status` filter value (SubscriptionQueryDto documents each). */
function statusCondition(status: string): string {
  switch (status.toLowerCase()) {
    case 'ended':
      return ENDED_SQL;
    case 'paused':
      return `(s.pause_date IS NOT NULL AND NOT ${ENDED_SQL})`;
    case 'trial':
      return `(s.trial AND (s.trial_conversion_date IS NULL OR s.trial_conversion_date > CAST(:now AS timestamptz)) AND NOT ${ENDED_SQL})`;
    default: // active, cancelled, unpaid: the answer's status (validated by the DTO)
      return `${STATUS_SQL} = '${status.toLowerCase() === 'cancelled' ? 'cancelled' : status.toLowerCase() === 'unpaid' ? 'unpaid' : 'active'}'`;
  }
}

type SetValue = { condition: 'AND' | 'OR'; values: string[] };

/** The pricings of a phase `ph` (catalog's product_pricings, by primary key), with their product as `pr` when `withProduct`. */
const PHASE_PRICING = (cond: string, withProduct = false) => `EXISTS (
  SELECT 1 FROM product_pricings pp${withProduct ? ' JOIN products pr ON pr.company_id = pp.company_id AND pr.id = pp.product_id' : ''}
  WHERE pp.company_id = ph.company_id AND pp.id = ANY(ph.product_pricing_ids) AND (${cond}))`;

/**
 * A `{condition, values}` filter over the plan in effect (or to come): AND needs one pricing per
 * value (`each(i)`, value bound as `:<p>_<i>`), OR one pricing for any value (`any`, values as `:<p>`).
 */
function planSetFilter(
  qb: WhereExpressionBuilder,
  v: SetValue,
  p: string,
  now: Date,
  each: (param: string) => string,
  any: (param: string) => string,
): void {
  const params: Record<string, unknown> = { now };
  let cond: string;
  if (v.condition === 'OR') {
    params[p] = v.values;
    cond = any(p);
  } else {
    cond = v.values
      .map((value, i) => {
        params[`${p}_${i}`] = value;
        return each(`${p}_${i}`);
      })
      .join(' AND ');
  }
  qb.andWhere(CURRENT_PHASE(cond), params);
}

/**
 * Find. Status is derived from the clock in SQL (now as a parameter); product/bundle filters
 * match the phase in effect now (or a phase still to come). renewal_date / next_invoice_date
 * filter on the values stored at the last write of the customer's subscriptions (they can lag
 * behind the clock until the next write or billing run).
 */
@Injectable()
export class SubscriptionSearch {
  constructor(
    private readonly clock: Clock,
    private readonly subs: SubscriptionsRepository,
  ) {}

  find(companyId: string, body: FindSubscriptionsDto): Promise<SearchPage<SubscriptionEntity>> {
    const now = this.clock.now();
    const spec: SearchSpec = {
      alias: 's',
      sortKeys: baseSortKeys('s'),
      filters: {
        customer_id: customerIdOrIdentifierFilter('s.customer_id'),
        status: { kind: 'custom', apply: (qb, v: string) => qb.andWhere(statusCondition(v), { now }) },
        statuses: {
          kind: 'custom',
          apply: (qb, v: string[]) => qb.andWhere(`(${[...new Set(v.map(statusCondition))].join(' OR ')})`, { now }),
        },
        product_pricing_id: {
          kind: 'custom',
          apply: (qb, v, p) => qb.andWhere(CURRENT_PHASE(`:${p} = ANY(ph.product_pricing_ids)`), { [p]: v, now }),
        },
        bundle_pricing_id: {
          kind: 'custom',
          apply: (qb, v, p) => qb.andWhere(CURRENT_PHASE(`ph.bundle_pricing_id = :${p}`), { [p]: v, now }),
        },
        auto_renews: { kind: 'bool', column: 's.auto_renews' },
        auto_charges: { kind: 'bool', column: 's.auto_charges' },
        trial: { kind: 'bool', column: 's.trial' },
        start_date: { kind: 'date_range', column: 's.start_date' },
        end_date: { kind: 'date_range', column: 's.end_date' },
        renewal_date: { kind: 'date_range', column: 's.renewal_date' },
        next_invoice_date: { kind: 'date_range', column: 's.next_invoice_date' },
        search: { kind: 'search', columns: ['s.id', 's.identifier', 'c.name', 'c.identifier', 'c.email'] },
        // the customer's fields (the customer is joined by primary key)
        exclude_from_metrics: { kind: 'bool', column: 'c.exclude_from_metrics' },
        managed_externally: { kind: 'bool', column: 'c.managed_externally' },
        owner_id: { kind: 'exact', column: 'c.owner_id' },
        owner_ids: { kind: 'set', column: 'c.owner_id', array: false },
        parent_customer_id: { kind: 'exact', column: 'c.parent_customer_id' },
        // the subscription's own
        mrr: { kind: 'range', column: 's.mrr_in_cents' },
        payment_method_id: { kind: 'exact', column: 's.payment_method_id' },
        parent_billed: { kind: 'bool', column: 's.parent_billed' },
        tags: { kind: 'set', column: 's.tags', array: true },
        // no data behind this one: Tally has no subscription groups, so no subscription is in one
        group_id: { kind: 'custom', apply: (qb) => qb.andWhere('1 = 0') },
        // the plan in effect (or to come)
        product_pricing_ids: {
          kind: 'custom',
          apply: (qb, v: SetValue, p) =>
            qb.andWhere(CURRENT_PHASE(`ph.product_pricing_ids ${v.condition === 'AND' ? '@>' : '&&'} CAST(:${p} AS text[])`), {
              [p]: v.values,
              now,
            }),
        },
        product_ids: {
          kind: 'custom',
          apply: (qb, v: SetValue, p) =>
            planSetFilter(
              qb,
              v,
              p,
              now,
              (x) => PHASE_PRICING(`pp.product_id = :${x}`),
              (x) => PHASE_PRICING(`pp.product_id IN (:...${x})`),
            ),
        },
        product_pricing_tags: {
          kind: 'custom',
          apply: (qb, v: SetValue, p) =>
            planSetFilter(
              qb,
              v,
              p,
              now,
              (x) => PHASE_PRICING(`:${x} = ANY(pp.tags)`),
              (x) => PHASE_PRICING(`pp.tags && CAST(:${x} AS text[])`),
            ),
        },
        product_tags: {
          kind: 'custom',
          apply: (qb, v: SetValue, p) =>
            planSetFilter(
              qb,
              v,
              p,
              now,
              (x) => PHASE_PRICING(`:${x} = ANY(pr.tags)`, true),
              (x) => PHASE_PRICING(`pr.tags && CAST(:${x} AS text[])`, true),
            ),
        },
      },
    };
    const qb = this.subs.queryBuilder(companyId, 's').leftJoin(CustomerEntity, 'c', 'c.company_id = s.company_id AND c.id = s.customer_id');
    return runSearch(qb, body, spec);
  }
}
