import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { CatalogViews } from '../catalog/catalog.views';
import { CustomersRepository } from '../customers/customers.repository';
import { CompanySettingsService } from '../platform/company-settings/company-settings.service';
import { InvoiceLinesRepository } from '../invoicing/invoicing.repository';
import type { InvoiceEntity } from '../invoicing/invoicing.entity';
import { InvoiceDocument, toInvoiceDocument } from './invoice-pages.mapper';

/**
 * The one reader of what an invoice's page and PDF show: its lines, the billed customer, the
 * company's settings and the display type of each line's price. The hosted page and the e-mail's
 * PDF both read through it, so they cannot drift apart.
 */
@Injectable()
export class InvoiceDocuments {
  constructor(
    private readonly lines: InvoiceLinesRepository,
    private readonly customers: CustomersRepository,
    private readonly settings: CompanySettingsService,
    private readonly catalog: CatalogViews,
  ) {}

  async of(invoice: InvoiceEntity, context: { now: Date; paidCard?: string | null; payUrl?: string | null }): Promise<InvoiceDocument> {
    const companyId = invoice.company_id;
    const parentBilled = invoice.billed_customer_id !== invoice.customer_id;
    const [lines, customer, settings, forCustomer] = await Promise.all([
      this.lines.find(companyId, { where: { invoice_id: invoice.id } }),
      this.customers.findOne(companyId, { id: invoice.billed_customer_id }),
      this.settings.get(companyId),
      // a parent-billed invoice shows the child it is for beside the parent it is billed to
      parentBilled ? this.customers.findOne(companyId, { id: invoice.customer_id }) : Promise.resolve(null),
    ]);
    const childIds = [...new Set(lines.flatMap((l) => l.customer_id ?? []))];
    const [quantityDisplays, children] = await Promise.all([
      this.catalog.quantityDisplays(
        companyId,
        lines.flatMap((l) => l.product_metric_pricing_id ?? []),
      ),
      // a roll-up's lines are grouped under the children they were charged for
      childIds.length ? this.customers.find(companyId, { where: { id: In(childIds) } }) : Promise.resolve([]),
    ]);
    const byId = new Map(children.map((c) => [c.id, c]));
    return toInvoiceDocument({ invoice, lines, customer, forCustomer, settings, quantityDisplays, children: byId, ...context });
  }
}
