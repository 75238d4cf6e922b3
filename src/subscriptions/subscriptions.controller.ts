import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { SubscriptionsService } from './subscriptions.service';
import {
  CancelSubscriptionDto,
  ChangeSubscriptionDto,
  CreateSubscriptionDto,
  EmptyBodyDto,
  ExtendTrialDto,
  FindSubscriptionsDto,
  PauseSubscriptionDto,
  SubscriptionResponse,
  SubscriptionUsageDto,
  SubscriptionUsageResponse,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';

/** Subscriptions: every action answers 200 with the subscription (conventions.md). */
@ApiTags('subscriptions')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/subscriptions`)
export class SubscriptionsController {
  constructor(private readonly service: SubscriptionsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  create(@CompanyId() companyId: string, @Body() dto: CreateSubscriptionDto): Promise<SubscriptionResponse> {
    return this.service.create(companyId, dto);
  }

  @Post('find')
  @ApiOperation({ summary: 'Search subscriptions' })
  @HttpCode(200)
  @ApiPageResponse(SubscriptionResponse)
  find(@CompanyId() companyId: string, @Body() body: FindSubscriptionsDto) {
    return this.service.find(companyId, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a subscription by id or identifier (spec #19)' })
  @ApiOkResponse({ type: SubscriptionResponse })
  get(@CompanyId() companyId: string, @Param('id') id: string): Promise<SubscriptionResponse> {
    return this.service.get(companyId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a subscription' })
  @ApiOkResponse({ type: SubscriptionResponse })
  update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateSubscriptionDto): Promise<SubscriptionResponse> {
    return this.service.update(companyId, id, dto);
  }

  @Post(':id/change')
  @ApiOperation({ summary: 'Change the pricings or quantities of a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  change(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: ChangeSubscriptionDto): Promise<SubscriptionResponse> {
    return this.service.change(companyId, id, dto);
  }

  @Post(':id/cancel')
  @ApiOperation({ summary: 'Cancel a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  cancel(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: CancelSubscriptionDto): Promise<SubscriptionResponse> {
    return this.service.cancel(companyId, id, dto);
  }

  @Post(':id/undo_cancel')
  @ApiOperation({ summary: 'Undo a scheduled cancellation' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  undoCancel(@CompanyId() companyId: string, @Param('id') id: string, @Body() _body: EmptyBodyDto): Promise<SubscriptionResponse> {
    return this.service.undoCancel(companyId, id);
  }

  @Post(':id/extend')
  @ApiOperation({ summary: 'Extend the trial of a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  extend(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: ExtendTrialDto): Promise<SubscriptionResponse> {
    return this.service.extend(companyId, id, dto);
  }

  @Post(':id/pause')
  @ApiOperation({ summary: 'Pause a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  pause(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: PauseSubscriptionDto): Promise<SubscriptionResponse> {
    return this.service.pause(companyId, id, dto);
  }

  @Post(':id/resume')
  @ApiOperation({ summary: 'Resume a paused subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  resume(@CompanyId() companyId: string, @Param('id') id: string, @Body() _body: EmptyBodyDto): Promise<SubscriptionResponse> {
    return this.service.resume(companyId, id);
  }

  @Post(':id/usage')
  @ApiOperation({ summary: 'Usage of a subscription per metric' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionUsageResponse })
  usage(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: SubscriptionUsageDto): Promise<SubscriptionUsageResponse> {
    return this.service.usage(companyId, id, dto);
  }
}
