import { Injectable } from '@nestjs/common';

export type CustomerEntitlementsSource = (companyId: string, customerIds: string[]) => Promise<Map<string, Record<string, unknown>[]>>;

/**
 * Where customer responses get their `computed_entitlements`: the subscriptions module (which
 * imports this one) registers the source at start-up, so customers need not import it back.
 * Without a source every customer has none.
 */
@Injectable()
export class CustomerEntitlementsPort {
  private source: CustomerEntitlementsSource | null = null;

  provide(source: CustomerEntitlementsSource): void {
    this.source = source;
  }

  async forCustomers(companyId: string, customerIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
    if (!this.source || customerIds.length === 0) return new Map();
    return this.source(companyId, customerIds);
  }
}
