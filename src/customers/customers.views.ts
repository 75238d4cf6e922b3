import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import { CustomerEntity } from './customer.entity';
import { CustomerEntitlementsPort } from './customer-entitlements-view.service';
import { toCustomerResponse } from './customers.mapper';
import type { CustomerResponse } from './dto/customer.dto';

/**
 * Customers as responses: the computed entitlements of a whole page in one call to the
 * entitlements port, then the pure mapper.
 */
@Injectable()
export class CustomersViews {
  constructor(private readonly entitlements: CustomerEntitlementsPort) {}

  async many(companyId: string, customers: CustomerEntity[]): Promise<CustomerResponse[]> {
    const computed = await this.entitlements.forCustomers(
      companyId,
      customers.map((c) => c.id),
    );
    return customers.map((c) => toCustomerResponse(c, computed.get(c.id) ?? []));
  }

  async one(companyId: string, customer: CustomerEntity): Promise<CustomerResponse> {
    return (await this.many(companyId, [customer]))[0];
  }

  async page(companyId: string, page: SearchPage<CustomerEntity>): Promise<SearchPage<CustomerResponse>> {
    return { pagination: page.pagination, results: await this.many(companyId, page.results) };
  }
}
