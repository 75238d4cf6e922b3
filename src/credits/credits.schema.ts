import type { ModuleSchema } from '../platform/database/module-schema';
import { CreditEntity, CreditLogEntity } from './credit.entity';
import { Credits1700000008000 } from './migrations/1700000008000-credits';
import { CreditRestored1700000011600 } from './migrations/1700000011600-credit-restored';
import { CreditPacks1700000017600 } from './migrations/1700000017600-credit-packs';

export const creditsSchema: ModuleSchema = {
  entities: [CreditEntity, CreditLogEntity],
  migrations: [Credits1700000008000, CreditRestored1700000011600, CreditPacks1700000017600],
};
