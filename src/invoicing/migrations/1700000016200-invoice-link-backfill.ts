import { MigrationInterface, QueryRunner } from 'typeorm';
import { crossCompany } from '../../platform/database/cross-company';
import { backfillLinkSecrets } from '../invoice-links.service';

/**
 * Every final invoice written before links existed gets its secret here, once, company by
 * company in batches, so that answering an invoice never has to write one.
 */
export class InvoiceLinkBackfill1700000016200 implements MigrationInterface {
  name = 'InvoiceLinkBackfill1700000016200';

  async up(q: QueryRunner): Promise<void> {
    const companies: { company_id: string }[] = await q.query(
      `${crossCompany('invoice-link-backfill')}SELECT company_id FROM companies ORDER BY company_id`,
    );
    for (const { company_id } of companies) await backfillLinkSecrets((sql, params) => q.query(sql, params), company_id);
  }

  async down(): Promise<void> {
    // the secrets stay: links already handed out keep working
  }
}
