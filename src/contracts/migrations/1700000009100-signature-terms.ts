import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each signature records the digest of the terms it signed (`terms_digest`, `sha256:<hex>` of
 * the canonical JSON of the contract's term-bearing fields and prices). A contract executes only
 * when every signature's digest is the digest of its current terms. Signatures recorded before
 * this migration have none, so they no longer count: they are reset the next time the contract
 * is written and their signatories sign again.
 */
export class ContractSignatureTerms1700000009100 implements MigrationInterface {
  name = 'ContractSignatureTerms1700000009100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE contract_signatories ADD COLUMN terms_digest text');
    await q.query(`ALTER TABLE contract_signatories
      ADD CONSTRAINT contract_signatories_terms_check CHECK (NOT signed OR terms_digest IS NOT NULL) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE contract_signatories DROP CONSTRAINT contract_signatories_terms_check');
    await q.query('ALTER TABLE contract_signatories DROP COLUMN terms_digest');
  }
}
