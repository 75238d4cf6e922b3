import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ScopedRepository } from '../../platform/tenancy/scoped.repository';
import { CampaignEntity, CampaignStepEntity } from './campaign.entity';

@Injectable()
export class CampaignsRepository extends ScopedRepository<CampaignEntity> {
  constructor(dataSource: DataSource) {
    super(CampaignEntity, dataSource.manager);
  }
}

@Injectable()
export class CampaignStepsRepository extends ScopedRepository<CampaignStepEntity> {
  constructor(dataSource: DataSource) {
    super(CampaignStepEntity, dataSource.manager);
  }
}
