import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { FindNotificationsDto, NotificationActionBodyDto, NotificationResponse } from './dto/notification.dto';
import { NotificationsService } from './notifications.service';
import { toNotificationResponse } from './notifications.mapper';

@ApiTags('notifications')
@ApiTenantController()
@Controller(COMPANY_PATH)
export class NotificationsController {
  constructor(private readonly service: NotificationsService) {}

  @Post('notifications/find')
  @ApiOperation({ summary: 'Search the e-mails sent to customers (the notification log)' })
  @HttpCode(200)
  @ApiPageResponse(NotificationResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindNotificationsDto) {
    const page = await this.service.find(companyId, body);
    return { pagination: page.pagination, results: page.results.map(toNotificationResponse) };
  }

  @Get('notifications/:id')
  @ApiOperation({ summary: 'Get one e-mail of the notification log' })
  @ApiOkResponse({ type: NotificationResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<NotificationResponse> {
    return toNotificationResponse(await this.service.get(companyId, id));
  }

  @Post('notifications/:id/resend')
  @ApiOperation({ summary: 'Send an e-mail again (a new notification with the same recipients and content)' })
  @HttpCode(200)
  @ApiOkResponse({ type: NotificationResponse })
  async resend(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Body() _body: NotificationActionBodyDto,
  ): Promise<NotificationResponse> {
    return toNotificationResponse(await this.service.resend(companyId, id));
  }

  @Post('invoices/:uuid/send')
  @ApiOperation({
    summary: 'E-mail an invoice (PDF attached) to its billed customer, Cc its billing_emails; 409 for a DRAFT',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: NotificationResponse })
  async sendInvoice(
    @CompanyId() companyId: string,
    @Param('uuid') uuid: string,
    @Body() _body: NotificationActionBodyDto,
  ): Promise<NotificationResponse> {
    return toNotificationResponse(await this.service.sendInvoice(companyId, uuid));
  }
}
