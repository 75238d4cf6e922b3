import { MigrationInterface, QueryRunner } from 'typeorm';
import { hashPlaintextSecrets } from '../../platform/hosted-pages/page-secrets';

/**
 * The checkout page's token is no longer stored: each session keeps a nonce and the hash of the
 * secret derived from it (platform/hosted-pages/page-secrets.ts), which `url` shows from now on.
 * The hash of the plaintext token handed out before is kept in `token_legacy_hash`, so links
 * already sent keep opening; the plaintext column is dropped.
 */
export class CheckoutTokenHash1700000017420 implements MigrationInterface {
  name = 'CheckoutTokenHash1700000017420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE checkout_sessions ADD COLUMN token_hash text, ADD COLUMN token_nonce text, ADD COLUMN token_legacy_hash text,
         ALTER COLUMN token DROP NOT NULL`,
    );
    await hashPlaintextSecrets((sql, params) => q.query(sql, params), {
      table: 'checkout_sessions',
      kind: 'checkout',
      keys: ['id'],
      plaintext: 'token',
      hash: 'token_hash',
      nonce: 'token_nonce',
      legacyHash: 'token_legacy_hash',
    });
    await q.query(`ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_token_key`);
    await q.query(`ALTER TABLE checkout_sessions DROP COLUMN token`);
    await q.query(
      `ALTER TABLE checkout_sessions ALTER COLUMN token_hash SET NOT NULL, ALTER COLUMN token_nonce SET NOT NULL,
         ADD CONSTRAINT checkout_sessions_token_hash_key UNIQUE (company_id, token_hash)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX checkout_sessions_token_legacy_hash ON checkout_sessions (company_id, token_legacy_hash)
         WHERE token_legacy_hash IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // a secret cannot be recovered from its hash: the links stay as they are
  }
}
