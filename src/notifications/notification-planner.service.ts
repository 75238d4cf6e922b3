import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CompanySettingsService, CompanySettingsView } from '../platform/company-settings/company-settings.service';
import { newId } from '../platform/ids/ids';
import { CustomersRepository } from '../customers/customers.repository';
import type { CustomerEntity } from '../customers/customer.entity';
import { InvoicesRepository } from '../invoicing/invoicing.repository';
import { InvoiceLinks } from '../invoicing/invoice-links.service';
import type { InvoiceEntity } from '../invoicing/invoicing.entity';
import { displayNumber } from '../invoicing/invoicing.mapper';
import { PaymentTransactionsRepository } from '../payments/payments.repository';
import type { PaymentTransactionEntity } from '../payments/payment-transaction.entity';
import type { WebhookEventEntity } from '../webhooks/events/webhook-event.entity';
import {
  cancellationCreditMail,
  invoiceMail,
  MailBrand,
  MailContent,
  mailLocale,
  paymentFailedMail,
  paymentReceiptMail,
  refundReceiptMail,
} from './mail-content';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { NotificationEntity, NotificationType } from './notification.entity';
import { MailWorker } from './mail-worker.service';

/** What a message is about, before its content is written. */
export interface Planned {
  type: NotificationType;
  cause: string;
  customer: CustomerEntity;
  invoice: InvoiceEntity | null;
  content: MailContent;
  pdf: boolean;
  /** Someone other than the customer (a contract's signatory): these recipients instead of the customer's. */
  recipients?: { to: string[]; cc: string[] };
  contractId?: string;
}

const brandOf = (s: CompanySettingsView): MailBrand => ({
  displayName: s.display_name,
  accentColor: s.accent_color,
  supportEmail: s.support_email,
  timeZone: s.preferred_timezone,
});

/** The recipients of a customer's mail: To its email (else its first billing e-mail), Cc the other billing e-mails. */
export function recipientsOf(customer: Pick<CustomerEntity, 'email' | 'billing_emails'>): { to: string[]; cc: string[] } | null {
  const billing = (customer.billing_emails ?? []).filter((e) => typeof e === 'string' && e.trim() !== '');
  const to = customer.email?.trim() || billing[0];
  if (!to) return null;
  const cc = [...new Set(billing.filter((e) => e.toLowerCase() !== to.toLowerCase()))];
  return { to: [to], cc };
}

/**
 * Writes the e-mails a change causes, in the transaction of that change: it observes the webhook
 * events as they are written (WebhookEventsService.observe), so every change that records
 * `invoice.finalized`, `payment.succeeded`, `payment.refunded` or `invoice.payment_failed`
 * queues its message with it — a rolled-back change queues nothing. Each message's `cause` is
 * unique per company (`INSERT … ON CONFLICT DO NOTHING`): one invoice finalized is one message,
 * one payment one receipt, one refund or declined charge (one event) one message. The content
 * (subject, HTML, text) is written now, from the state the change commits; the invoice PDF is
 * rendered when the message is sent.
 */
