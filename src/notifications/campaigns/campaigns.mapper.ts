import type { CustomerSummaryResponse } from '../../customers/dto/customer.dto';
import type { InvoiceEntity } from '../../invoicing/invoicing.entity';
import type { PaymentTransactionEntity } from '../../payments/payment-transaction.entity';
import type { NotificationEntity } from '../notification.entity';
import type { CampaignResponse, CampaignStepResponse } from '../dto/campaign.dto';
import type { CampaignEntity, CampaignStepEntity } from './campaign.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

/** What a campaign's answer embeds, loaded for a whole page by CampaignsViews. */
export interface CampaignEmbeds {
  steps: CampaignStepEntity[];
  customer: CustomerSummaryResponse | null;
  invoice: InvoiceEntity | null;
  notifications: Map<string, NotificationEntity>;
  /** By the step's payment attempt. */
  transactions: Map<string, PaymentTransactionEntity>;
}

function toStep(s: CampaignStepEntity, e: CampaignEmbeds): CampaignStepResponse {
  const n = s.notification_id ? e.notifications.get(s.notification_id) : undefined;
  const t = s.payment_attempt_id ? e.transactions.get(s.payment_attempt_id) : undefined;
  return {
    id: s.id,
    step_number: s.step_number,
    action_type: s.action_type,
    status: s.status,
    due_at: s.due_at.toISOString(),
    enqueued_at: iso(s.enqueued_at),
    completed_at: iso(s.completed_at),
    note: s.note,
    notification_log: n
      ? { id: n.id, notification_type: n.notification_type, status: n.status, subject: n.subject, to: n.to_addresses, cc: n.cc_addresses }
      : null,
    payment_transaction: t
      ? {
          id: t.id,
          provider_type: t.provider_type,
          status: t.status,
          transaction_type: t.transaction_type,
          total_amount: money(t.currency, t.total_amount_cents),
          total_amount_default_currency: money(t.currency, t.total_amount_cents),
          created_at: t.created_at.toISOString(),
          updated_at: t.updated_at.toISOString(),
        }
      : null,
  };
}

/** A campaign as the API answers it (pure; `now` is the views' instant, for next_action_in). */
export function toCampaignResponse(c: CampaignEntity, e: CampaignEmbeds, now: Date): CampaignResponse {
  const steps = [...e.steps].sort((a, b) => a.step_number - b.step_number);
  const done = steps.filter((s) => s.status === 'COMPLETED' || s.status === 'SKIPPED');
  const next = c.status === 'ACTIVE' ? steps.find((s) => s.status === 'PENDING' || s.status === 'RUNNING') : undefined;
  const i = e.invoice;
  return {
    id: c.id,
    type: c.type,
    status: c.status,
    stop_reason: c.stop_reason,
    amount: c.currency && c.amount_cents !== null ? money(c.currency, c.amount_cents) : null,
    customer_id: c.customer_id,
    customer: e.customer,
    invoice_id: c.invoice_id,
    invoice: i
      ? {
          id: i.id,
          uuid: i.uuid,
          number: i.number,
          status: i.status,
          due: money(i.currency, i.due_cents),
          due_date: i.due_date.toISOString(),
        }
      : null,
    contract_id: c.contract_id,
    current_step: done.length ? done[done.length - 1].step_number : 0,
    total_steps: steps.length,
    next_action_type: next?.action_type ?? null,
    next_action_in: next ? Math.max(0, Math.ceil((next.due_at.getTime() - now.getTime()) / 1000)) : null,
    reference_date: c.reference_at.toISOString(),
    steps: steps.map((s) => toStep(s, e)),
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
