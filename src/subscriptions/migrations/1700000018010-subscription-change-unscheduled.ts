import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `CHANGE_UNSCHEDULED`: the event of a scheduled change cancelled before its instant (its phase
 * is marked superseded by it). Other scheduled changes stay.
 */
export class SubscriptionChangeUnscheduled1700000018010 implements MigrationInterface {
  name = 'SubscriptionChangeUnscheduled1700000018010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE subscription_events DROP CONSTRAINT subscription_events_type_check,
         ADD CONSTRAINT subscription_events_type_check CHECK (type IN ('CREATED', 'UPDATED', 'CHANGED', 'CHANGE_SCHEDULED',
           'CHANGE_UNSCHEDULED', 'CANCELLED', 'CANCEL_UNDONE', 'TRIAL_EXTENDED', 'PAUSED', 'RESUMED'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE subscription_events DROP CONSTRAINT subscription_events_type_check,
         ADD CONSTRAINT subscription_events_type_check CHECK (type IN ('CREATED', 'UPDATED', 'CHANGED', 'CHANGE_SCHEDULED',
           'CANCELLED', 'CANCEL_UNDONE', 'TRIAL_EXTENDED', 'PAUSED', 'RESUMED'))`,
    );
  }
}
