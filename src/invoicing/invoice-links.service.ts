import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { companyOfPageToken, newPageToken } from '../platform/hosted-pages/token';
import { InvoiceEntity } from './invoicing.entity';
import { InvoicesRepository } from './invoicing.repository';
import { invoiceLinks, InvoiceLinks as Links } from './invoicing.mapper';

/**
 * The secret links of final invoices (hosted page and PDF). A final invoice gets its secret
 * when it becomes final (InvoiceWriter, InvoiceLedger.finalize/void); `ensure` gives one to a
 * final invoice that has none (written before links existed), once — a concurrent twin's
 * secret wins. Drafts never have a link.
 */
@Injectable()
export class InvoiceLinks {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesRepository,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
  ) {}

  /** Fills `link_secret` of the final invoices among `invoices` that have none (one statement for all). */
  async ensure(companyId: string, invoices: InvoiceEntity[], m: EntityManager = this.dataSource.manager): Promise<void> {
    const missing = invoices.filter((i) => i.id && i.status !== 'DRAFT' && !i.link_secret);
    if (missing.length === 0) return;
    const secrets = missing.map(() => newPageToken(companyId));
    await m.query(
      `UPDATE invoices i SET link_secret = v.secret
         FROM unnest($2::text[], $3::text[]) AS v(id, secret)
        WHERE i.company_id = $1 AND i.id = v.id AND i.link_secret IS NULL AND i.status <> 'DRAFT'`,
      [companyId, missing.map((i) => i.id), secrets],
    );
    const rows: { id: string; link_secret: string | null }[] = await m.query(
      'SELECT id, link_secret FROM invoices WHERE company_id = $1 AND id = ANY($2::text[])',
      [companyId, missing.map((i) => i.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r.link_secret]));
    for (const i of missing) i.link_secret = byId.get(i.id) ?? null;
  }

  /** The links of an invoice (null for a draft or an invoice without a secret). */
  linksOf(invoice: InvoiceEntity): Links | null {
    return invoiceLinks(this.config.publicUrl, invoice);
  }

  /** The final invoice a page secret opens, or null (unknown, malformed, or a draft). */
  async bySecret(secret: string): Promise<InvoiceEntity | null> {
    const companyId = companyOfPageToken(secret);
    if (!companyId) return null;
    const invoice = await this.invoices.findOne(companyId, { link_secret: secret });
    return invoice && invoice.status !== 'DRAFT' ? invoice : null;
  }
}
