import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { ContractEntity, ContractSignatoryEntity } from './contract.entity';
import { ContractTemplateEntity } from './contract-template.entity';

@Injectable()
export class ContractsRepository extends ScopedRepository<ContractEntity> {
  constructor(ds: DataSource) {
    super(ContractEntity, ds.manager);
  }
}

@Injectable()
export class ContractSignatoriesRepository extends ScopedRepository<ContractSignatoryEntity> {
  constructor(ds: DataSource) {
    super(ContractSignatoryEntity, ds.manager);
  }
}

@Injectable()
export class ContractTemplatesRepository extends ScopedRepository<ContractTemplateEntity> {
  constructor(ds: DataSource) {
    super(ContractTemplateEntity, ds.manager);
  }
}

export const CONTRACT_REPOSITORIES = [ContractsRepository, ContractSignatoriesRepository, ContractTemplatesRepository];
