import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CustomersHooks } from './customers.hooks';

/**
 * Where customer responses get their `computed_entitlements`: the subscriptions module computes
 * them, through CustomersHooks.
 */
@Injectable()
export class CustomerEntitlementsPort {
  constructor(private readonly hooks: CustomersHooks) {}

  /** `manager`: read inside that transaction (webhook events build their objects there). */
  async forCustomers(companyId: string, customerIds: string[], manager?: EntityManager): Promise<Map<string, Record<string, unknown>[]>> {
    if (customerIds.length === 0) return new Map();
    return this.hooks.get('entitlements').forCustomers(companyId, customerIds, manager);
  }

  /** SQL of a scalar subquery a customers statement embeds for `fromLive` (CustomerEntitlementsHook.liveSql). */
  liveSql(companyParam: string, customerIdsSql: string, nowParam: string): string {
    return this.hooks.get('entitlements').liveSql(companyParam, customerIdsSql, nowParam);
  }

  /** customer id → computed entitlements, from what `liveSql` read at `now` (`manager`: inside that transaction). */
  fromLive(
    companyId: string,
    customerIds: string[],
    json: unknown,
    now: Date,
    manager?: EntityManager,
  ): Promise<Map<string, Record<string, unknown>[]>> {
    return this.hooks.get('entitlements').fromLive(companyId, customerIds, json, now, manager);
  }
}
