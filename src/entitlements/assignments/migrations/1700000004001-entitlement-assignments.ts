import { MigrationInterface, QueryRunner } from 'typeorm';

export class EntitlementAssignments1700000004001 implements MigrationInterface {
  name = 'EntitlementAssignments1700000004001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE entitlement_assignments (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        owner_type text NOT NULL CHECK (owner_type IN ('PRODUCT', 'PRODUCT_PRICING', 'SUBSCRIPTION')),
        owner_id text NOT NULL,
        entitlement_id text NOT NULL,
        value jsonb NOT NULL,
        position integer NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT entitlement_assignments_owner_entitlement_key UNIQUE (company_id, owner_type, owner_id, entitlement_id),
        CONSTRAINT entitlement_assignments_entitlement_fkey FOREIGN KEY (company_id, entitlement_id) REFERENCES entitlements (company_id, id)
      )`);
    await q.query('CREATE INDEX entitlement_assignments_entitlement_idx ON entitlement_assignments (company_id, entitlement_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE entitlement_assignments');
  }
}
