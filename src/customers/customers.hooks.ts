import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';

/** Computed entitlements of customers: the subscriptions module (above this one) computes them. */
export interface CustomerEntitlementsHook {
  /** customer id → its computed entitlements (customers without any may be absent). */
  forCustomers(companyId: string, customerIds: string[], manager?: EntityManager): Promise<Map<string, Record<string, unknown>[]>>;
  /**
   * For a hot read that takes customers and what their entitlements need in one statement: SQL
   * of a scalar subquery over the customers whose ids `customerIdsSql` selects, at the
   * timestamptz parameter `nowParam` (`companyParam` names the company).
   */
  liveSql(companyParam: string, customerIdsSql: string, nowParam: string): string;
  /**
   * customer id → computed entitlements, from the value `liveSql` read at `now`; what else they
   * need is read on the pool, or inside the transaction of `manager`.
   */
  fromLive(
    companyId: string,
    customerIds: string[],
    json: unknown,
    now: Date,
    manager?: EntityManager,
  ): Promise<Map<string, Record<string, unknown>[]>>;
}

/** The hooks customers declares, by name. */
export interface CustomersHookSet {
  entitlements: CustomerEntitlementsHook;
}

/**
 * What the customers module needs from the modules above it, declared with the platform's
 * ModuleHooks: SubscriptionsModule fills `entitlements` at start (CustomerEntitlementsService);
 * the application does not start without it.
 */
@Injectable()
export class CustomersHooks extends ModuleHooks<CustomersHookSet> {
  constructor() {
    super('CustomersModule', { entitlements: { filledBy: 'SubscriptionsModule', label: 'computed entitlements' } });
  }
}
