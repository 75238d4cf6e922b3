import { Injectable } from '@nestjs/common';
import { newPageToken } from '../platform/hosted-pages/token';
import { companyOfPageSecret, hashPageSecret, PageSecrets } from '../platform/hosted-pages/page-secrets';
import { InvoiceEntity } from './invoicing.entity';
import { InvoicesRepository } from './invoicing.repository';
import { invoiceLinks, InvoiceLinks as Links } from './invoicing.mapper';

/** Runs one SQL statement (a query runner's, an entity manager's or a data source's `query`). */
type Query = (sql: string, params: unknown[]) => Promise<{ id: string }[]>;

/**
 * Gave a plaintext secret to every final invoice of the company that had none (written before
 * links existed), in batches; returns how many. Run once, by InvoiceLinkBackfill1700000016200,
 * when the `link_secret` column still existed (InvoicePageSecretHash1700000017410 then replaced
 * every plaintext secret by its hash).
 */
export async function backfillLinkSecrets(query: Query, companyId: string, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await query(
      `SELECT id FROM invoices WHERE company_id = $1 AND status NOT IN ('DRAFT', 'ROLLED_UP') AND link_secret IS NULL ORDER BY id LIMIT $2`,
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
 * The secret links of final invoices (hosted page and PDF). A final invoice gets its link (a
 * nonce and the hash of the secret derived from it) when it becomes final (InvoiceWriter,
 * InvoiceLedger.finalize/void). Drafts never have a link. The secret itself is never stored:
 * reads rebuild it from the page key and the nonce.
 */
@Injectable()
export class InvoiceLinks {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly secrets: PageSecrets,
  ) {}

  /** The links of an invoice (null for a draft or an invoice without a link). */
  linksOf(invoice: InvoiceEntity): Links | null {
    return invoiceLinks(this.secrets, invoice);
  }

  /** A new link for an invoice becoming final: the columns to store. */
  issue(companyId: string, invoiceId: string): Pick<InvoiceEntity, 'link_nonce' | 'link_hash'> {
    const { nonce, hash } = this.secrets.issue('invoice', companyId, invoiceId);
    return { link_nonce: nonce, link_hash: hash };
  }

  /** The final invoice a page secret opens, or null (unknown, malformed, or a draft). */
  async bySecret(secret: string): Promise<InvoiceEntity | null> {
    const companyId = companyOfPageSecret(secret);
    if (!companyId) return null;
    const hash = hashPageSecret(secret);
    const invoice =
      (await this.invoices.findOne(companyId, { link_hash: hash })) ?? (await this.invoices.findOne(companyId, { link_legacy_hash: hash }));
    return invoice && invoice.status !== 'DRAFT' ? invoice : null;
  }
}
