import { Injectable } from '@nestjs/common';
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
        customer_id: { kind: 'exact', column: 's.customer_id' },
        status: { kind: 'custom', apply: (qb, v, p) => qb.andWhere(`${STATUS_SQL} = lower(:${p})`, { [p]: v, now }) },
        statuses: {
          kind: 'custom',
          apply: (qb, v: string[], p) => qb.andWhere(`${STATUS_SQL} IN (:...${p})`, { [p]: v.map((x) => x.toLowerCase()), now }),
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
      },
    };
    const qb = this.subs.queryBuilder(companyId, 's').leftJoin(CustomerEntity, 'c', 'c.company_id = s.company_id AND c.id = s.customer_id');
    return runSearch(qb, body, spec);
  }
}
