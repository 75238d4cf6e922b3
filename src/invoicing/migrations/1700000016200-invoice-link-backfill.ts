import { MigrationInterface, QueryRunner } from 'typeorm';
import { companiesToVisit } from '../../platform/database/cross-company';
import { backfillLinkSecrets } from '../invoice-links.service';

/**
 * Every final invoice written before links existed gets its secret here, once, company by
 * company in batches, so that answering an invoice never has to write one.
 */
export class InvoiceLinkBackfill1700000016200 implements MigrationInterface {
  name = 'InvoiceLinkBackfill1700000016200';

  async up(q: QueryRunner): Promise<void> {
    const companies = await companiesToVisit((sql) => q.query(sql), 'invoice-link-backfill');
    for (const company_id of companies) await backfillLinkSecrets((sql, params) => q.query(sql, params), company_id);
  }

  async down(): Promise<void> {
    // the secrets stay: links already handed out keep working
  }
}
