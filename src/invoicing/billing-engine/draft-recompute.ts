import { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoicing.entities';

/**
 * Recomputes the usage lines of a usage DRAFT (late events count) and rewrites its lines and
 * totals, inside the caller's transaction. Implemented by the billing engine
 * (`InvoiceGenerator`); the finalizer only knows this interface.
 */
export abstract class DraftRecomputer {
  abstract recompute(manager: EntityManager, companyId: string, invoice: InvoiceEntity, now: Date): Promise<InvoiceEntity>;
}
