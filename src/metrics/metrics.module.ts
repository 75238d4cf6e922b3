import { Module } from '@nestjs/common';
import { BillableItemsRepository, BillableMetricsRepository } from './metrics.repositories';
import { StandardItemsSeeder } from './standard-items.seeder';

@Module({
  imports: [],
  controllers: [],
  providers: [BillableItemsRepository, BillableMetricsRepository, StandardItemsSeeder],
  exports: [BillableItemsRepository, BillableMetricsRepository],
})
export class MetricsModule {}
