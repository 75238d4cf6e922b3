import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import type { SearchPage } from '../platform/search/search';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { CustomerEntity } from './customer.entity';
import { CustomerEntitlementsPort } from './customer-entitlements-view.service';
import { CustomersRepository } from './customers.repository';
import { toCustomerResponse } from './customers.mapper';
import type { CustomerResponse } from './dto/customer.dto';

/**
 * Customers as responses: the computed entitlements of a whole page in one call to the
 * entitlements port, then the pure mapper. Also how webhook events carry customers (read in the
 * transaction of the change).
 */
@Injectable()
export class CustomersViews implements OnModuleInit {
  /** The statement of `get` (the entitlements hook's part is known once the modules have started). */
  private readSql?: string;

  constructor(
    private readonly entitlements: CustomerEntitlementsPort,
    private readonly customers: CustomersRepository,
    private readonly events: WebhookEventsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.events.objects('customer', async (m, companyId, ids) => {
      const rows = await this.customers.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map((await this.many(companyId, rows, m)).map((r) => [r.id, r]));
    });
  }

  /** `m`: read inside that transaction. */
  async many(companyId: string, customers: CustomerEntity[], m?: EntityManager): Promise<CustomerResponse[]> {
    const computed = await this.entitlements.forCustomers(
      companyId,
      customers.map((c) => c.id),
      m,
    );
    return customers.map((c) => toCustomerResponse(c, computed.get(c.id) ?? []));
  }

  /**
   * `GET /customers/{id or identifier}`: the customer and its live subscriptions in one prepared
   * statement (and one more for their entitlements' inputs when it has some); a 404 when there
   * is none.
   */
  async get(companyId: string, idOrIdentifier: string): Promise<CustomerResponse> {
    const now = this.clock.now();
    const found = await this.customers.readByIdOrIdentifierWith(
      companyId,
      idOrIdentifier,
      'tally_customer_read',
      (this.readSql ??= this.entitlements.liveSql('$1', 'SELECT id FROM target', '$3')),
      [now],
    );
    if (!found) throw DomainError.notFound('customer');
    const computed = await this.entitlements.fromLive(companyId, [found.customer.id], found.with, now);
    return toCustomerResponse(found.customer, computed.get(found.customer.id) ?? []);
  }

  async one(companyId: string, customer: CustomerEntity): Promise<CustomerResponse> {
    return (await this.many(companyId, [customer]))[0];
  }

  async page(companyId: string, page: SearchPage<CustomerEntity>): Promise<SearchPage<CustomerResponse>> {
    return { pagination: page.pagination, results: await this.many(companyId, page.results) };
  }
}
