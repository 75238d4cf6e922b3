import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { crossCompany } from '../../platform/database/cross-company';
import { WebhookEventsService } from '../../webhooks/events/webhook-events.service';
import { InvoiceWriter } from '../invoice-writer.service';
import { InvoiceEntity, InvoiceLineEntity } from '../invoicing.entity';
import { InvoicingHooks } from '../invoicing.hooks';
import { invoiceNumberFields } from '../invoicing.mapper';
import { failureOf } from './amounts';
import { BillingRunBatches } from './billing-run-batch';
import { atAndCompanies } from './billing-run-queries';
import { InvoiceGenerator } from './invoice-generator.service';
import { rollupConfigOf } from './rollup-dates';
import { rollupDraft, rollupKey, rollupTotals } from './rollup-invoice';

/** A parent's roll-up date with children's invoices waiting to be gathered (one roll-up per currency). */
interface DueRollup {
  company_id: string;
  parent_id: string;
  rollup_date: Date;
  currency: string;
}

/**
 * The roll-ups whose date has passed at `at` and whose children's usage invoices are past their
 * grace (a usage invoice is recomputed when it is gathered, as a draft is when it is finalized).
 */
async function dueRollups(dataSource: DataSource, at: Date, companyIds?: string[]): Promise<DueRollup[]> {
  const scoped = atAndCompanies(at, companyIds);
  if (!scoped) return [];
  const { params, scope } = scoped;
  return dataSource.query(
    `${crossCompany('billing-run-rollups')}SELECT company_id, billed_customer_id AS parent_id, rollup_date, currency FROM invoices
      WHERE status = 'ROLLED_UP' AND rollup_invoice_id IS NULL AND rollup_date <= $1 ${scope}
      GROUP BY company_id, billed_customer_id, rollup_date, currency
     HAVING bool_and(finalize_after IS NULL OR finalize_after <= $1)
      ORDER BY company_id, rollup_date, billed_customer_id, currency`,
    params,
  );
}

/**
 * Roll-up invoices: at each roll-up date of a parent, the child invoices written ROLLED_UP for
 * it (write.ts, `draftOf`) are gathered into one invoice of the parent, in one transaction per
 * parent and date. Exactly once: the children are locked (FOR UPDATE) and taken only while not
 * linked to a roll-up, so two runs at once gather each child once; a child is written under its
 * own billing key once, ROLLED_UP or not, so a charge is never on a roll-up and on a child invoice.
 */
