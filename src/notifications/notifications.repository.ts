import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { NotificationEntity } from './notification.entity';

@Injectable()
export class NotificationsRepository extends ScopedRepository<NotificationEntity> {
  constructor(dataSource: DataSource) {
    super(NotificationEntity, dataSource.manager);
  }
}
