import type { ModuleSchema } from '../platform/database/module-schema';
import { ContractEntity, ContractSignatoryEntity } from './contract.entity';
import { ContractTemplateEntity } from './contract-template.entity';
import { Contracts1700000009000 } from './migrations/1700000009000-contracts';
import { ContractSignatureTerms1700000009100 } from './migrations/1700000009100-signature-terms';
import { ContractTemplates1700000015520 } from './migrations/1700000015520-contract-templates';
import { SigningTokenHash1700000017430 } from './migrations/1700000017430-signing-token-hash';
import { ContractPaymentMethod1700000017550 } from './migrations/1700000017550-contract-payment-method';

export const contractsSchema: ModuleSchema = {
  entities: [ContractEntity, ContractSignatoryEntity, ContractTemplateEntity],
  migrations: [
    Contracts1700000009000,
    ContractSignatureTerms1700000009100,
    ContractTemplates1700000015520,
    SigningTokenHash1700000017430,
    ContractPaymentMethod1700000017550,
  ],
};
