import { MigrationInterface, QueryRunner } from 'typeorm';
import { hashPlaintextSecrets } from '../../platform/hosted-pages/page-secrets';

/**
 * The signing link's token is no longer stored: each signatory keeps a nonce and the hash of the
 * secret derived from it (platform/hosted-pages/page-secrets.ts), which `signature_link` shows
 * from now on. The hash of the plaintext token handed out before is kept in
 * `signing_legacy_hash`, so links already sent keep opening; the plaintext column is dropped.
 */
export class SigningTokenHash1700000017430 implements MigrationInterface {
  name = 'SigningTokenHash1700000017430';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE contract_signatories ADD COLUMN signing_hash text, ADD COLUMN signing_nonce text,
         ADD COLUMN signing_legacy_hash text, ALTER COLUMN signing_token DROP NOT NULL`,
    );
    await hashPlaintextSecrets((sql, params) => q.query(sql, params), {
      table: 'contract_signatories',
      kind: 'signing',
      keys: ['contract_id', 'email_key'],
      plaintext: 'signing_token',
      hash: 'signing_hash',
      nonce: 'signing_nonce',
      legacyHash: 'signing_legacy_hash',
    });
    await q.query(`ALTER TABLE contract_signatories DROP CONSTRAINT contract_signatories_token_key`);
    await q.query(`ALTER TABLE contract_signatories DROP COLUMN signing_token`);
    await q.query(
      `ALTER TABLE contract_signatories ALTER COLUMN signing_hash SET NOT NULL, ALTER COLUMN signing_nonce SET NOT NULL,
         ADD CONSTRAINT contract_signatories_signing_hash_key UNIQUE (company_id, signing_hash)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX contract_signatories_signing_legacy_hash ON contract_signatories (company_id, signing_legacy_hash)
         WHERE signing_legacy_hash IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // a secret cannot be recovered from its hash: the links stay as they are
  }
}