@Injectable()
export class NotificationPlanner {
  constructor(
    private readonly clock: Clock,
    private readonly settings: CompanySettingsService,
    private readonly customers: CustomersRepository,
    private readonly invoices: InvoicesRepository,
    private readonly links: InvoiceLinks,
    private readonly transactions: PaymentTransactionsRepository,
    private readonly worker: MailWorker,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /** The observer of webhook events (in their transaction). */
  async onEvents(m: EntityManager, events: readonly WebhookEventEntity[]): Promise<void> {
    const byCompany = new Map<string, WebhookEventEntity[]>();
    for (const e of events) {
      if (
        e.type !== 'invoice.finalized' &&
        e.type !== 'payment.succeeded' &&
        e.type !== 'payment.refunded' &&
        e.type !== 'invoice.payment_failed'
      )
        continue;
      const list = byCompany.get(e.company_id);
      if (list) list.push(e);
      else byCompany.set(e.company_id, [e]);
    }
    let queued = false;
    for (const [companyId, list] of byCompany) {
      if ((await this.planCompany(m, companyId, list)) > 0) queued = true;
    }
    if (queued) this.worker.runAfterCommit(m);
  }

  private async planCompany(m: EntityManager, companyId: string, events: WebhookEventEntity[]): Promise<number> {
    const settings = await this.settings.get(companyId, m);
    const wanted = events.filter(
      (e) =>
        (e.type === 'invoice.finalized' && (settings.email_invoice_finalized || settings.email_refund_receipt)) ||
        (e.type === 'payment.succeeded' && settings.email_payment_receipt) ||
        (e.type === 'payment.refunded' && settings.email_refund_receipt) ||
        (e.type === 'invoice.payment_failed' && settings.email_payment_failed),
    );
    if (wanted.length === 0) return 0;
    const objectId = (e: WebhookEventEntity) => String(e.data.object.id ?? '');
    const isInvoiceEvent = (e: WebhookEventEntity) => e.type === 'invoice.finalized' || e.type === 'invoice.payment_failed';

    const txnIds = [...new Set(wanted.filter((e) => !isInvoiceEvent(e)).map(objectId))];
    const txns = txnIds.length ? await this.transactions.with(m).find(companyId, { where: { id: In(txnIds) } }) : [];
    const txnById = new Map(txns.map((t) => [t.id, t]));
    const refundOf = new Map<string, PaymentTransactionEntity>();
    const refunded = wanted.filter((e) => e.type === 'payment.refunded').map(objectId);
    if (refunded.length) {
      const refunds = await this.transactions.with(m).find(companyId, {
        where: { parent_transaction_id: In(refunded), transaction_type: 'REFUND', status: 'SUCCEEDED' },
        order: { created_at: 'ASC', id: 'ASC' },
      });
      for (const r of refunds) refundOf.set(r.parent_transaction_id!, r); // the latest of each payment
    }

    const invoiceIds = new Set<string>();
    for (const e of wanted) {
      if (isInvoiceEvent(e)) invoiceIds.add(objectId(e));
      else {
        const t = txnById.get(objectId(e));
        if (t?.invoice_id) invoiceIds.add(t.invoice_id);
      }
    }
    const invoices = invoiceIds.size ? await this.invoices.with(m).find(companyId, { where: { id: In([...invoiceIds]) } }) : [];
    const invoiceById = new Map(invoices.map((i) => [i.id, i]));

    const customerIds = new Set<string>();
    for (const i of invoices) customerIds.add(i.billed_customer_id);
    for (const t of txns) if (!t.invoice_id) customerIds.add(t.customer_id);
    const customers = customerIds.size ? await this.customers.with(m).find(companyId, { where: { id: In([...customerIds]) } }) : [];
    const customerById = new Map(customers.map((c) => [c.id, c]));

    const receiptFor = await this.cancellationCredits(m, companyId, invoices);
    const brand = brandOf(settings);
    const planned: Planned[] = [];
    for (const e of wanted) {
      if (isInvoiceEvent(e)) {
        const invoice = invoiceById.get(objectId(e));
        const customer = invoice && customerById.get(invoice.billed_customer_id);
        if (!invoice || !customer) continue;
        if (e.type === 'invoice.finalized') {
          if (settings.email_invoice_finalized) {
            planned.push({
              type: 'INVOICE_FINALIZED',
              cause: `invoice.finalized:${invoice.id}`,
              customer,
              invoice,
              content: this.invoiceContent(brand, invoice, customer),
              pdf: true,
            });
          }
          if (settings.email_refund_receipt && receiptFor.has(invoice.id)) planned.push(this.creditReceipt(brand, invoice, customer));
        } else {
          const locale = mailLocale(customer.locale);
          planned.push({
            type: 'PAYMENT_FAILED',
            cause: `invoice.payment_failed:${e.id}`,
            customer,
            invoice,
            content: paymentFailedMail({
              brand,
              locale,
              currency: invoice.currency,
              amountCents: Number(invoice.due_cents),
              dueCents: Number(invoice.due_cents),
              at: e.created_at,
              invoiceNumber: displayNumber(invoice),
              hostedLink: this.links.linksOf(invoice)?.hosted ?? null,
            }),
            pdf: false,
          });
        }
        continue;
      }
      const txn = txnById.get(objectId(e));
      if (!txn) continue;
      const invoice = txn.invoice_id ? (invoiceById.get(txn.invoice_id) ?? null) : null;
      const customer = customerById.get(invoice ? invoice.billed_customer_id : txn.customer_id);
      if (!customer) continue;
      const base = {
        brand,
        locale: mailLocale(customer.locale),
        currency: txn.currency,
        invoiceNumber: invoice ? displayNumber(invoice) : null,
        hostedLink: invoice ? (this.links.linksOf(invoice)?.hosted ?? null) : null,
      };
      if (e.type === 'payment.succeeded') {
        planned.push({
          type: 'PAYMENT_RECEIPT',
          cause: `payment.succeeded:${txn.id}`,
          customer,
          invoice,
          content: paymentReceiptMail({ ...base, amountCents: Number(txn.total_amount_cents), at: txn.created_at }),
          pdf: false,
        });
      } else {
        const refund = refundOf.get(txn.id);
        if (!refund) continue; // the event of a refund that did not succeed
        planned.push({
          type: 'REFUND_RECEIPT',
          cause: `payment.refunded:${refund.id}`,
          customer,
          invoice,
          content: refundReceiptMail({ ...base, amountCents: Number(refund.total_amount_cents), at: refund.created_at }),
          pdf: false,
        });
      }
    }
    return this.insert(m, companyId, settings, planned);
  }

  /**
   * The final invoices of cancellations that credit the customer (kind SUBSCRIPTION_CANCEL, a
   * negative total) and whose cancellation asked for a receipt (`send_customer_receipt: true`).
   */
  private async cancellationCredits(m: EntityManager, companyId: string, invoices: InvoiceEntity[]): Promise<Set<string>> {
    const credits = invoices.filter((i) => i.kind === 'SUBSCRIPTION_CANCEL' && i.subscription_id && Number(i.total_cents) < 0);
    if (credits.length === 0) return new Set();
    const subs = await this.subscriptions.with(m).find(companyId, { where: { id: In(credits.map((i) => i.subscription_id!)) } });
    const asked = new Set(subs.filter((s) => s.cancel_config?.send_customer_receipt === true).map((s) => s.id));
    return new Set(credits.filter((i) => asked.has(i.subscription_id!)).map((i) => i.id));
  }

  /** The receipt of a cancellation's credit, its credit note attached. */
  private creditReceipt(brand: MailBrand, invoice: InvoiceEntity, customer: CustomerEntity): Planned {
    return {
      type: 'REFUND_RECEIPT',
      cause: `cancellation.credit:${invoice.id}`,
      customer,
      invoice,
      content: cancellationCreditMail({
        brand,
        locale: mailLocale(customer.locale),
        currency: invoice.currency,
        amountCents: -Number(invoice.total_cents),
        at: invoice.invoice_date,
        invoiceNumber: invoice.number,
        hostedLink: this.links.linksOf(invoice)?.hosted ?? null,
      }),
      pdf: true,
    };
  }

  /** The invoice's e-mail (on finalization, or sent on demand). */
  invoiceContent(brand: MailBrand, invoice: InvoiceEntity, customer: CustomerEntity): MailContent {
    return invoiceMail({
      brand,
      locale: mailLocale(customer.locale),
      number: displayNumber(invoice),
      currency: invoice.currency,
      totalCents: Number(invoice.total_cents),
      dueCents: Number(invoice.due_cents),
      dueDate: invoice.due_date,
      hostedLink: this.links.linksOf(invoice)?.hosted ?? null,
    });
  }

  /** Queues the planned messages (customers without an address get none); returns how many were queued. */
  async insert(
    m: EntityManager,
    companyId: string,
    settings: CompanySettingsView,
    planned: Planned[],
    extra: Partial<NotificationEntity> = {},
  ): Promise<number> {
    const now = this.clock.now();
    const rows: NotificationEntity[] = [];
    for (const p of planned) {
      const recipients = p.recipients ?? recipientsOf(p.customer);
      if (!recipients) continue;
      rows.push({
        company_id: companyId,
        id: newId('notification'),
        notification_type: p.type,
        cause: p.cause,
        status: 'QUEUED',
        to_addresses: recipients.to,
        cc_addresses: recipients.cc,
        reply_to: settings.support_email,
        subject: p.content.subject,
        html_body: p.content.html,
        text_body: p.content.text,
        pdf_invoice_id: p.pdf && p.invoice ? p.invoice.id : null,
        customer_id: p.customer.id,
        invoice_id: p.invoice?.id ?? null,
        contract_id: p.contractId ?? null,
        resent_from: null,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        last_attempt_at: null,
        last_error: null,
        created_at: now,
        sent_at: null,
        updated_at: now,
        ...extra,
      });
    }
    if (rows.length === 0) return 0;
    // one statement whatever the count; ON CONFLICT keeps one message per cause
    const inserted: unknown[] = await m.query(
      `INSERT INTO notifications (company_id, id, notification_type, cause, status, to_addresses, cc_addresses, reply_to, subject,
                                  html_body, text_body, pdf_invoice_id, customer_id, invoice_id, contract_id, resent_from,
                                  attempts, next_attempt_at, created_at, updated_at)
       SELECT $1, r.id, r.notification_type, r.cause, 'QUEUED', r.to_addresses, r.cc_addresses, r.reply_to, r.subject,
              r.html_body, r.text_body, r.pdf_invoice_id, r.customer_id, r.invoice_id, r.contract_id, r.resent_from, 0, $2, $2, $2
         FROM json_to_recordset($3::json) AS r(id text, notification_type text, cause text, to_addresses text[], cc_addresses text[],
              reply_to text, subject text, html_body text, text_body text, pdf_invoice_id text, customer_id text, invoice_id text,
              contract_id text, resent_from text)
       ON CONFLICT (company_id, cause) DO NOTHING
       RETURNING id`,
      [companyId, now, JSON.stringify(rows.map(({ company_id: _c, ...r }) => r))],
    );
    return inserted.length;
  }
}
