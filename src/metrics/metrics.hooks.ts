import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';
import type { BillableMetricEntity } from './billable-metric.entity';
import type { Properties } from './usage/usage.entity';

/** An event ingest has just stored (in the caller's transaction). */
export interface StoredEvent {
  id: string;
  customer_id: string;
  item_id: string;
  /** ISO 8601, UTC. */
  timestamp: string;
  properties: Properties;
}

/**
 * Bills the usage prices paid in advance of events ingest has just stored, in ingest's
 * transaction (so the invoices exist when the ingest request answers, and exist only if the
 * events do). `metrics`: the events' items' metrics some pay_in_advance price names.
 */
export interface AdvanceUsageBiller {
  billEvents(m: EntityManager, companyId: string, events: StoredEvent[], metrics: BillableMetricEntity[]): Promise<void>;
}

/** The hooks metrics declares, by name. */
export interface MetricsHookSet {
  advanceUsage: AdvanceUsageBiller;
}

/**
 * What metrics needs from the modules above it, declared with the platform's ModuleHooks:
 * InvoicingModule fills `advanceUsage` at start; the application does not start without it.
 */
@Injectable()
export class MetricsHooks extends ModuleHooks<MetricsHookSet> {
  constructor() {
    super('MetricsModule', { advanceUsage: { filledBy: 'InvoicingModule', label: 'usage paid in advance' } });
  }

  get advanceUsage(): AdvanceUsageBiller {
    return this.get('advanceUsage');
  }
}
