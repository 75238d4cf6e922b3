import type { ModuleSchema } from '../platform/database/module-schema';
import { NotificationEntity } from './notification.entity';
import { Notifications1700000017750 } from './migrations/1700000017750-notifications';

export const notificationsSchema: ModuleSchema = {
  entities: [NotificationEntity],
  migrations: [Notifications1700000017750],
};
