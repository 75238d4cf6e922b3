/**
 * The reconciliation (`npm run cli -- audit`, AuditService): clean books pass (exit 0), and rows
 * corrupted on purpose — raw SQL, in this test only — are found, named, and make the command
 * exit non-zero. The CHECK constraints refuse the corruptions the database can see by itself.
 */
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { cli } from '../support/cli';
import { ledgerKit } from '../support/ledger';
import { ok, usd } from '../support/fixtures';
import { AuditService } from '../../src/audit/audit.service';

const T0 = new Date('2034-07-01T08:00:00.000Z');

describe('audit: reconciliation of invoices, payments and credits', () => {
  let t: TestApp;
  let kit: ReturnType<typeof ledgerKit>;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FixedClock(T0) });
    kit = ledgerKit(t);
  });
  afterAll(() => t.close());

  /** A company with paid, partly paid, credited, refunded and void invoices. */
  async function books(name: string) {
    const tenant = await t.tenant(name);
    const c = await kit.customer(tenant);
    const credit = await ok(await tenant.post('/credits', { customer_id: c.id, name: 'Prepaid', type: 'AMOUNT', amount: usd(250) }), 201);
    const credited = await kit.invoice(tenant, c.id, 1000); // 250 from the credit
    await ok(await tenant.post(`/invoices/${credited.uuid}/mark_paid`, { amount: usd(300), provider_type: 'WIRE' }), 200);
    const charged = await kit.invoice(tenant, c.id, 800);
    const attempt = await kit.enqueue(tenant, charged.uuid, T0);
    expect(await kit.auto().dispatchAttempt(tenant.companyId, attempt, T0)).toBe('succeeded');
    const [payment] = await kit.transactions(tenant, charged.uuid);
    await ok(await tenant.post(`/payments/transactions/${payment.id}/refund`, { amount: usd(100) }), 200);
    const voided = await kit.invoice(tenant, c.id, 50);
    await ok(await tenant.post(`/invoices/${voided.uuid}/void`, {}), 200);
    return { tenant, customer: c, credit, credited, charged, payment, voided };
  }

  const invoiceId = async (tenant: Tenant, uuid: string) =>
    (await t.dataSource.query('SELECT id FROM invoices WHERE company_id = $1 AND uuid = $2', [tenant.companyId, uuid]))[0].id;

  it('clean books: no violations, in-process and from the command line (exit 0, one line of JSON)', async () => {
    const { tenant, credited, charged } = await books('Audit clean');
    expect(await kit.get(tenant, credited.uuid)).toMatchObject({ status: 'PENDING', total: usd(750), paid: usd(300), due: usd(450) });
    expect(await kit.get(tenant, charged.uuid)).toMatchObject({ status: 'PENDING', paid: usd(700), due: usd(100) });
    expect(await t.app.get(AuditService).run({ companyId: tenant.companyId })).toEqual({ ok: true, violations: [] });
    const res = await cli('audit', '--company', tenant.companyId, '--json');
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(res.stdout)).toEqual({ ok: true, violations: [] });
  });

  it('finds corrupted rows — a paid amount the payments do not explain, a credit that is not conserved, a payment the ledger lost — and exits 1', async () => {
    const { tenant, credit, credited, charged, payment } = await books('Audit corrupted');
    const creditedId = await invoiceId(tenant, credited.uuid);
    const chargedId = await invoiceId(tenant, charged.uuid);
    // 1. a payment that never happened, written straight into the invoice (the CHECKs hold: due = total − paid)
    await t.dataSource.query(
      `UPDATE invoices SET paid_cents = paid_cents + 50, due_cents = due_cents - 50 WHERE company_id = $1 AND id = $2`,
      [tenant.companyId, creditedId],
    );
    // 2. a credit balance out of thin air
    await t.dataSource.query(`UPDATE credits SET remaining_cents = 40, state = 'ACTIVE' WHERE company_id = $1 AND id = $2`, [
      tenant.companyId,
      credit.id,
    ]);
    // 3. the ledger loses the entry of a payment: only its refund is left
    await t.dataSource.query(`DELETE FROM invoice_ledger_entries WHERE company_id = $1 AND invoice_id = $2 AND kind = 'PAYMENT'`, [
      tenant.companyId,
      chargedId,
    ]);

    const report = await t.app.get(AuditService).run({ companyId: tenant.companyId });
    expect(report.ok).toBe(false);
    const found = report.violations.map((v) => [v.kind, v.id]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['ledger_mismatch', creditedId],
        ['paid_mismatch', creditedId],
        ['credit_not_conserved', credit.id],
        ['ledger_mismatch', chargedId],
        ['payment_ledger_mismatch', payment.id],
      ]),
    );
    for (const v of report.violations) expect(v).toMatchObject({ company_id: tenant.companyId, message: expect.any(String) });

    const json = await cli('audit', '--company', tenant.companyId, '--json');
    expect(json.code).toBe(1);
    expect(json.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toEqual(report);
    const human = await cli('audit', '--company', tenant.companyId);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`credit_not_conserved  ${credit.id}`);
    expect(human.stdout).toContain(`audit: ${report.violations.length} violation(s)`);
  });

  it('a PAID invoice with something due, or a VOID one keeping money, is refused by the CHECK constraints themselves', async () => {
    const tenant = await t.tenant('Audit checks');
    const c = await kit.customer(tenant, null);
    const inv = await kit.invoice(tenant, c.id, 600);
    await ok(await tenant.post(`/invoices/${inv.uuid}/mark_paid`, { amount: usd(600), provider_type: 'CASH' }), 200);
    const id = await invoiceId(tenant, inv.uuid);
    await expect(
      t.dataSource.query(`UPDATE invoices SET due_cents = 10 WHERE company_id = $1 AND id = $2`, [tenant.companyId, id]),
    ).rejects.toThrow(/invoices_due_check/);
    await expect(
      t.dataSource.query(`UPDATE invoices SET paid_cents = 700 WHERE company_id = $1 AND id = $2`, [tenant.companyId, id]),
    ).rejects.toThrow(/invoices_money_check/);
    await expect(
      t.dataSource.query(`UPDATE invoices SET status = 'VOID', voided_at = now() WHERE company_id = $1 AND id = $2`, [
        tenant.companyId,
        id,
      ]),
    ).rejects.toThrow(/invoices_status_dates_check/);
    await kit.expectAuditClean(tenant);
  });
});