@Injectable()
export class RollupInvoices {
  private readonly logger = new Logger('BillingRun');

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: InvoiceWriter,
    private readonly generator: InvoiceGenerator,
    private readonly hooks: InvoicingHooks,
    private readonly events: WebhookEventsService,
    private readonly batches: BillingRunBatches,
  ) {}

  /** Gathers every roll-up due at `at`: how many roll-up invoices were written, and how many failed. */
  async run(at: Date, now: () => Date, companyIds?: string[]): Promise<{ written: number; errors: number }> {
    const out = { written: 0, errors: 0 };
    for (const r of await dueRollups(this.dataSource, at, companyIds)) {
      try {
        const written = await this.batches.retrying(`roll-up ${r.company_id}/${r.parent_id}`, () =>
          this.dataSource.transaction((m) => this.gather(m, r, at, now())),
        );
        if (written) out.written++;
      } catch (err) {
        out.errors++;
        const failure = failureOf(err);
        this.logger.error(
          { company_id: r.company_id, customer_id: r.parent_id, error_code: failure.code, error_message: failure.message },
          `roll-up ${r.company_id}/${r.parent_id} at ${new Date(r.rollup_date).toISOString()} not written: ${failure.message}`,
        );
      }
    }
    return out;
  }

  /** One roll-up, in the caller's transaction; null when another run gathered its children first. */
  async gather(m: EntityManager, r: DueRollup, at: Date, now: Date): Promise<InvoiceEntity | null> {
    const companyId = r.company_id;
    const date = new Date(r.rollup_date);
    const children = await this.claim(m, r, at, now);
    if (children.length === 0) return null;
    const lines = await m.find(InvoiceLineEntity, {
      where: { company_id: companyId, invoice_id: In(children.map((c) => c.id)) },
      order: { invoice_id: 'ASC', position: 'ASC' },
    });
    const linesOf = new Map<string, InvoiceLineEntity[]>();
    for (const l of lines) linesOf.set(l.invoice_id, [...(linesOf.get(l.invoice_id) ?? []), l]);
    const [parent]: { child_rollup_billing: boolean; child_rollup_billing_config: Record<string, unknown> | null }[] = await m.query(
      'SELECT child_rollup_billing, child_rollup_billing_config FROM customers WHERE company_id = $1 AND id = $2',
      [companyId, r.parent_id],
    );
    const config = parent ? rollupConfigOf(parent.child_rollup_billing, parent.child_rollup_billing_config) : null;
    const suffix = (await this.dateTaken(m, r)) ? children[0].id : null;
    const draft = rollupDraft(r.parent_id, date, config, children, rollupTotals(children, linesOf), suffix);
    const credits = await this.hooks.credits.customersWithCredits(m, companyId, [r.parent_id], now);
    const [written] = await this.writer.createMany(m, companyId, [{ draft, applyCredits: credits.has(r.parent_id) }], now, {
      deferNumber: true,
    });
    if (!written) throw new Error(`the roll-up ${draft.billing_key} exists already`);
    const rollup = written.invoice;
    await m.query('UPDATE invoices SET rollup_invoice_id = $3, updated_at = $4 WHERE company_id = $1 AND id = ANY($2::text[])', [
      companyId,
      children.map((c) => c.id),
      rollup.id,
      now,
    ]);
    // as a batch of the run: charges, then the events' objects, then the number (the last lock)
    await this.hooks.payments.enqueueCharges(m, companyId, [rollup], at);
    await this.events.prepare(m, { hold: ['invoice'] });
    const numbers = await this.writer.assignNumbers(m, companyId, [rollup.id]);
    this.events.amend(m, companyId, 'invoice', new Map([...numbers].map(([id, n]) => [id, invoiceNumberFields(n)])));
    return rollup;
  }

  /**
   * The parent's children invoices of the date not gathered yet, locked (a concurrent gathering
   * holds them until it commits; they are then linked and left out), ordered by child, then
   * date; those with usage recomputed first.
   */
  private async claim(m: EntityManager, r: DueRollup, at: Date, now: Date): Promise<InvoiceEntity[]> {
    const companyId = r.company_id;
    const rows = await m
      .createQueryBuilder(InvoiceEntity, 'i')
      .where("i.company_id = :companyId AND i.billed_customer_id = :parentId AND i.rollup_date = :date AND i.status = 'ROLLED_UP'")
      .andWhere('i.currency = :currency')
      .andWhere('i.rollup_invoice_id IS NULL AND (i.finalize_after IS NULL OR i.finalize_after <= :at)')
      .setParameters({ companyId, parentId: r.parent_id, date: new Date(r.rollup_date), currency: r.currency, at })
      .orderBy('i.customer_id')
      .addOrderBy('i.invoice_date')
      .addOrderBy('i.id')
      .setLock('pessimistic_write')
      .getMany();
    const out: InvoiceEntity[] = [];
    for (const child of rows) out.push(child.finalize_after ? await this.generator.recompute(m, companyId, child, now) : child);
    return out;
  }

  /** Whether the parent has a roll-up of that date already (children written after it get one of their own). */
  private async dateTaken(m: EntityManager, r: DueRollup): Promise<boolean> {
    const rows = await m.query("SELECT 1 FROM invoices WHERE company_id = $1 AND kind = 'ROLLUP' AND billing_key = $2", [
      r.company_id,
      rollupKey(r.parent_id, new Date(r.rollup_date), r.currency, null),
    ]);
    return rows.length > 0;
  }
}
