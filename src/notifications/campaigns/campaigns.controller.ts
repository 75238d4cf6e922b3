import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../../platform/paths';
import { CompanyId } from '../../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../../platform/api-errors.decorator';
import { ApiPageResponse } from '../../platform/search/api-page.decorator';
import { CampaignActionBodyDto, CampaignResponse, FindCampaignsDto } from '../dto/campaign.dto';
import { CampaignsService } from './campaigns.service';
import { NotificationsViews } from '../notifications.views';

@ApiTags('campaigns')
@ApiTenantController()
@Controller(COMPANY_PATH)
export class CampaignsController {
  constructor(
    private readonly service: CampaignsService,
    private readonly views: NotificationsViews,
  ) {}

  @Post('campaigns/find')
  @ApiOperation({ summary: 'Search campaigns (dunning of unpaid invoices, signature reminders of contracts)' })
  @HttpCode(200)
  @ApiPageResponse(CampaignResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindCampaignsDto) {
    return this.views.campaignPage(companyId, await this.service.find(companyId, body));
  }

  @Get('campaigns/:id')
  @ApiOperation({ summary: 'Get one campaign with its steps' })
  @ApiOkResponse({ type: CampaignResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<CampaignResponse> {
    return this.views.campaignView(companyId, await this.service.get(companyId, id));
  }

  @Post('campaigns/:id/stop')
  @ApiOperation({ summary: 'Stop an ACTIVE campaign: its steps not run yet are CANCELLED (409 when it is already over)' })
  @HttpCode(200)
  @ApiOkResponse({ type: CampaignResponse })
  async stop(@CompanyId() companyId: string, @Param('id') id: string, @Body() _body: CampaignActionBodyDto): Promise<CampaignResponse> {
    return this.views.campaignView(companyId, await this.service.stop(companyId, id));
  }
}
