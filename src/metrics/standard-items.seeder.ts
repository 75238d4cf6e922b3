import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { CompanySeeders } from '../platform/seeding/company-seeders';
import { BillableItemEntity, LICENSE_ITEM_TYPE } from './billable-item.entity';
import { BillableMetricEntity } from './billable-metric.entity';
import { crossCompany } from '../platform/database/cross-company';

/**
 * Every company starts with the standard, non-editable "License" item and its licence metric:
 * prices without an item_id are seat prices on it.
 */
@Injectable()
export class StandardItemsSeeder implements OnModuleInit {
  constructor(private readonly seeders: CompanySeeders) {}

  onModuleInit(): void {
    this.seeders.register({
      name: 'metrics.standard-items',
      seed: (m, companyId, now) => seedStandardItems(m, companyId, now),
      lacking: (m, limit) => companiesWithoutStandardItems(m, limit),
    });
  }
}

/** Cross-company scan (start-up repair): companies with no standard License item. */
async function companiesWithoutStandardItems(m: EntityManager, limit: number): Promise<string[]> {
  const rows: { company_id: string }[] = await m.query(
    `${crossCompany('standard-items-backfill')}SELECT c.company_id FROM companies c
      WHERE NOT EXISTS (SELECT 1 FROM billable_items i WHERE i.company_id = c.company_id AND i.standard AND i.type = $1)
      ORDER BY c.company_id LIMIT $2`,
    [LICENSE_ITEM_TYPE, limit],
  );
  return rows.map((r) => r.company_id);
}

/** The standard License item and metric, unless the company has them already (the caller holds the company's seeding lock). */
export async function seedStandardItems(m: EntityManager, companyId: string, now: Date): Promise<boolean> {
  const existing = await m.count(BillableItemEntity, { where: { company_id: companyId, standard: true, type: LICENSE_ITEM_TYPE } });
  if (existing > 0) return false;
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
  return true;
}
