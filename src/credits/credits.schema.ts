import type { ModuleSchema } from '../platform/database/entity-registry';
import { CreditEntity, CreditLogEntity } from './credit.entities';
import { Credits1700000008000 } from './migrations/1700000008000-credits';

export const creditsSchema: ModuleSchema = {
  entities: [CreditEntity, CreditLogEntity],
  migrations: [Credits1700000008000],
};
