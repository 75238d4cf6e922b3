import { Inject, Injectable } from '@nestjs/common';
import { TALLY_CONFIG, TallyConfig } from '../platform/config/config';
import { companyOfPageToken, newPageToken } from '../platform/hosted-pages/token';
import { InvoiceEntity } from './invoicing.entity';
import { InvoicesRepository } from './invoicing.repository';
import { invoiceLinks, InvoiceLinks as Links } from './invoicing.mapper';

/** Runs one SQL statement (a query runner's, an entity manager's or a data source's `query`). */
type Query = (sql: string, params: unknown[]) => Promise<{ id: string }[]>;

/**
 * Gives a secret to every final invoice of the company that has none (written before links
 * existed), in batches; returns how many. Run once, by the migration that follows the one adding
 * the column, so answering an invoice never writes. A secret set meanwhile is kept.
 */
export async function backfillLinkSecrets(query: Query, companyId: string, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await query(
      `SELECT id FROM invoices WHERE company_id = $1 AND status <> 'DRAFT' AND link_secret IS NULL ORDER BY id LIMIT $2`,
      [companyId, batch],
    );
    if (rows.length === 0) return total;
    await query(
      `UPDATE invoices i SET link_secret = v.secret
         FROM unnest($2::text[], $3::text[]) AS v(id, secret)
        WHERE i.company_id = $1 AND i.id = v.id AND i.link_secret IS NULL AND i.status <> 'DRAFT'`,
      [companyId, rows.map((r) => r.id), rows.map(() => newPageToken(companyId))],
    );
    total += rows.length;
  }
}

/**
 * The secret links of final invoices (hosted page and PDF). A final invoice gets its secret
 * when it becomes final (InvoiceWriter, InvoiceLedger.finalize/void); final invoices written
 * before links existed got theirs from a migration (backfillLinkSecrets). Drafts never have a link.
 */
@Injectable()
export class InvoiceLinks {
  constructor(
    private readonly invoices: InvoicesRepository,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
  ) {}

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
