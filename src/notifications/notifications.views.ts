import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
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
import { CampaignsRepository, CampaignStepsRepository } from './campaigns/campaigns.repository';
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
    private readonly campaigns: CampaignsRepository,
    private readonly steps: CampaignStepsRepository,
    private readonly customers: CustomerLookupService,
    private readonly invoices: InvoicesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly autoCharge: AutoChargeService,
    private readonly transactions: PaymentTransactionsRepository,
  ) {}

  /** `m`: read inside that transaction (a contract's webhook event). */
  async campaignViews(companyId: string, rows: CampaignEntity[], m?: EntityManager): Promise<CampaignResponse[]> {
    if (rows.length === 0) return [];
    const r = <R extends { with(m: EntityManager): R }>(repo: R): R => (m ? repo.with(m) : repo);
    const steps = await r(this.steps).find(companyId, { where: { campaign_id: In(rows.map((x) => x.id)) } });
    const customers = await this.customers.getMany(
      companyId,
      rows.map((x) => x.customer_id),
      m,
    );
    const invoiceIds = [...new Set(rows.map((x) => x.invoice_id).filter((id): id is string => !!id))];
    const invoices = invoiceIds.length ? await r(this.invoices).find(companyId, { where: { id: In(invoiceIds) } }) : [];
    const notificationIds = steps.map((x) => x.notification_id).filter((id): id is string => !!id);
    const notifications = notificationIds.length ? await r(this.notifications).find(companyId, { where: { id: In(notificationIds) } }) : [];
    const byAttempt = await this.autoCharge.transactionsOf(
      companyId,
      steps.map((x) => x.payment_attempt_id).filter((id): id is string => !!id),
      m,
    );
    const txns = byAttempt.size ? await r(this.transactions).find(companyId, { where: { id: In([...byAttempt.values()]) } }) : [];
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

  /** A page of contracts' campaigns (their signature reminders), by contract: the contracts module's hook. */
  async campaignsOf(companyId: string, contractIds: string[], m?: EntityManager): Promise<Map<string, Record<string, unknown>[]>> {
    const byContract = new Map<string, Record<string, unknown>[]>();
    if (contractIds.length === 0) return byContract;
    const repo = m ? this.campaigns.with(m) : this.campaigns;
    const rows = await repo.find(companyId, { where: { contract_id: In(contractIds) }, order: { created_at: 'ASC', id: 'ASC' } });
    const views = await this.campaignViews(companyId, rows, m);
    rows.forEach((row, i) => byContract.set(row.contract_id!, [...(byContract.get(row.contract_id!) ?? []), { ...views[i] }]));
    return byContract;
  }

  async campaignView(companyId: string, row: CampaignEntity): Promise<CampaignResponse> {
    return (await this.campaignViews(companyId, [row]))[0];
  }

  async campaignPage(companyId: string, page: SearchPage<CampaignEntity>): Promise<SearchPage<CampaignResponse>> {
    return { pagination: page.pagination, results: await this.campaignViews(companyId, page.results) };
  }
}
