import { MigrationInterface, QueryRunner } from 'typeorm';

/** `POST /objects/find` sorts by object_identifier (aToZ, zToA): keyset pages read this index in order. */
export class ObjectsIdentifierOrder1700000015100 implements MigrationInterface {
  name = 'ObjectsIdentifierOrder1700000015100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX billable_objects_identifier_idx ON billable_objects (company_id, object_identifier, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX billable_objects_identifier_idx');
  }
}
