import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contract templates (content with {{variables}}), and the reference's contract fields:
 * template_id, options, requires_payment_method, trial, trial_term.
 */
export class ContractTemplates1700000015520 implements MigrationInterface {
  name = 'ContractTemplates1700000015520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contract_templates (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        name text NOT NULL,
        description text,
        content text NOT NULL,
        variables jsonb NOT NULL DEFAULT '[]',
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX contract_templates_created_idx ON contract_templates (company_id, created_at, id)');
    await q.query('CREATE INDEX contract_templates_updated_idx ON contract_templates (company_id, updated_at, id)');
    await q.query('CREATE INDEX contract_templates_name_idx ON contract_templates (company_id, name)');

    await q.query(`
      ALTER TABLE contracts
        ADD COLUMN template_id text,
        ADD COLUMN options jsonb,
        ADD COLUMN requires_payment_method boolean NOT NULL DEFAULT false,
        ADD COLUMN trial boolean NOT NULL DEFAULT false,
        ADD COLUMN trial_term jsonb,
        ADD CONSTRAINT contracts_template_fkey FOREIGN KEY (company_id, template_id) REFERENCES contract_templates (company_id, id)`);
    await q.query('CREATE INDEX contracts_template_idx ON contracts (company_id, template_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX contracts_template_idx');
    await q.query(`
      ALTER TABLE contracts
        DROP CONSTRAINT contracts_template_fkey,
        DROP COLUMN template_id,
        DROP COLUMN options,
        DROP COLUMN requires_payment_method,
        DROP COLUMN trial,
        DROP COLUMN trial_term`);
    await q.query('DROP TABLE contract_templates');
  }
}
