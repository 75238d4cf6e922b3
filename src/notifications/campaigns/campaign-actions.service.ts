import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CompanySettingsService } from '../../platform/company-settings/company-settings.service';
import { newId } from '../../platform/ids/ids';
import { CustomersRepository } from '../../customers/customers.repository';
import { InvoiceLedger } from '../../invoicing/invoice-ledger.service';
import { InvoiceLinks } from '../../invoicing/invoice-links.service';
import type { InvoiceEntity } from '../../invoicing/invoicing.entity';
import { AutoChargeService } from '../../payments/auto-charge.service';
import { SubscriptionBillingStateService } from '../../subscriptions/subscription-billing-state.service';
import { mailLocale } from '../mail-content';
import { NotificationPlanner } from '../notification-planner.service';
import { MailWorker } from '../mail-worker.service';
import type { CampaignEntity, CampaignStepEntity, CampaignStepStatus } from './campaign.entity';
import { CampaignStarter } from './campaign-starter.service';
import { finalNoticeMail, paymentReminderMail } from './campaign-mail';
import { SignatureRequests } from './signature-requests.service';

/** What running a step did. */
export interface StepResult {
  status: CampaignStepStatus;
  note?: string | null;
  notification_id?: string | null;
  payment_attempt_id?: string | null;
  /** A CANCEL_SUBSCRIPTION step: the subscription to cancel once the step is RUNNING (it commits on its own). */
  cancelSubscription?: string;
}

/** What a step acts on, locked in the step's transaction before the campaign. */
export interface StepSubject {
  invoice: InvoiceEntity | null;
}

/**
 * What each step of a dunning campaign does, in the step's transaction: EMAIL_REMINDER and
 * FINAL_NOTICE queue a message in the notifications outbox (cause `campaign_step:<step>`, so a
 * step is one message), RETRY_PAYMENT queues a charge in the charge outbox, MARK_UNPAID flags the
 * invoice's subscription unpaid, CANCEL_SUBSCRIPTION names the subscription the runner cancels.
 * A step with nothing to act on (no address, no declined charge, no subscription) is SKIPPED
 * with a note.
 */
@Injectable()
export class CampaignActions {
  constructor(
    private readonly settings: CompanySettingsService,
    private readonly customers: CustomersRepository,
    private readonly ledger: InvoiceLedger,
    private readonly links: InvoiceLinks,
    private readonly autoCharge: AutoChargeService,
    private readonly subscriptionState: SubscriptionBillingStateService,
    private readonly planner: NotificationPlanner,
    private readonly worker: MailWorker,
    private readonly starter: CampaignStarter,
    private readonly signatures: SignatureRequests,
  ) {}

  /** Locks the campaign's invoice (the ledger's lock, taken before the campaign's row). */
  async lockSubject(m: EntityManager, campaign: CampaignEntity): Promise<StepSubject> {
    const invoice = campaign.invoice_id ? await this.ledger.lock(m, campaign.company_id, { id: campaign.invoice_id }) : null;
    return { invoice };
  }

  /** 'stop' (the campaign is stopped now: its invoice is paid, voided or gone), 'wait' (a charge is open) or 'run'. */
  async check(m: EntityManager, campaign: CampaignEntity, s: StepSubject, at: Date): Promise<'stop' | 'wait' | 'run'> {
    if (campaign.type === 'SIGNATURE_REMINDER') return this.signatures.check(m, campaign, at);
    const invoice = s.invoice;
    if (!invoice || invoice.status !== 'PENDING' || invoice.due_cents <= 0) {
      const reason = !invoice ? 'invoice_gone' : invoice.status === 'VOID' ? 'invoice_voided' : 'invoice_paid';
      await this.starter.stop(m, campaign, reason);
      return 'stop';
    }
    if (await this.autoCharge.chargeOpen(m, campaign.company_id, invoice.id)) return 'wait';
    return 'run';
  }

  async run(m: EntityManager, campaign: CampaignEntity, step: CampaignStepEntity, s: StepSubject, at: Date): Promise<StepResult> {
    if (campaign.type === 'SIGNATURE_REMINDER') return this.signatures.remind(m, campaign, step, at);
    const companyId = campaign.company_id;
    const invoice = s.invoice!;
    switch (step.action_type) {
      case 'EMAIL_REMINDER':
      case 'FINAL_NOTICE':
        return this.mail(m, campaign, step, invoice);
      case 'RETRY_PAYMENT': {
        const attempt = await this.autoCharge.enqueueRetry(m, companyId, invoice.id, at);
        if (!attempt) return { status: 'SKIPPED', note: 'no declined automatic charge to retry' };
        return { status: 'COMPLETED', payment_attempt_id: attempt };
      }
      case 'MARK_UNPAID':
        if (!invoice.subscription_id) return { status: 'SKIPPED', note: 'the invoice belongs to no subscription' };
        await this.subscriptionState.markUnpaid(m, companyId, invoice.subscription_id, at);
        return { status: 'COMPLETED' };
      case 'CANCEL_SUBSCRIPTION':
        if (!invoice.subscription_id) return { status: 'SKIPPED', note: 'the invoice belongs to no subscription' };
        return { status: 'RUNNING', cancelSubscription: invoice.subscription_id };
      default:
        return { status: 'SKIPPED', note: `unknown action ${step.action_type}` };
    }
  }

  private async mail(m: EntityManager, campaign: CampaignEntity, step: CampaignStepEntity, invoice: InvoiceEntity): Promise<StepResult> {
    const companyId = campaign.company_id;
    const customer = await this.customers.with(m).findOne(companyId, { id: invoice.billed_customer_id });
    if (!customer) return { status: 'SKIPPED', note: 'the billed customer is gone' };
    const settings = await this.settings.get(companyId, m);
    const input = {
      brand: { displayName: settings.display_name, accentColor: settings.accent_color, supportEmail: settings.support_email },
      locale: mailLocale(customer.locale),
      invoiceNumber: invoice.number,
      currency: invoice.currency,
      dueCents: Number(invoice.due_cents),
      dueDate: invoice.due_date,
      hostedLink: this.links.linksOf(invoice)?.hosted ?? null,
    };
    const final = step.action_type === 'FINAL_NOTICE';
    const id = newId('notification');
    const queued = await this.planner.insert(
      m,
      companyId,
      settings,
      [
        {
          type: final ? 'FINAL_NOTICE' : 'PAYMENT_REMINDER',
          cause: `campaign_step:${step.id}`,
          customer,
          invoice,
          content: final ? finalNoticeMail(input) : paymentReminderMail(input),
          pdf: false,
        },
      ],
      { id },
    );
    if (queued === 0) return { status: 'SKIPPED', note: 'the billed customer has no email or billing_emails' };
    this.worker.runAfterCommit(m);
    return { status: 'COMPLETED', notification_id: id };
  }
}
