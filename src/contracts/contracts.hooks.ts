import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModuleHooks } from '../platform/hooks/module-hooks';

/** A contract's campaigns (its signature reminders), kept and answered by the notifications module. */
export interface ContractCampaignsHook {
  /**
   * The contract (or its signatories) has just changed in `m`'s transaction: its signature
   * requests and reminder campaigns are brought in line with it there, before its webhook events
   * are built (so they answer the campaigns as GET will).
   */
  contractChanged(m: EntityManager, companyId: string, contractId: string, now: Date): Promise<void>;
  /** The campaigns of these contracts, by contract, as `GET /campaigns/{id}` answers them (`m`: read inside that transaction). */
  campaignsOf(companyId: string, contractIds: string[], m?: EntityManager): Promise<Map<string, Record<string, unknown>[]>>;
}

export interface ContractsHookSet {
  campaigns: ContractCampaignsHook;
}

/** What contracts need from the notifications module above them: the `campaigns` a contract answers with. */
@Injectable()
export class ContractsHooks extends ModuleHooks<ContractsHookSet> {
  constructor() {
    super('ContractsModule', { campaigns: 'NotificationsModule' });
  }
}
