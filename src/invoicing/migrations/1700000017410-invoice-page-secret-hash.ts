import { MigrationInterface, QueryRunner } from 'typeorm';
import { hashPlaintextSecrets } from '../../platform/hosted-pages/page-secrets';

/**
 * The invoice page link's secret is no longer stored: each final invoice keeps a nonce and the
 * hash of the secret derived from it (platform/hosted-pages/page-secrets.ts), which reads show
 * from now on. The hash of the plaintext secret handed out before is kept in
 * `link_legacy_hash`, so links already sent keep opening; the plaintext column is dropped.
 */
export class InvoicePageSecretHash1700000017410 implements MigrationInterface {
  name = 'InvoicePageSecretHash1700000017410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN link_hash text, ADD COLUMN link_nonce text, ADD COLUMN link_legacy_hash text`);
    await hashPlaintextSecrets((sql, params) => q.query(sql, params), {
      table: 'invoices',
      kind: 'invoice',
      keys: ['id'],
      plaintext: 'link_secret',
      hash: 'link_hash',
      nonce: 'link_nonce',
      legacyHash: 'link_legacy_hash',
    });
    await q.query(`DROP INDEX invoices_link_secret`);
    await q.query(`ALTER TABLE invoices DROP COLUMN link_secret`);
    await q.query(`CREATE UNIQUE INDEX invoices_link_hash ON invoices (company_id, link_hash) WHERE link_hash IS NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX invoices_link_legacy_hash ON invoices (company_id, link_legacy_hash) WHERE link_legacy_hash IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // a secret cannot be recovered from its hash: the links stay as they are
  }
}
