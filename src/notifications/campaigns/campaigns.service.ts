import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../platform/errors/domain-error';
import { isId } from '../../platform/ids/ids';
import { runSearch, SearchPage, SearchSpec } from '../../platform/search/search';
import type { FindCampaignsDto } from '../dto/campaign.dto';
import type { CampaignEntity } from './campaign.entity';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignStarter } from './campaign-starter.service';

const SEARCH: SearchSpec = {
  alias: 'c',
  sortKeys: {
    createdAtDesc: { column: 'c.created_at', direction: 'DESC', kind: 'date' },
    createdAtAsc: { column: 'c.created_at', direction: 'ASC', kind: 'date' },
  },
  filters: {
    invoice_id: { kind: 'exact', column: 'c.invoice_id' },
    customer_id: { kind: 'exact', column: 'c.customer_id' },
    contract_id: { kind: 'exact', column: 'c.contract_id' },
    status: { kind: 'exact', column: 'c.status' },
    type: { kind: 'exact', column: 'c.type' },
  },
};

const notFound = () => DomainError.notFound('campaign');

/** Campaigns: find, get, stop. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: CampaignsRepository,
    private readonly starter: CampaignStarter,
  ) {}

  find(companyId: string, body: FindCampaignsDto): Promise<SearchPage<CampaignEntity>> {
    return runSearch(this.repo.queryBuilder(companyId, 'c'), body, SEARCH);
  }

  async get(companyId: string, id: string): Promise<CampaignEntity> {
    if (!isId('campaign', id)) throw notFound();
    return (await this.repo.findOne(companyId, { id })) ?? Promise.reject(notFound());
  }

  /** Stops an ACTIVE campaign (its steps not run yet are CANCELLED); a campaign already over is a 409. */
  async stop(companyId: string, id: string): Promise<CampaignEntity> {
    if (!isId('campaign', id)) throw notFound();
    return this.dataSource.transaction(async (m) => {
      const campaign = await this.repo.with(m).findOneForUpdate(companyId, { id });
      if (!campaign) throw notFound();
      if (campaign.status !== 'ACTIVE') throw DomainError.conflict('campaign_not_active', `the campaign is already ${campaign.status}`);
      await this.starter.stop(m, campaign, 'stopped_by_request');
      return (await this.repo.with(m).findOne(companyId, { id }))!;
    });
  }
}
