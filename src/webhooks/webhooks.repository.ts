import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';
import { WebhookEndpointEntity } from './endpoints/webhook-endpoint.entity';
import { WebhookDeliveryEntity } from './delivery/webhook-delivery.entity';

@Injectable()
export class WebhookEndpointsRepository extends ScopedRepository<WebhookEndpointEntity> {
  constructor(dataSource: DataSource) {
    super(WebhookEndpointEntity, dataSource.manager);
  }
}

@Injectable()
export class WebhookDeliveriesRepository extends ScopedRepository<WebhookDeliveryEntity> {
  constructor(dataSource: DataSource) {
    super(WebhookDeliveryEntity, dataSource.manager);
  }
}
