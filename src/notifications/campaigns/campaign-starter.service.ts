import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { CompanySettingsService } from '../../platform/company-settings/company-settings.service';
import { dunningStepsOf } from '../../platform/company-settings/company-settings.rules';
import { crossCompany } from '../../platform/database/cross-company';
import { newId } from '../../platform/ids/ids';
import { InvoicesRepository } from '../../invoicing/invoicing.repository';
import type { InvoiceEntity } from '../../invoicing/invoicing.entity';
import { AutoChargeService } from '../../payments/auto-charge.service';
import type { WebhookEventEntity } from '../../webhooks/events/webhook-event.entity';
import { CampaignEntity, CampaignStepEntity } from './campaign.entity';
import { CampaignsRepository, CampaignStepsRepository } from './campaigns.repository';

const DAY = 86_400_000;
/** Past-due invoices a run starts campaigns for, per company (the next run takes the rest). */
const PAST_DUE_BATCH = 500;

/**
 * Starts and stops dunning campaigns, in the transaction of the change that causes it:
 * `invoice.payment_failed` (a declined automatic charge) starts the invoice's campaign, its days
 * counted from the first decline; `invoice.paid` and `invoice.voided` stop it (one statement per
 * company for a whole batch). An invoice has at most one campaign (`cause` =
 * `dunning:<invoice>`, unique per company), and its steps are all written when it starts (the company's `dunning_steps` then), each due at reference + days.
 * With `dunning_steps` set, `startPastDue` also starts one for every PENDING invoice past its
 * due date (the billing run, before the steps run), its days counted from the due date.
 */
