import { MigrationInterface, QueryRunner } from 'typeorm';

const STATE = `state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'ARCHIVED'))`;
const FREQ = `('HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR', 'ONETIME')`;

export class Catalog1700000004000 implements MigrationInterface {
  name = 'Catalog1700000004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        name text NOT NULL,
        external_name text,
        description text,
        image_url text,
        metadata jsonb NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        ${STATE},
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX products_created_idx ON products (company_id, created_at, id)');
    await q.query('CREATE INDEX products_updated_idx ON products (company_id, updated_at, id)');
    await q.query('CREATE INDEX products_name_idx ON products (company_id, name)');

    await q.query(`
      CREATE TABLE product_pricings (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        product_id text NOT NULL,
        name text NOT NULL,
        external_name text,
        description text,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        type text NOT NULL CHECK (type IN ('RECURRING', 'ONETIME')),
        pricing_type text NOT NULL CHECK (pricing_type IN ('FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED')),
        ${STATE},
        metadata jsonb NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        upsell_product_pricing_id text,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT product_pricings_product_fkey FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
        CONSTRAINT product_pricings_upsell_fkey FOREIGN KEY (company_id, upsell_product_pricing_id) REFERENCES product_pricings (company_id, id)
      )`);
    await q.query('CREATE INDEX product_pricings_product_idx ON product_pricings (company_id, product_id)');
    await q.query('CREATE INDEX product_pricings_upsell_idx ON product_pricings (company_id, upsell_product_pricing_id)');
    await q.query('CREATE INDEX product_pricings_created_idx ON product_pricings (company_id, created_at, id)');
    await q.query('CREATE INDEX product_pricings_updated_idx ON product_pricings (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE item_pricings (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        item_id text NOT NULL,
        name text NOT NULL,
        external_name text,
        description text,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        pricing_type text NOT NULL CHECK (pricing_type IN ('FIXED', 'STEP', 'GRADIENT', 'VOLUME', 'CUSTOM', 'SCHEDULED')),
        type text NOT NULL CHECK (type IN ('RECURRING', 'ONETIME')),
        frequency text NOT NULL CHECK (frequency IN ${FREQ}),
        term_count integer NOT NULL CHECK (term_count >= 1),
        base_price_in_cents bigint NOT NULL DEFAULT 0 CHECK (base_price_in_cents >= 0),
        base_units bigint NOT NULL DEFAULT 0 CHECK (base_units >= 0),
        fixed_price_per_unit numeric CHECK (fixed_price_per_unit >= 0),
        step_price_per_step numeric CHECK (step_price_per_step >= 0),
        step_size bigint CHECK (step_size > 0),
        custom_price_per_unit numeric CHECK (custom_price_per_unit >= 0),
        custom_preset_price_per_unit numeric CHECK (custom_preset_price_per_unit >= 0),
        custom_min_price_per_unit numeric CHECK (custom_min_price_per_unit >= 0),
        custom_max_price_per_unit numeric CHECK (custom_max_price_per_unit >= 0),
        minimum_spend_in_cents bigint CHECK (minimum_spend_in_cents >= 0),
        minimum_spend_schedule jsonb,
        charge_type text NOT NULL DEFAULT 'PRE_POST' CHECK (charge_type IN ('PRE_POST', 'POST_ONLY')),
        proration_type text NOT NULL DEFAULT 'PRORATE_ALL' CHECK (proration_type IN ('PRORATE_ALL', 'NONE')),
        carry_over boolean NOT NULL DEFAULT false,
        credit_price jsonb,
        true_up_frequency text,
        display_type text NOT NULL DEFAULT 'UNITS',
        ${STATE},
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT item_pricings_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id)
      )`);
    await q.query('CREATE INDEX item_pricings_item_idx ON item_pricings (company_id, item_id)');
    await q.query('CREATE INDEX item_pricings_created_idx ON item_pricings (company_id, created_at, id)');
    await q.query('CREATE INDEX item_pricings_updated_idx ON item_pricings (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE item_pricing_tiers (
        company_id text NOT NULL,
        item_pricing_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('GRADIENT', 'VOLUME')),
        position integer NOT NULL CHECK (position >= 0),
        start_units bigint NOT NULL CHECK (start_units >= 0),
        end_units bigint CHECK (end_units > start_units),
        flat_price numeric NOT NULL DEFAULT 0 CHECK (flat_price >= 0),
        price_per_unit numeric NOT NULL DEFAULT 0 CHECK (price_per_unit >= 0),
        is_custom_tier boolean NOT NULL DEFAULT false,
        PRIMARY KEY (company_id, item_pricing_id, kind, position),
        CONSTRAINT item_pricing_tiers_item_pricing_fkey FOREIGN KEY (company_id, item_pricing_id) REFERENCES item_pricings (company_id, id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE item_pricing_scheduled_prices (
        company_id text NOT NULL,
        item_pricing_id text NOT NULL,
        position integer NOT NULL CHECK (position >= 0),
        price_per_unit numeric NOT NULL CHECK (price_per_unit >= 0),
        PRIMARY KEY (company_id, item_pricing_id, position),
        CONSTRAINT item_pricing_scheduled_prices_item_pricing_fkey FOREIGN KEY (company_id, item_pricing_id) REFERENCES item_pricings (company_id, id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE product_metric_pricings (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        product_id text NOT NULL,
        product_pricing_id text NOT NULL,
        item_id text NOT NULL,
        metric_id text NOT NULL,
        item_pricing_id text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT product_metric_pricings_product_fkey FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
        CONSTRAINT product_metric_pricings_pricing_fkey FOREIGN KEY (company_id, product_pricing_id) REFERENCES product_pricings (company_id, id),
        CONSTRAINT product_metric_pricings_item_fkey FOREIGN KEY (company_id, item_id) REFERENCES billable_items (company_id, id),
        CONSTRAINT product_metric_pricings_metric_fkey FOREIGN KEY (company_id, metric_id) REFERENCES billable_metrics (company_id, id),
        CONSTRAINT product_metric_pricings_item_pricing_fkey FOREIGN KEY (company_id, item_pricing_id) REFERENCES item_pricings (company_id, id)
      )`);
    await q.query('CREATE INDEX product_metric_pricings_pricing_idx ON product_metric_pricings (company_id, product_pricing_id)');
    await q.query('CREATE INDEX product_metric_pricings_product_idx ON product_metric_pricings (company_id, product_id)');
    await q.query('CREATE INDEX product_metric_pricings_item_idx ON product_metric_pricings (company_id, item_id)');
    await q.query('CREATE INDEX product_metric_pricings_metric_idx ON product_metric_pricings (company_id, metric_id)');
    await q.query('CREATE INDEX product_metric_pricings_item_pricing_idx ON product_metric_pricings (company_id, item_pricing_id)');
    await q.query('CREATE INDEX product_metric_pricings_created_idx ON product_metric_pricings (company_id, created_at, id)');
    await q.query('CREATE INDEX product_metric_pricings_updated_idx ON product_metric_pricings (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE bundles (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        name text NOT NULL,
        description text,
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        term_count integer NOT NULL CHECK (term_count >= 1),
        term_frequency text NOT NULL CHECK (term_frequency IN ${FREQ}),
        is_auto_generated boolean NOT NULL DEFAULT false,
        ${STATE},
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id)
      )`);
    await q.query('CREATE INDEX bundles_created_idx ON bundles (company_id, created_at, id)');
    await q.query('CREATE INDEX bundles_updated_idx ON bundles (company_id, updated_at, id)');

    await q.query(`
      CREATE TABLE bundle_product_pricings (
        company_id text NOT NULL REFERENCES companies (company_id),
        id text NOT NULL,
        bundle_id text NOT NULL,
        product_id text NOT NULL,
        product_pricing_id text NOT NULL,
        position integer NOT NULL,
        created_at timestamptz(3) NOT NULL,
        updated_at timestamptz(3) NOT NULL,
        PRIMARY KEY (company_id, id),
        CONSTRAINT bundle_product_pricings_pricing_key UNIQUE (company_id, bundle_id, product_pricing_id),
        CONSTRAINT bundle_product_pricings_bundle_fkey FOREIGN KEY (company_id, bundle_id) REFERENCES bundles (company_id, id),
        CONSTRAINT bundle_product_pricings_product_fkey FOREIGN KEY (company_id, product_id) REFERENCES products (company_id, id),
        CONSTRAINT bundle_product_pricings_pricing_fkey FOREIGN KEY (company_id, product_pricing_id) REFERENCES product_pricings (company_id, id)
      )`);
    await q.query('CREATE INDEX bundle_product_pricings_pricing_idx ON bundle_product_pricings (company_id, product_pricing_id)');
    await q.query('CREATE INDEX bundle_product_pricings_product_idx ON bundle_product_pricings (company_id, product_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'bundle_product_pricings',
      'bundles',
      'product_metric_pricings',
      'item_pricing_scheduled_prices',
      'item_pricing_tiers',
      'item_pricings',
      'product_pricings',
      'products',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
