import { ok, usd } from './fixtures';
import type { Tenant, TestApp } from './app';
import { expectBooksBalanced } from './audit';
import { AutoChargeService } from '../../src/payments/auto-charge.service';

/** Shared set-up of the invoice-ledger tests: customers, cards, one-time invoices, hand-made charge attempts, the audit. */

let n = 0;
export function ledgerKit(t: TestApp) {
  const auto = () => t.app.get(AutoChargeService);
  return {
    auto,
    async customer(tenant: Tenant, card: string | null = 'tok_visa') {
      const c = await ok(
        await tenant.post('/customers', { name: `Ledger ${++n}`, identifier: `ledger-${n}-${Math.random().toString(36).slice(2, 8)}` }),
        201,
      );
      if (card) await ok(await tenant.post(`/customers/${c.id}/payment_methods`, { token: card }), 200);
      return c;
    },
    /** A PENDING one-time invoice (no auto-charge: the tests enqueue the charge by hand). */
    async invoice(tenant: Tenant, customerId: string, cents: number) {
      const res = await ok(
        await tenant.post('/one_times', {
          customer_id: customerId,
          type: 'IMMEDIATE',
          onetime_items: [{ custom_price: { amount: usd(cents), description: 'Work' } }],
        }),
        201,
      );
      await auto().settle();
      return ok(await tenant.get(`/invoices/${res[0].invoice_uuid}`), 200);
    },
    async get(tenant: Tenant, uuid: string) {
      return ok(await tenant.get(`/invoices/${uuid}`), 200);
    },
    /** The first charge attempt of an invoice, written as the finalizer would (PENDING, due now); returns its id. */
    async enqueue(tenant: Tenant, invoiceUuid: string, at: Date) {
      const [row] = await t.dataSource.query('SELECT id, billed_customer_id FROM invoices WHERE company_id = $1 AND uuid = $2', [
        tenant.companyId,
        invoiceUuid,
      ]);
      const id = `pat_ledger_${++n}_${Math.random().toString(36).slice(2, 8)}`;
      await t.dataSource.query(
        `INSERT INTO payment_attempts (company_id, id, invoice_id, customer_id, subscription_id, sequence, status, due_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, NULL, 1, 'PENDING', $5, $5, $5)`,
        [tenant.companyId, id, row.id, row.billed_customer_id, at],
      );
      return id;
    },
    async attempt(tenant: Tenant, id: string) {
      return (
        await t.dataSource.query('SELECT status, transaction_id, status_message FROM payment_attempts WHERE company_id = $1 AND id = $2', [
          tenant.companyId,
          id,
        ])
      )[0];
    },
    async transactions(tenant: Tenant, invoiceUuid: string) {
      const page = await ok(
        await tenant.post('/payments/transactions/find', {
          pagination: { limit: 100 },
          query: { invoice_uuid: invoiceUuid },
          sort_key: 'createdAtAsc',
        }),
        200,
      );
      return page.results as any[];
    },
    async sandboxCharges(tenant: Tenant) {
      const rows = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM sandbox_operations WHERE company_id = $1 AND operation = 'charge' AND result->>'status' = 'SUCCEEDED'`,
        [tenant.companyId],
      );
      return rows[0].n as number;
    },
    /** The reconciliation of the tenant's books must find nothing. */
    async expectAuditClean(tenant: Tenant) {
      await expectBooksBalanced(t, [tenant.companyId]);
    },
  };
}