@Injectable()
export class CampaignStarter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly settings: CompanySettingsService,
    private readonly invoices: InvoicesRepository,
    private readonly autoCharge: AutoChargeService,
    private readonly campaigns: CampaignsRepository,
    private readonly steps: CampaignStepsRepository,
  ) {}

  /** The observer of webhook events (in their transaction). */
  async onEvents(m: EntityManager, events: readonly WebhookEventEntity[]): Promise<void> {
    const ended = new Map<string, { paid: string[]; voided: string[] }>();
    for (const e of events) {
      const invoiceId = String(e.data.object.id ?? '');
      if (e.type === 'invoice.payment_failed') {
        const invoice = await this.invoices.with(m).findOne(e.company_id, { id: invoiceId });
        const reference = await this.autoCharge.firstFailure(m, e.company_id, invoiceId);
        if (invoice && invoice.status === 'PENDING') await this.startDunning(m, e.company_id, invoice, reference ?? e.created_at);
      } else if (e.type === 'invoice.paid' || e.type === 'invoice.voided') {
        const list = ended.get(e.company_id) ?? { paid: [], voided: [] };
        (e.type === 'invoice.paid' ? list.paid : list.voided).push(invoiceId);
        ended.set(e.company_id, list);
      }
    }
    // a billing run pays many invoices in one transaction: one statement per company and reason
    for (const [companyId, list] of ended) {
      await this.stopForInvoices(m, companyId, list.paid, 'invoice_paid');
      await this.stopForInvoices(m, companyId, list.voided, 'invoice_voided');
    }
  }

  /** Starts the invoice's dunning campaign unless it has one; returns whether it started one. */
  async startDunning(m: EntityManager, companyId: string, invoice: InvoiceEntity, reference: Date): Promise<boolean> {
    const steps = dunningStepsOf(await this.settings.get(companyId, m));
    return this.start(m, companyId, {
      type: 'DUNNING',
      cause: `dunning:${invoice.id}`,
      customer_id: invoice.billed_customer_id,
      invoice_id: invoice.id,
      contract_id: null,
      currency: invoice.currency,
      amount_cents: invoice.due_cents,
      reference_at: reference,
      steps: steps.map((s) => ({ action_type: s.action_type, days: s.days_after_due })),
    });
  }

  /** Starts a campaign unless its cause has one (no steps: none); returns whether it started one. */
  async start(
    m: EntityManager,
    companyId: string,
    c: Pick<
      CampaignEntity,
      'type' | 'cause' | 'customer_id' | 'invoice_id' | 'contract_id' | 'currency' | 'amount_cents' | 'reference_at'
    > & {
      steps: { action_type: string; days: number }[];
    },
  ): Promise<boolean> {
    if (c.steps.length === 0) return false;
    const now = this.clock.now();
    const id = newId('campaign');
    const inserted: unknown[] = await m.query(
      `INSERT INTO campaigns (company_id, id, type, status, cause, customer_id, invoice_id, contract_id, currency, amount_cents,
                              reference_at, stop_reason, created_at, updated_at)
       VALUES ($1, $2, $3, 'ACTIVE', $4, $5, $6, $7, $8, $9, $10, NULL, $11, $11)
       ON CONFLICT (company_id, cause) DO NOTHING RETURNING id`,
      [companyId, id, c.type, c.cause, c.customer_id, c.invoice_id, c.contract_id, c.currency, c.amount_cents, c.reference_at, now],
    );
    if (inserted.length === 0) return false;
    const due = (days: number) => new Date(c.reference_at.getTime() + days * DAY);
    await this.insertSteps(
      m,
      companyId,
      id,
      c.steps.map((s) => ({ action_type: s.action_type, due_at: due(s.days) })),
      now,
    );
    return true;
  }

  /** Writes a new campaign's steps, numbered from 1 in order. */
  async insertSteps(m: EntityManager, companyId: string, campaignId: string, list: { action_type: string; due_at: Date }[], now: Date) {
    const rows: Omit<CampaignStepEntity, 'company_id'>[] = list.map((s, i) => ({
      id: newId('campaignStep'),
      campaign_id: campaignId,
      step_number: i + 1,
      action_type: s.action_type,
      status: 'PENDING',
      due_at: s.due_at,
      lease_until: null,
      enqueued_at: null,
      completed_at: null,
      notification_id: null,
      payment_attempt_id: null,
      note: null,
      updated_at: now,
    }));
    if (rows.length) await this.steps.with(m).insert(companyId, rows);
  }

  /** Stops the active campaigns of these invoices: their steps not run yet are CANCELLED. */
  async stopForInvoices(m: EntityManager, companyId: string, invoiceIds: string[], reason: string): Promise<void> {
    if (invoiceIds.length === 0) return;
    const now = this.clock.now();
    const stopped: unknown[] = await m.query(
      `UPDATE campaigns SET status = 'STOPPED', stop_reason = $3, updated_at = $4
        WHERE company_id = $1 AND invoice_id = ANY($2) AND status = 'ACTIVE'
       RETURNING id`,
      [companyId, invoiceIds, reason, now],
    );
    // pg answers RETURNING of an UPDATE as [rows, count]
    const rows = (Array.isArray(stopped[0]) ? stopped[0] : stopped) as { id: string }[];
    if (rows.length === 0) return;
    await m.query(
      `UPDATE campaign_steps SET status = 'CANCELLED', lease_until = NULL, updated_at = $3
        WHERE company_id = $1 AND campaign_id = ANY($2) AND status IN ('PENDING', 'RUNNING')`,
      [companyId, rows.map((r) => r.id), now],
    );
  }

  /** Stops one campaign (locked or just read in `m`'s transaction). */
  async stop(m: EntityManager, campaign: CampaignEntity, reason: string): Promise<void> {
    const now = this.clock.now();
    const changed = await this.campaigns
      .with(m)
      .update(campaign.company_id, { id: campaign.id, status: 'ACTIVE' }, { status: 'STOPPED', stop_reason: reason, updated_at: now });
    if (changed === 0) return;
    await m.query(
      `UPDATE campaign_steps SET status = 'CANCELLED', lease_until = NULL, updated_at = $3
        WHERE company_id = $1 AND campaign_id = $2 AND status IN ('PENDING', 'RUNNING')`,
      [campaign.company_id, campaign.id, now],
    );
  }

  /** Starts the campaigns of invoices past due in the companies that set `dunning_steps`; returns how many started. */
  async startPastDue(at: Date, options: { companyIds?: string[] } = {}): Promise<number> {
    if (options.companyIds?.length === 0) return 0;
    const companies: { company_id: string }[] = await this.dataSource.query(
      `${crossCompany('campaign-start')}SELECT company_id FROM companies
        WHERE jsonb_typeof(settings->'dunning_steps') = 'array' AND jsonb_array_length(settings->'dunning_steps') > 0
              ${options.companyIds ? 'AND company_id = ANY($1)' : ''}
        ORDER BY company_id`,
      options.companyIds ? [options.companyIds] : [],
    );
    let started = 0;
    for (const { company_id } of companies) {
      await this.dataSource.transaction(async (m) => {
        const due = await m.query(
          `SELECT i.id FROM invoices i
            WHERE i.company_id = $1 AND i.status = 'PENDING' AND i.due_cents > 0 AND i.due_date < $2
              AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.company_id = $1 AND c.cause = 'dunning:' || i.id)
            ORDER BY i.due_date, i.id LIMIT ${PAST_DUE_BATCH}`,
          [company_id, at],
        );
        for (const { id } of due as { id: string }[]) {
          const invoice = await this.invoices.with(m).findOne(company_id, { id });
          if (invoice && (await this.startDunning(m, company_id, invoice, invoice.due_date))) started++;
        }
      });
    }
    return started;
  }
}
