import type { ModuleSchema } from '../platform/database/entity-registry';
import { ContractEntity, ContractSignatoryEntity } from './contract.entities';
import { Contracts1700000009000 } from './migrations/1700000009000-contracts';

export const contractsSchema: ModuleSchema = {
  entities: [ContractEntity, ContractSignatoryEntity],
  migrations: [Contracts1700000009000],
};
