import { Module, OnModuleInit } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { CustomersModule } from '../customers/customers.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { InvoicingHooks } from '../invoicing/invoicing.hooks';
import { InvoicePagesModule } from '../invoice-pages/invoice-pages.module';
import { PaymentsModule } from '../payments/payments.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationPlanner } from './notification-planner.service';
import { NotificationsService } from './notifications.service';
import { MailWorker } from './mail-worker.service';
import { CampaignsRepository, CampaignStepsRepository } from './campaigns/campaigns.repository';
import { CampaignStarter } from './campaigns/campaign-starter.service';
import { CampaignActions } from './campaigns/campaign-actions.service';
import { CampaignRunner } from './campaigns/campaign-runner.service';
import { CampaignsService } from './campaigns/campaigns.service';
import { NotificationsViews } from './notifications.views';
import { CampaignsController } from './campaigns/campaigns.controller';
import { SignatureRequests } from './campaigns/signature-requests.service';
import { ContractsModule } from '../contracts/contracts.module';
import { ContractsHooks } from '../contracts/contracts.hooks';

/** E-mail to customers (the outbox written with each change, its delivery, and the log) and campaigns (dunning, signature reminders). */
@Module({
  imports: [WebhooksModule, CustomersModule, SubscriptionsModule, InvoicingModule, PaymentsModule, InvoicePagesModule, ContractsModule],
  controllers: [NotificationsController, CampaignsController],
  providers: [
    NotificationsRepository,
    NotificationPlanner,
    NotificationsService,
    MailWorker,
    CampaignsRepository,
    CampaignStepsRepository,
    CampaignStarter,
    CampaignActions,
    CampaignRunner,
    SignatureRequests,
    CampaignsService,
    NotificationsViews,
  ],
  exports: [MailWorker, CampaignRunner],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly events: WebhookEventsService,
    private readonly planner: NotificationPlanner,
    private readonly starter: CampaignStarter,
    private readonly runner: CampaignRunner,
    private readonly invoicingHooks: InvoicingHooks,
    private readonly signatures: SignatureRequests,
    private readonly contractsHooks: ContractsHooks,
    private readonly views: NotificationsViews,
  ) {}

  onModuleInit(): void {
    this.events.observe((m, events) => this.planner.onEvents(m, events));
    // after the planner: a campaign started by a decline sits beside that decline's message
    this.events.observe((m, events) => this.starter.onEvents(m, events));
    this.invoicingHooks.fill('campaigns', this.runner);
    this.contractsHooks.fill('campaigns', {
      campaignsOf: (companyId, ids, m) => this.views.campaignsOf(companyId, ids, m),
      contractChanged: (m, companyId, contractId, now) => this.signatures.sync(m, companyId, contractId, now),
    });
  }
}
