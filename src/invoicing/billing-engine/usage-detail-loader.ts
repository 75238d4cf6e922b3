import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { decimalString, sumDecimals } from '../../billing-math';
import { EventAmountsService } from '../../metrics/usage/event-amounts.service';
import { UsageService } from '../../metrics/usage/usage.service';
import { encodeAmounts, encodeGroups } from './planner/usage-detail';
import type { UsageWindow } from './planner/state';

/**
 * Loads the usage windows that need more than a total (planner/usage-detail.ts): the amounts of
 * a PERCENTAGE price's events, or a grouped price's usage per value of its group key (summed
 * over the metric's other group keys; read through the rollups, which keep the metric's groups
 * apart). One statement per window: such prices are few, and each window's detail differs.
 */
@Injectable()
export class UsageDetailLoader {
  constructor(
    private readonly usage: UsageService,
    private readonly amounts: EventAmountsService,
  ) {}

  async load(m: EntityManager, companyId: string, variant: string, w: UsageWindow): Promise<string> {
    const metric = w.price.metric!;
    const period = { start: w.start, end: w.end };
    if (variant === 'amounts') return encodeAmounts(await this.amounts.amounts(m, companyId, w.customer_id, metric, period));
    const key = variant.slice('group:'.length);
    const result = await this.usage.usage(companyId, w.customer_id, metric, period, undefined, { manager: m });
    const byValue = new Map<string | null, string>();
    for (const b of result.breakdown) {
      const value = b.grouping[key] ?? null;
      byValue.set(value, decimalString(sumDecimals([byValue.get(value) ?? '0', b.value])));
    }
    return encodeGroups([...byValue].map(([value, quantity]) => ({ value, quantity })));
  }
}
