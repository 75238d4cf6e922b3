import { Module, OnModuleInit } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { CustomersModule } from '../customers/customers.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { InvoicePagesModule } from '../invoice-pages/invoice-pages.module';
import { PaymentsModule } from '../payments/payments.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationPlanner } from './notification-planner.service';
import { NotificationsService } from './notifications.service';
import { MailWorker } from './mail-worker.service';

/** E-mail to customers: the outbox written with each change, its delivery, and the log. */
@Module({
  imports: [WebhooksModule, CustomersModule, InvoicingModule, PaymentsModule, InvoicePagesModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationPlanner, NotificationsService, MailWorker],
  exports: [MailWorker],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly events: WebhookEventsService,
    private readonly planner: NotificationPlanner,
  ) {}

  onModuleInit(): void {
    this.events.observe((m, events) => this.planner.onEvents(m, events));
  }
}
