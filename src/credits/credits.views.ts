import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Clock } from '../platform/clock/clock';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';
import type { SearchPage } from '../platform/search/search';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { toCustomerResponse, toCustomerSummary } from '../customers/customers.mapper';
import { BillableItemsRepository } from '../metrics/metrics.repository';
import { toBillableItemResponse } from '../metrics/metrics.mapper';
import { InvoiceLinesRepository, InvoicesRepository } from '../invoicing/invoicing.repository';
import { toInvoiceResponse } from '../invoicing/invoicing.mapper';
import { InvoiceLineEntity } from '../invoicing/invoicing.entity';
import { CreditEntity, CreditLogEntity } from './credit.entity';
import { CreditsRepository } from './credits.repository';
import { toConsumeCreditsResponse, toCreditLogResponse, toCreditResponse } from './credits.mapper';
import type { ConsumeCreditsResponse, CreditLogResponse, CreditResponse } from './dto/credit.dto';
import type { ConsumeResult } from './credits.service';

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => typeof v === 'string'))];

/**
 * Credits and credit log entries as responses, with what they embed loaded in a fixed number of
 * batched queries per page (credits, items, invoices, invoice lines, customers, parent
 * customers) — never one query per row.
 */
@Injectable()
export class CreditViews implements OnModuleInit {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly items: BillableItemsRepository,
    private readonly customers: CustomerLookupService,
    private readonly invoices: InvoicesRepository,
    private readonly invoiceLines: InvoiceLinesRepository,
    private readonly clock: Clock,
    private readonly events: WebhookEventsService,
    private readonly pages: PageSecrets,
  ) {}

  /** Webhook events carry credits as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('credit', async (m, companyId, ids) => {
      const rows = await this.credits.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map((await this.creditViews(companyId, rows, m)).map((v, i) => [rows[i].id, v]));
    });
  }

  private async itemMap(companyId: string, ids: string[], m?: EntityManager) {
    if (ids.length === 0) return new Map<string, ReturnType<typeof toBillableItemResponse>>();
    const rows = await (m ? this.items.with(m) : this.items).find(companyId, { where: { id: In(ids) } });
    return new Map(rows.map((r) => [r.id, toBillableItemResponse(r)]));
  }

  async creditView(companyId: string, row: CreditEntity): Promise<CreditResponse> {
    return (await this.creditViews(companyId, [row]))[0];
  }

  /** `m`: read inside that transaction. */
  async creditViews(companyId: string, rows: CreditEntity[], m?: EntityManager): Promise<CreditResponse[]> {
    const items = await this.itemMap(companyId, unique(rows.map((r) => r.item_id)), m);
    const now = this.clock.now();
    return rows.map((r) => toCreditResponse(r, r.item_id ? (items.get(r.item_id) ?? null) : null, now));
  }

  async creditPage(companyId: string, page: SearchPage<CreditEntity>): Promise<SearchPage<CreditResponse>> {
    return { pagination: page.pagination, results: await this.creditViews(companyId, page.results) };
  }

  async logPage(companyId: string, page: SearchPage<CreditLogEntity>): Promise<SearchPage<CreditLogResponse>> {
    return { pagination: page.pagination, results: await this.logViews(companyId, page.results) };
  }

  async logViews(companyId: string, rows: CreditLogEntity[]): Promise<CreditLogResponse[]> {
    if (rows.length === 0) return [];
    const now = this.clock.now();
    const creditIds = unique(rows.map((l) => l.credit_id));
    const invoiceIds = unique(rows.map((l) => l.invoice_id));
    const [credits, invoices, lines] = await Promise.all([
      this.credits.find(companyId, { where: { id: In(creditIds) } }),
      invoiceIds.length ? this.invoices.find(companyId, { where: { id: In(invoiceIds) } }) : Promise.resolve([]),
      invoiceIds.length ? this.invoiceLines.find(companyId, { where: { invoice_id: In(invoiceIds) } }) : Promise.resolve([]),
    ]);
    const creditById = new Map(credits.map((c) => [c.id, c]));
    const items = await this.itemMap(companyId, unique([...rows.map((l) => l.item_id), ...credits.map((c) => c.item_id)]));
    const customers = await this.customers.getMany(
      companyId,
      unique([...rows.map((l) => l.customer_id), ...invoices.map((i) => i.customer_id)]),
    );
    const parentIds = unique([...customers.values()].map((c) => c.parent_customer_id)).filter((id) => !customers.has(id));
    const parents = await this.customers.getMany(companyId, parentIds);
    const customerOrParent = (id: string | null) => (id ? (customers.get(id) ?? parents.get(id) ?? null) : null);

    const linesByInvoice = new Map<string, InvoiceLineEntity[]>();
    for (const l of lines) {
      const list = linesByInvoice.get(l.invoice_id) ?? [];
      list.push(l);
      linesByInvoice.set(l.invoice_id, list);
    }
    const invoiceById = new Map(
      invoices.map((i) => {
        const customer = customers.get(i.customer_id);
        return [
          i.id,
          toInvoiceResponse(i, linesByInvoice.get(i.id) ?? [], customer ? toCustomerResponse(customer) : null, now, this.pages),
        ];
      }),
    );

    return rows.map((l) => {
      const credit = creditById.get(l.credit_id)!;
      const customer = customers.get(l.customer_id)!;
      return toCreditLogResponse(l, {
        credit: toCreditResponse(credit, credit.item_id ? (items.get(credit.item_id) ?? null) : null, now),
        customer: toCustomerSummary(customer, customerOrParent(customer.parent_customer_id)),
        invoice: l.invoice_id ? ((invoiceById.get(l.invoice_id) as Record<string, unknown> | undefined) ?? null) : null,
        item: l.item_id ? ((items.get(l.item_id) as CreditLogResponse['item'] | undefined) ?? null) : null,
      });
    });
  }

  async consumeView(companyId: string, r: ConsumeResult): Promise<ConsumeCreditsResponse> {
    const [credits, logs] = [await this.creditViews(companyId, r.credits), await this.logViews(companyId, r.logs)];
    const items = await this.itemMap(companyId, unique(r.balance.map((c) => c.item_id)));
    return toConsumeCreditsResponse(
      r,
      credits,
      logs,
      items as Map<string, ConsumeCreditsResponse['total_units_with_meta'][string]['item']>,
    );
  }
}
