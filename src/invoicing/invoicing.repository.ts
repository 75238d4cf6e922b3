import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import {
  CompanyCounterEntity,
  InvoiceEntity,
  InvoiceLedgerEntryEntity,
  InvoiceLineEntity,
  OneTimeBillableEntity,
} from './invoicing.entity';

@Injectable()
export class InvoicesRepository extends ScopedRepository<InvoiceEntity> {
  constructor(dataSource: DataSource) {
    super(InvoiceEntity, dataSource.manager);
  }
}

@Injectable()
export class InvoiceLinesRepository extends ScopedRepository<InvoiceLineEntity> {
  constructor(dataSource: DataSource) {
    super(InvoiceLineEntity, dataSource.manager);
  }
}

@Injectable()
export class OneTimeBillablesRepository extends ScopedRepository<OneTimeBillableEntity> {
  constructor(dataSource: DataSource) {
    super(OneTimeBillableEntity, dataSource.manager);
  }
}

/**
 * Gapless counters: the increment locks the company's counter row until the transaction ends,
 * so numbers are assigned in commit order and a rolled-back invoice gives its number back.
 */
@Injectable()
export class CompanyCountersRepository extends ScopedRepository<CompanyCounterEntity> {
  constructor(dataSource: DataSource) {
    super(CompanyCounterEntity, dataSource.manager);
  }

  /** The next value of a counter; call with the repository bound to the creating transaction. */
  async next(companyId: string, name: string, manager: EntityManager = this.manager): Promise<number> {
    if (!companyId) throw new Error('CompanyCountersRepository: a company id is required');
    const rows: { value: string }[] = await manager.query(
      `INSERT INTO company_counters (company_id, name, value) VALUES ($1, $2, 1)
       ON CONFLICT (company_id, name) DO UPDATE SET value = company_counters.value + 1
       RETURNING value`,
      [companyId, name],
    );
    return Number(rows[0].value);
  }
}

/** The invoice ledger's entries: written only by InvoiceLedger. */
@Injectable()
export class InvoiceLedgerEntriesRepository extends ScopedRepository<InvoiceLedgerEntryEntity> {
  constructor(dataSource: DataSource) {
    super(InvoiceLedgerEntryEntity, dataSource.manager);
  }
}
