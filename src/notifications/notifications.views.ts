import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import type { SearchPage } from '../platform/search/search';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { toCustomerSummary } from '../customers/customers.mapper';
import { InvoicesRepository } from '../invoicing/invoicing.repository';
import { AutoChargeService } from '../payments/auto-charge.service';
import { PaymentTransactionsRepository } from '../payments/payments.repository';
import { NotificationsRepository } from './notifications.repository';
import type { CampaignResponse } from './dto/campaign.dto';
import type { CampaignEntity } from './campaigns/campaign.entity';
import { CampaignStepsRepository } from './campaigns/campaigns.repository';
import { toCampaignResponse } from './campaigns/campaigns.mapper';

/**
 * The notifications module's responses: campaigns (a notification is answered by its mapper
 * alone: it embeds nothing). Campaigns: a page loads its steps, customers, invoices, the steps' messages and
 * charges in one query per kind (never one per row).
 */
@Injectable()
export class NotificationsViews {
  constructor(
    private readonly clock: Clock,
    private readonly steps: CampaignStepsRepository,
    private readonly customers: CustomerLookupService,
    private readonly invoices: InvoicesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly autoCharge: AutoChargeService,
    private readonly transactions: PaymentTransactionsRepository,
  ) {}

  async campaignViews(companyId: string, rows: CampaignEntity[]): Promise<CampaignResponse[]> {
    if (rows.length === 0) return [];
    const steps = await this.steps.find(companyId, { where: { campaign_id: In(rows.map((r) => r.id)) } });
    const customers = await this.customers.getMany(
      companyId,
      rows.map((r) => r.customer_id),
    );
    const invoiceIds = [...new Set(rows.map((r) => r.invoice_id).filter((id): id is string => !!id))];
    const invoices = invoiceIds.length ? await this.invoices.find(companyId, { where: { id: In(invoiceIds) } }) : [];
    const notificationIds = steps.map((s) => s.notification_id).filter((id): id is string => !!id);
    const notifications = notificationIds.length ? await this.notifications.find(companyId, { where: { id: In(notificationIds) } }) : [];
    const byAttempt = await this.autoCharge.transactionsOf(
      companyId,
      steps.map((s) => s.payment_attempt_id).filter((id): id is string => !!id),
    );
    const txns = byAttempt.size ? await this.transactions.find(companyId, { where: { id: In([...byAttempt.values()]) } }) : [];
    const txnById = new Map(txns.map((t) => [t.id, t]));
    const transactions = new Map([...byAttempt].filter(([, t]) => txnById.has(t)).map(([a, t]) => [a, txnById.get(t)!]));
    const invoiceById = new Map(invoices.map((i) => [i.id, i]));
    const notificationById = new Map(notifications.map((n) => [n.id, n]));
    const now = this.clock.now();
    return rows.map((c) => {
      const customer = customers.get(c.customer_id);
      return toCampaignResponse(
        c,
        {
          steps: steps.filter((s) => s.campaign_id === c.id),
          customer: customer ? toCustomerSummary(customer, null) : null,
          invoice: c.invoice_id ? (invoiceById.get(c.invoice_id) ?? null) : null,
          notifications: notificationById,
          transactions,
        },
        now,
      );
    });
  }

  async campaignView(companyId: string, row: CampaignEntity): Promise<CampaignResponse> {
    return (await this.campaignViews(companyId, [row]))[0];
  }

  async campaignPage(companyId: string, page: SearchPage<CampaignEntity>): Promise<SearchPage<CampaignResponse>> {
    return { pagination: page.pagination, results: await this.campaignViews(companyId, page.results) };
  }
}
