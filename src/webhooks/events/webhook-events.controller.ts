import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../../platform/paths';
import { CompanyId } from '../../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../../platform/api-errors.decorator';
import { ApiPageResponse } from '../../platform/search/api-page.decorator';
import { WebhookEventsService } from './webhook-events.service';
import { WebhooksViews } from '../webhooks.views';
import { FindWebhookEventsDto, WebhookEventResponse } from './dto/webhook-event.dto';

@ApiTags('webhook events')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/webhook_events`)
export class WebhookEventsController {
  constructor(
    private readonly service: WebhookEventsService,
    private readonly views: WebhooksViews,
  ) {}

  @Post('find')
  @ApiOperation({ summary: 'Search webhook events of the last 30 days' })
  @HttpCode(200)
  @ApiPageResponse(WebhookEventResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindWebhookEventsDto) {
    return this.views.eventPage(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook event (readable for 30 days)' })
  @ApiOkResponse({ type: WebhookEventResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<WebhookEventResponse> {
    return this.views.eventView(await this.service.get(companyId, id));
  }
}
