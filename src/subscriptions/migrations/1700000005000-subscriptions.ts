import { MigrationInterface, QueryRunner } from 'typeorm';

const FREQ = `('HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR', 'ONETIME')`;

export class Subscriptions1700000005000 implements MigrationInterface {
  name = 'Subscriptions1700000005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscriptions (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        identifier text,
        customer_id text NOT NULL,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        start_date timestamptz(3) NOT NULL,
        billing_anchor_date timestamptz(3) NOT NULL,
        auto_renews boolean NOT NULL,
        auto_charges boolean NOT NULL,
        trial boolean NOT NULL,
        trial_term jsonb,
        trial_conversion_date timestamptz(3),
        end_date timestamptz(3),
        cancel_date timestamptz(3),
        cancel_config jsonb,
        pause_date timestamptz(3),
        pause_config jsonb,
        metadata jsonb NOT NULL DEFAULT '{}',
        minimum_spend_in_cents bigint,
        payment_method_id text,
        invoice_due_date_from_creation integer CHECK (invoice_due_date_from_creation >= 0),
        invoice_additional_display_fields jsonb,
        discounts jsonb NOT NULL DEFAULT '[]',
        onetime_items jsonb NOT NULL DEFAULT '[]',
        unpaid boolean NOT NULL DEFAULT false,
        mrr_in_cents bigint NOT NULL DEFAULT 0,
        arr_in_cents bigint NOT NULL DEFAULT 0,
        renewal_date timestamptz(3),
        next_invoice_date timestamptz(3),
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT subscriptions_identifier_key UNIQUE (company_id, identifier),
        CONSTRAINT subscriptions_customer_fkey FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
      )`);
    await q.query('CREATE INDEX subscriptions_customer_idx ON subscriptions (company_id, customer_id)');
    await q.query('CREATE INDEX subscriptions_created_idx ON subscriptions (company_id, created_at, id)');
    await q.query('CREATE INDEX subscriptions_updated_idx ON subscriptions (company_id, updated_at, id)');
    await q.query('CREATE INDEX subscriptions_end_idx ON subscriptions (company_id, end_date)');

    await q.query(`
      CREATE TABLE subscription_events (
        company_id text NOT NULL REFERENCES companies (company_id),
        subscription_id text NOT NULL,
        seq integer NOT NULL CHECK (seq >= 1),
        type text NOT NULL CHECK (type IN ('CREATED', 'UPDATED', 'CHANGED', 'CHANGE_SCHEDULED', 'CANCELLED', 'CANCEL_UNDONE', 'TRIAL_EXTENDED', 'PAUSED', 'RESUMED')),
        effective_at timestamptz(3) NOT NULL,
        recorded_at timestamptz(3) NOT NULL,
        before jsonb,
        after jsonb,
        PRIMARY KEY (company_id, subscription_id, seq),
        CONSTRAINT subscription_events_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id)
      )`);

    await q.query(`
      CREATE TABLE subscription_phases (
        company_id text NOT NULL REFERENCES companies (company_id),
        subscription_id text NOT NULL,
        seq integer NOT NULL CHECK (seq >= 1),
        starts_at timestamptz(3) NOT NULL,
        product_pricing_ids text[] NOT NULL,
        bundle_pricing_id text,
        config_items jsonb NOT NULL DEFAULT '[]',
        term_count integer NOT NULL CHECK (term_count >= 1),
        term_frequency text NOT NULL CHECK (term_frequency IN ${FREQ}),
        billing_term_count integer NOT NULL CHECK (billing_term_count >= 1),
        billing_term_frequency text NOT NULL CHECK (billing_term_frequency IN ${FREQ}),
        post_only boolean NOT NULL DEFAULT false,
        billing_anchor_date timestamptz(3) NOT NULL,
        change_kind text NOT NULL CHECK (change_kind IN ('CREATE', 'CHANGE')),
        proration_type text CHECK (proration_type IN ('NEXT', 'IMMEDIATE', 'NONE')),
        timing text,
        reset_billing_anchor boolean NOT NULL DEFAULT false,
        change_config jsonb,
        event_seq integer NOT NULL,
        superseded_by_event_seq integer,
        created_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, subscription_id, seq),
        CONSTRAINT subscription_phases_subscription_fkey FOREIGN KEY (company_id, subscription_id) REFERENCES subscriptions (company_id, id),
        CONSTRAINT subscription_phases_event_fkey FOREIGN KEY (company_id, subscription_id, event_seq) REFERENCES subscription_events (company_id, subscription_id, seq),
        CONSTRAINT subscription_phases_superseded_fkey FOREIGN KEY (company_id, subscription_id, superseded_by_event_seq) REFERENCES subscription_events (company_id, subscription_id, seq),
        CONSTRAINT subscription_phases_bundle_fkey FOREIGN KEY (company_id, bundle_pricing_id) REFERENCES bundles (company_id, id)
      )`);
    await q.query('CREATE INDEX subscription_phases_bundle_idx ON subscription_phases (company_id, bundle_pricing_id)');

    // history is append-only: the database refuses to rewrite or delete it (a phase may only
    // receive its superseded_by_event_seq trace flag, once)
    await q.query(`
      CREATE FUNCTION subscription_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'subscription_events is append-only';
      END $$`);
    await q.query(`
      CREATE FUNCTION subscription_phases_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.superseded_by_event_seq IS NULL
           AND (to_jsonb(NEW) - 'superseded_by_event_seq') = (to_jsonb(OLD) - 'superseded_by_event_seq') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'subscription_phases is append-only';
      END $$`);
    await q.query(`CREATE TRIGGER subscription_events_append_only BEFORE UPDATE OR DELETE ON subscription_events
      FOR EACH ROW EXECUTE FUNCTION subscription_events_append_only()`);
    await q.query(`CREATE TRIGGER subscription_phases_append_only BEFORE UPDATE OR DELETE ON subscription_phases
      FOR EACH ROW EXECUTE FUNCTION subscription_phases_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE subscription_phases');
    await q.query('DROP TABLE subscription_events');
    await q.query('DROP TABLE subscriptions');
    await q.query('DROP FUNCTION subscription_phases_append_only()');
    await q.query('DROP FUNCTION subscription_events_append_only()');
  }
}
