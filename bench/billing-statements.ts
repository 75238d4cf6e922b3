/**
 * The statements the billing run sends for what the bare baseline writes again, copied from
 * their owners (each keeps its own private): the baseline sends the same SQL so that it measures
 * the database's work for the run's writes and nothing else. When an owner changes its
 * statement, change the copy here with it.
 */

/** invoicing/invoice-writer.service.ts: numbers the invoices $2 of the company $1 from its counter, $3 numbers at once. */
export const ASSIGN_NUMBERS_SQL = `WITH counter AS (
    INSERT INTO company_counters (company_id, name, value) VALUES ($1, 'invoice_number', $3)
    ON CONFLICT (company_id, name) DO UPDATE SET value = company_counters.value + $3
    RETURNING value
  ), numbered AS (
    UPDATE invoices i SET number = counter.value - $3 + v.n
    FROM counter, unnest($2::text[]) WITH ORDINALITY AS v(id, n)
    WHERE i.company_id = $1 AND i.id = v.id AND i.number IS NULL
    RETURNING i.id
  )
  SELECT counter.value, (SELECT count(*) FROM numbered) AS numbered FROM counter`;

/** invoicing/billing-engine/write.ts: the billing cursors of the company $1's subscriptions $2. */
export const BILLING_CURSORS_UPSERT_SQL = `INSERT INTO billing_cursors (company_id, subscription_id, next_work_at, processed_through, seen_updated_at, created_at, updated_at)
  SELECT $1, v.id, v.next_work_at, v.through, v.seen, $5, $5
  FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $6::timestamptz[]) AS v(id, next_work_at, through, seen)
  ON CONFLICT (company_id, subscription_id) DO UPDATE SET next_work_at = EXCLUDED.next_work_at, processed_through = EXCLUDED.processed_through,
    seen_updated_at = EXCLUDED.seen_updated_at, updated_at = EXCLUDED.updated_at`;

/** subscriptions/subscription-billing-state.service.ts: the next invoice date of the company $1's subscriptions $2, each set to $3. */
export const NEXT_INVOICE_DATES_SQL = `UPDATE subscriptions s SET next_invoice_date = v.next
  FROM unnest($2::text[], $3::timestamptz[]) AS v(id, next)
  WHERE s.company_id = $1 AND s.id = v.id`;

/** webhooks/events/webhook-events.service.ts: events in one INSERT, each object once in the JSON array $6. */
export const WEBHOOK_EVENTS_INSERT_SQL = `WITH o AS MATERIALIZED (SELECT u.n, u.data FROM json_array_elements($6::json) WITH ORDINALITY AS u(data, n))
  INSERT INTO webhook_events (company_id, id, type, data, created_at)
  SELECT v.company_id, v.id, v.type, o.data, v.created_at
  FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[]) WITH ORDINALITY AS v(company_id, id, type, created_at, k, n)
  JOIN o ON o.n = v.k
  ORDER BY v.n`;
