import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BillableItemsService } from './billable-items.service';
import { BillableMetricsService } from './billable-metrics.service';
import { BillableItemsController, BillableMetricsController, UsageController } from './metrics.controller';
import { MetricsHooks } from './metrics.hooks';
import { MetricsViews } from './metrics.views';
import { BillableItemsRepository, BillableMetricsRepository } from './metrics.repository';
import { ObjectsController } from './objects/objects.controller';
import { BillableObjectsRepository } from './objects/objects.repository';
import { ObjectsService } from './objects/objects.service';
import { StandardItemsSeeder } from './standard-items.seeder';
import { EventIngestService } from './usage/event-ingest.service';
import { UsageService } from './usage/usage.service';
import { EventAmountsService } from './usage/event-amounts.service';
import { EventKeysPurger } from './usage/event-keys-purger.service';
import { RollupCompactor } from './usage/rollup-compactor.service';

@Module({
  imports: [CustomersModule, WebhooksModule],
  controllers: [BillableItemsController, BillableMetricsController, UsageController, ObjectsController],
  providers: [
    BillableItemsRepository,
    BillableMetricsRepository,
    BillableObjectsRepository,
    StandardItemsSeeder,
    BillableItemsService,
    BillableMetricsService,
    EventIngestService,
    EventKeysPurger,
    RollupCompactor,
    UsageService,
    EventAmountsService,
    ObjectsService,
    MetricsViews,
    // events of a metric priced in advance are billed as they arrive: InvoicingModule fills this hook
    MetricsHooks,
  ],
  exports: [
    BillableItemsRepository,
    BillableMetricsRepository,
    BillableItemsService,
    BillableMetricsService,
    UsageService,
    EventAmountsService,
    EventIngestService,
    EventKeysPurger,
    RollupCompactor,
    MetricsHooks,
  ],
})
export class MetricsModule {}
