import type { EntityManager } from 'typeorm';
import { customerCounterName, formatInvoiceNumber, InvoiceNumberSettings } from '../platform/company-settings/invoice-number-format';

/**
 * Takes `counts` numbers from each billed customer's counter in one statement (rows upserted in
 * name order, so two transactions lock them in the same order) and answers each counter's new
 * value. The caller holds the company's counter already: a company's numberings are serialised by
 * it, and these rows, like it, stay locked until the commit, so a rollback gives the numbers back.
 */
const TAKE_CUSTOMER_NUMBERS_SQL = `INSERT INTO company_counters (company_id, name, value)
  SELECT $1, v.name, v.k FROM unnest($2::text[], $3::bigint[]) AS v(name, k) ORDER BY v.name
  ON CONFLICT (company_id, name) DO UPDATE SET value = company_counters.value + EXCLUDED.value
  RETURNING name, value`;

const WRITE_FORMATTED_SQL = `UPDATE invoices i SET formatted_number = v.f
  FROM unnest($2::text[], $3::text[]) AS v(id, f)
  WHERE i.company_id = $1 AND i.id = v.id`;

/**
 * Writes the formatted numbers of invoices just numbered (`numbers`: id → company sequence, in
 * numbering order) and answers them. Per-customer sequences are taken here, in the same order.
 */
export async function writeFormattedNumbers(
  manager: EntityManager,
  companyId: string,
  format: InvoiceNumberSettings,
  numbers: Map<string, number>,
): Promise<Map<string, string>> {
  const ids = [...numbers.keys()];
  const customers = await billedCustomers(manager, companyId, ids);
  const sequences = new Map(numbers);
  if (format.invoice_number_sequence === 'CUSTOMER') {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(customers.get(id)!, (counts.get(customers.get(id)!) ?? 0) + 1);
    const names = [...counts.keys()].sort();
    const rows: { name: string; value: string }[] = await manager.query(TAKE_CUSTOMER_NUMBERS_SQL, [
      companyId,
      names.map(customerCounterName),
      names.map((c) => counts.get(c)!),
    ]);
    const next = new Map(names.map((c) => [c, Number(rows.find((r) => r.name === customerCounterName(c))!.value) - counts.get(c)! + 1]));
    for (const id of ids) {
      const c = customers.get(id)!;
      sequences.set(id, next.get(c)!);
      next.set(c, next.get(c)! + 1);
    }
  }
  const formatted = new Map(ids.map((id) => [id, formatInvoiceNumber(format, sequences.get(id)!, customers.get(id)!)]));
  await manager.query(WRITE_FORMATTED_SQL, [companyId, ids, ids.map((id) => formatted.get(id)!)]);
  return formatted;
}

async function billedCustomers(manager: EntityManager, companyId: string, ids: string[]): Promise<Map<string, string>> {
  const rows: { id: string; billed_customer_id: string }[] = await manager.query(
    'SELECT id, billed_customer_id FROM invoices WHERE company_id = $1 AND id = ANY($2::text[])',
    [companyId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.billed_customer_id]));
}
