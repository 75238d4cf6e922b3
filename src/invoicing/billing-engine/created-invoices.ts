import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WebhookEventsService } from '../../webhooks/events/webhook-events.service';
import { InvoiceWriter } from '../invoice-writer.service';
import type { InvoiceEntity } from '../invoicing.entity';
import { InvoicingHooks } from '../invoicing.hooks';
import { invoiceNumberFields } from '../invoicing.mapper';

/**
 * The end of a transaction that wrote invoices with deferred numbers (a billing run's batch, an
 * event's in-advance invoices): the charges of those written final with auto-charge go into the
 * payments outbox, the webhook events' objects are built, and the invoice numbers are taken last
 * — the company's counter row they lock serialises the company's transactions, so it is held
 * for one statement and the commit — then written into the held invoice events.
 */
@Injectable()
export class CreatedInvoices {
  constructor(
    private readonly writer: InvoiceWriter,
    private readonly hooks: InvoicingHooks,
    private readonly events: WebhookEventsService,
  ) {}

  async close(m: EntityManager, companyId: string, created: InvoiceEntity[], at: Date): Promise<void> {
    await this.hooks.payments.enqueueCharges(m, companyId, created, at);
    await this.events.prepare(m, { hold: ['invoice'] });
    const numbers = await this.writer.assignNumbers(
      m,
      companyId,
      created.map((i) => i.id),
    );
    this.events.amend(m, companyId, 'invoice', new Map([...numbers].map(([id, n]) => [id, invoiceNumberFields(n)])));
  }
}
