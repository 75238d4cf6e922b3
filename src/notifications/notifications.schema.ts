import type { ModuleSchema } from '../platform/database/module-schema';
import { NotificationEntity } from './notification.entity';
import { CampaignEntity, CampaignStepEntity } from './campaigns/campaign.entity';
import { Notifications1700000017750 } from './migrations/1700000017750-notifications';
import { Campaigns1700000018100 } from './migrations/1700000018100-campaigns';

export const notificationsSchema: ModuleSchema = {
  entities: [NotificationEntity, CampaignEntity, CampaignStepEntity],
  migrations: [Notifications1700000017750, Campaigns1700000018100],
};
