import { groupBy } from '../platform/collections';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Clock } from '../platform/clock/clock';
import type { SearchPage } from '../platform/search/search';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { CustomerEntitlementsPort } from '../customers/customer-entitlements-view.service';
import { toCustomerResponse } from '../customers/customers.mapper';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { CatalogViews } from '../catalog/catalog.views';
import type { InvoiceEntity, InvoiceLineEntity, OneTimeBillableEntity } from './invoicing.entity';
import type { CustomerEntity } from '../customers/customer.entity';
import { preparedIn } from '../platform/database/prepared';
import { requireCompany } from '../platform/tenancy/scoped.repository';
import { InvoiceLinesRepository, InvoicesRepository } from './invoicing.repository';
import { toInvoiceResponse, toOneTimeBillableResponse } from './invoicing.mapper';
import type { InvoiceResponse } from './dto/invoice.dto';
import type { OneTimeBillableResponse } from './dto/one-time.dto';
import type { InvoiceLinkResponse } from './dto/invoice.dto';
import { InvoiceLinks } from './invoice-links.service';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';

/** The customers an invoice answer embeds: its customer and the one billed (a parent for a parent-billed invoice). */
const PARTIES = 'SELECT customer_id FROM inv UNION SELECT billed_customer_id FROM inv';

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Invoices and one-time billables as responses, with what they embed loaded in a fixed number
 * of batched queries per page, never one per row: an invoice embeds its lines and its full
 * customer (with the customer's entitlements); a one-time billable its expanded product pricing
 * and the uuid of the invoice it is on.
 */
@Injectable()
export class InvoicingViews implements OnModuleInit {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly lines: InvoiceLinesRepository,
    private readonly customers: CustomerLookupService,
    private readonly customerEntitlements: CustomerEntitlementsPort,
    private readonly pricings: ProductPricingsRepository,
    private readonly catalogViews: CatalogViews,
    private readonly clock: Clock,
    private readonly links: InvoiceLinks,
    private readonly events: WebhookEventsService,
    private readonly pages: PageSecrets,
  ) {}

  /** Webhook events carry invoices as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('invoice', (m, companyId, ids) => this.objectsIn(m, companyId, ids));
  }

  private objectsSql?: string;

  /**
   * The invoices' answers, read inside the transaction of `m` (what it changed included): the
   * invoices, their lines, their customers and the customers' live subscriptions in ONE prepared
   * statement, then the entitlements' inputs in one more when there are live subscriptions.
   */
  private async objectsIn(m: EntityManager, companyId: string, ids: string[]): Promise<Map<string, InvoiceResponse>> {
    const now = this.clock.now();
    const sql = (this.objectsSql ??= `WITH inv AS (${this.invoices.rowsSql('i', '$1', 'i.id = ANY ($2::text[])')})
      SELECT ${this.invoices.jsonRowsOfSql('i', 'inv')} AS invoices,
        ${this.lines.jsonRowsSql('l', '$1', 'l.invoice_id IN (SELECT id FROM inv)', 'l.invoice_id, l.position')} AS lines,
        ${this.customers.jsonRowsSql('$1', PARTIES)} AS customers,
        ${this.customerEntitlements.liveSql('$1', PARTIES, '$3')} AS live`);
    const [row] = await preparedIn<{ invoices: unknown; lines: unknown; customers: unknown; live: unknown }>(
      m,
      'tally_invoice_objects',
      sql,
      [requireCompany(companyId), ids, now],
    );
    const invoices = this.invoices.fromJson(row.invoices);
    const linesByInvoice = groupBy(this.lines.fromJson(row.lines), (l) => l.invoice_id);
    const customers = new Map(this.customers.fromJson(row.customers).map((c) => [c.id, c]));
    const entitlements = await this.customerEntitlements.fromLive(companyId, [...customers.keys()], row.live, now, m);
    return new Map(
      invoices.map((invoice) => [invoice.id, this.respond(invoice, linesByInvoice.get(invoice.id) ?? [], customers, entitlements, now)]),
    );
  }

  /** Outside transactions (webhook events' objects come from `objectsIn`). */
  async invoiceViews(companyId: string, invoices: InvoiceEntity[]): Promise<InvoiceResponse[]> {
    if (invoices.length === 0) return [];
    const ids = invoices.map((i) => i.id);
    const lines = await this.lines.queryBuilder(companyId, 'l').andWhere('l.invoice_id IN (:...ids)', { ids }).getMany();
    const linesByInvoice = groupBy(lines, (l) => l.invoice_id);
    return this.withCustomers(
      companyId,
      invoices.map((invoice) => ({ invoice, lines: linesByInvoice.get(invoice.id) ?? [] })),
    );
  }

  /** An invoice not written (the next-invoice preview), with the lines the engine computed. */
  async previewView(companyId: string, preview: { invoice: InvoiceEntity; lines: InvoiceLineEntity[] }): Promise<InvoiceResponse> {
    return (await this.withCustomers(companyId, [preview]))[0];
  }

  /** Maps invoices with their lines, embedding each one's customer (entitlements included), loaded for all at once. */
  private async withCustomers(
    companyId: string,
    docs: { invoice: InvoiceEntity; lines: InvoiceLineEntity[] }[],
  ): Promise<InvoiceResponse[]> {
    const now = this.clock.now();
    const customers = await this.customers.getMany(
      companyId,
      unique(docs.flatMap((d) => [d.invoice.customer_id, d.invoice.billed_customer_id])),
    );
    const entitlements = await this.customerEntitlements.forCustomers(companyId, [...customers.keys()]);
    return docs.map(({ invoice, lines }) => this.respond(invoice, lines, customers, entitlements, now));
  }

  /** One invoice's answer, its customer and billed customer embedded with their computed entitlements. */
  private respond(
    invoice: InvoiceEntity,
    lines: InvoiceLineEntity[],
    customers: Map<string, CustomerEntity>,
    entitlements: Map<string, Record<string, unknown>[]>,
    now: Date,
  ): InvoiceResponse {
    const view = (id: string) => {
      const c = customers.get(id);
      return c ? toCustomerResponse(c, entitlements.get(c.id) ?? []) : null;
    };
    const customer = view(invoice.customer_id);
    const billed = invoice.billed_customer_id === invoice.customer_id ? customer : view(invoice.billed_customer_id);
    return toInvoiceResponse(invoice, lines, customer, now, this.pages, billed) as InvoiceResponse;
  }

  async invoiceView(companyId: string, invoice: InvoiceEntity): Promise<InvoiceResponse> {
    return (await this.invoiceViews(companyId, [invoice]))[0];
  }

  /** `GET /invoices/{uuid}/link`: the hosted page's URL (the invoice is final and has its secret). */
  linkView(invoice: InvoiceEntity): InvoiceLinkResponse {
    const url = this.links.linksOf(invoice)!.hosted;
    return { url, link: url };
  }

  async invoicePage(companyId: string, page: SearchPage<InvoiceEntity>): Promise<SearchPage<InvoiceResponse>> {
    return { pagination: page.pagination, results: await this.invoiceViews(companyId, page.results) };
  }

  async oneTimeViews(companyId: string, rows: OneTimeBillableEntity[]): Promise<OneTimeBillableResponse[]> {
    if (rows.length === 0) return [];
    const pricingIds = unique(rows.map((r) => r.product_pricing_id));
    const invoiceIds = unique(rows.map((r) => r.invoice_id));
    const [pricingRows, invoiceRows] = await Promise.all([
      pricingIds.length ? this.pricings.find(companyId, { where: { id: In(pricingIds) } }) : [],
      invoiceIds.length ? this.invoices.find(companyId, { where: { id: In(invoiceIds) } }) : [],
    ]);
    const pricingViews = new Map((await this.catalogViews.pricingViews(companyId, pricingRows)).map((v) => [v.id, v]));
    const uuidById = new Map(invoiceRows.map((i) => [i.id, i.uuid]));
    return rows.map((r) =>
      toOneTimeBillableResponse(
        r,
        r.invoice_id ? (uuidById.get(r.invoice_id) ?? null) : null,
        r.product_pricing_id ? (pricingViews.get(r.product_pricing_id) ?? null) : null,
      ),
    );
  }

  async oneTimePage(companyId: string, page: SearchPage<OneTimeBillableEntity>): Promise<SearchPage<OneTimeBillableResponse>> {
    return { pagination: page.pagination, results: await this.oneTimeViews(companyId, page.results) };
  }
}