describe('hooks: a module that fills one is missing → the application does not start', () => {
  const start = async (extra: 'none' | 'payments') => {
    const { Test } = await import('@nestjs/testing');
    const { PlatformModule } = await import('../../src/platform/platform.module');
    const { InvoicingModule } = await import('../../src/invoicing/invoicing.module');
    const { PaymentsModule } = await import('../../src/payments/payments.module');
    const { loadConfig } = await import('../../src/platform/config/config');
    const { TALLY_SCHEMA } = await import('../../src/schema');
    const config = { ...loadConfig(), scheduler: false, webhookDelivery: false, logLevel: 'silent', dbPoolSize: 1 };
    const imports = [
      PlatformModule.forRoot({ config, databaseUrl: process.env.DATABASE_URL!, schema: TALLY_SCHEMA }),
      InvoicingModule,
      ...(extra === 'payments' ? [PaymentsModule] : []),
    ];
    const moduleRef = await Test.createTestingModule({ imports }).compile();
    return moduleRef.createNestApplication({ logger: false });
  };

  it('without PaymentsModule: fails at init, naming the hook it fills', async () => {
    const app = await start('none');
    await expect(app.init()).rejects.toThrow(/hooks not provided: .*\(PaymentsModule\)/);
    await app.close();
  });

  it('InvoicingModule with PaymentsModule but without CreditsModule fails at init, naming the credits hook', async () => {
    const app = await start('payments');
    // the credits hook is named (with the other hooks whose modules are left out too)
    await expect(app.init()).rejects.toThrow(/InvoicingModule: hooks not provided: (.*, )?credits \(CreditsModule\)[,\s]/);
    await app.close();
  });
});
