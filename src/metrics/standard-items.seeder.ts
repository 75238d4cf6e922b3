import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { CompanySeeders } from '../platform/seeding/company-seeders';
import { BillableItemEntity, LICENSE_ITEM_TYPE } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';

/**
 * Every company starts with the standard, non-editable "License" item and its licence metric:
 * prices without an item_id are seat prices on it.
 */
@Injectable()
export class StandardItemsSeeder implements OnModuleInit {
  constructor(private readonly seeders: CompanySeeders) {}

  onModuleInit(): void {
    this.seeders.register('metrics.standard-items', (m, companyId, now) => seedStandardItems(m, companyId, now));
  }
}

export async function seedStandardItems(m: EntityManager, companyId: string, now: Date): Promise<void> {
  const itemId = newId('billableItem');
  await m.insert(BillableItemEntity, {
    company_id: companyId,
    id: itemId,
    name: 'License',
    external_name: 'License',
    description: 'Seats or licences, priced per unit of num_licenses',
    display_type: 'UNITS',
    type: LICENSE_ITEM_TYPE,
    standard: true,
    editable: false,
    state: 'ACTIVE',
    created_at: now,
    updated_at: now,
  });
  await m.insert(BillableMetricEntity, {
    company_id: companyId,
    id: newId('billableMetric'),
    item_id: itemId,
    name: 'License',
    external_name: 'License',
    description: 'Number of licences configured on the subscription',
    type: 'LICENSE_METRIC',
    is_billable: true,
    standard: true,
    editable: false,
    state: 'ACTIVE',
    metering_rule: null,
    created_at: now,
    updated_at: now,
  });
}
