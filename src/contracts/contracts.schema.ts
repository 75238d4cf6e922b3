import type { ModuleSchema } from '../platform/database/module-schema';
import { ContractEntity, ContractSignatoryEntity } from './contract.entity';
import { Contracts1700000009000 } from './migrations/1700000009000-contracts';
import { ContractSignatureTerms1700000009100 } from './migrations/1700000009100-signature-terms';

export const contractsSchema: ModuleSchema = {
  entities: [ContractEntity, ContractSignatoryEntity],
  migrations: [Contracts1700000009000, ContractSignatureTerms1700000009100],
};
