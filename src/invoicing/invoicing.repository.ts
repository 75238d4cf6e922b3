import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { InvoiceEntity, InvoiceLedgerEntryEntity, InvoiceLineEntity, OneTimeBillableEntity } from './invoicing.entity';

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

/** The invoice ledger's entries: written only by InvoiceLedger. */
@Injectable()
export class InvoiceLedgerEntriesRepository extends ScopedRepository<InvoiceLedgerEntryEntity> {
  constructor(dataSource: DataSource) {
    super(InvoiceLedgerEntryEntity, dataSource.manager);
  }
}
