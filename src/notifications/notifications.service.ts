import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { CompanySettingsService } from '../platform/company-settings/company-settings.service';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { CustomersRepository } from '../customers/customers.repository';
import { customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { InvoicesRepository } from '../invoicing/invoicing.repository';
import { NotificationEntity } from './notification.entity';
import { NotificationsRepository } from './notifications.repository';
import { NotificationPlanner } from './notification-planner.service';
import { MailWorker } from './mail-worker.service';
import type { FindNotificationsDto } from './dto/notification.dto';
import { isInvoiceUuid } from '../invoicing/invoices.service';

const SEARCH: SearchSpec = {
  alias: 'n',
  sortKeys: {
    createdAtDesc: { column: 'n.created_at', direction: 'DESC', kind: 'date' },
    createdAtAsc: { column: 'n.created_at', direction: 'ASC', kind: 'date' },
  },
  filters: {
    customer_id: customerIdOrIdentifierFilter('n.customer_id'),
    invoice_id: {
      kind: 'custom',
      // an invoice is named by its id (inv_…) or its uuid, as on credit logs
      apply: (qb, value: string, p) =>
        isInvoiceUuid(value)
          ? qb.andWhere(
              `n.invoice_id IN (SELECT i.id FROM invoices i WHERE i.company_id = n.company_id AND i.uuid = CAST(:${p} AS uuid))`,
              {
                [p]: value.toLowerCase(),
              },
            )
          : qb.andWhere(`n.invoice_id = :${p}`, { [p]: value }),
    },
    contract_id: { kind: 'exact', column: 'n.contract_id' },
    notification_type: { kind: 'exact', column: 'n.notification_type' },
    status: { kind: 'exact', column: 'n.status' },
  },
};

const notFound = () => DomainError.notFound('notification');

/** The notification log (find, get), a message sent again, and an invoice sent on demand. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly repo: NotificationsRepository,
    private readonly invoices: InvoicesRepository,
    private readonly customers: CustomersRepository,
    private readonly settings: CompanySettingsService,
    private readonly planner: NotificationPlanner,
    private readonly worker: MailWorker,
  ) {}

  find(companyId: string, body: FindNotificationsDto): Promise<SearchPage<NotificationEntity>> {
    return runSearch(this.repo.queryBuilder(companyId, 'n'), body, SEARCH);
  }

  async get(companyId: string, id: string): Promise<NotificationEntity> {
    if (!isId('notification', id)) throw notFound();
    return (
      (await this.repo.findOne(companyId, { id })) ??
      (() => {
        throw notFound();
      })()
    );
  }

  /**
   * Sends a message again, as a new notification with the same recipients and content (the
   * original keeps its own record); the PDF is rendered afresh when it is sent.
   */
  async resend(companyId: string, id: string): Promise<NotificationEntity> {
    const original = await this.get(companyId, id);
    const now = this.clock.now();
    const copy: NotificationEntity = {
      ...original,
      id: newId('notification'),
      status: 'QUEUED',
      resent_from: original.id,
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_attempt_at: null,
      last_error: null,
      created_at: now,
      sent_at: null,
      updated_at: now,
    };
    copy.cause = `resend:${copy.id}`;
    await this.dataSource.transaction(async (m) => {
      await this.repo.with(m).insert(companyId, copy);
      this.worker.runAfterCommit(m);
    });
    return copy;
  }

  /** Sends (or sends again) a final invoice to its billed customer; a DRAFT is a 409. */
  async sendInvoice(companyId: string, uuid: string): Promise<NotificationEntity> {
    // anything that is not an invoice's UUID is a 404, as on GET /invoices/{uuid}
    if (!isInvoiceUuid(uuid)) throw DomainError.notFound('invoice');
    return this.dataSource.transaction(async (m) => {
      const invoice = await this.invoices.with(m).findOne(companyId, { uuid: uuid.toLowerCase() });
      // a child invoice gathered into a roll-up is not an invoice of the API
      if (!invoice || invoice.status === 'ROLLED_UP') throw DomainError.notFound('invoice');
      if (invoice.status === 'DRAFT') throw DomainError.conflict('invoice_draft', 'a DRAFT invoice cannot be sent: finalize it first');
      const customer = await this.customers.with(m).findOne(companyId, { id: invoice.billed_customer_id });
      if (!customer || (!customer.email && !(customer.billing_emails ?? []).length)) {
        throw DomainError.conflict('no_recipient', 'the billed customer has no email or billing_emails to send the invoice to');
      }
      const settings = await this.settings.get(companyId, m);
      const id = newId('notification');
      const content = this.planner.invoiceContent(
        {
          displayName: settings.display_name,
          accentColor: settings.accent_color,
          supportEmail: settings.support_email,
          timeZone: settings.preferred_timezone,
        },
        invoice,
        customer,
      );
      await this.planner.insert(
        m,
        companyId,
        settings,
        [{ type: 'INVOICE_SENT', cause: `invoice.send:${id}`, customer, invoice, content, pdf: true }],
        {
          id,
        },
      );
      this.worker.runAfterCommit(m);
      return (await this.repo.with(m).findOne(companyId, { id }))!;
    });
  }
}
