import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { DomainError } from '../platform/errors/domain-error';
import { ScheduledChangesUseCase } from './scheduled-changes.use-case';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { SubscriptionViews } from './subscriptions.views';
import { SubscriptionSearch } from './subscription-search.service';
import { CreateSubscriptionUseCase } from './create-subscription.use-case';
import { UpdateSubscriptionUseCase } from './update-subscription.use-case';
import { ChangeSubscriptionUseCase } from './change-subscription.use-case';
import { CancelSubscriptionUseCase } from './cancel-subscription.use-case';
import { SubscriptionLifecycleUseCase } from './subscription-lifecycle.use-case';
import { SubscriptionUsageUseCase } from './subscription-usage.use-case';
import {
  CancelSubscriptionDto,
  ChangeSubscriptionDto,
  CreateSubscriptionDto,
  EmptyBodyDto,
  ExtendTrialDto,
  FindSubscriptionsDto,
  PauseSubscriptionDto,
  ScheduledChangesResponse,
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
  constructor(
    private readonly views: SubscriptionViews,
    private readonly search: SubscriptionSearch,
    private readonly creating: CreateSubscriptionUseCase,
    private readonly updating: UpdateSubscriptionUseCase,
    private readonly changing: ChangeSubscriptionUseCase,
    private readonly cancelling: CancelSubscriptionUseCase,
    private readonly lifecycle: SubscriptionLifecycleUseCase,
    private readonly usageOf: SubscriptionUsageUseCase,
    private readonly scheduled: ScheduledChangesUseCase,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateSubscriptionDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.creating.execute(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search subscriptions' })
  @HttpCode(200)
  @ApiPageResponse(SubscriptionResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindSubscriptionsDto) {
    return this.views.page(companyId, await this.search.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a subscription by id or identifier' })
  @ApiOkResponse({ type: SubscriptionResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<SubscriptionResponse> {
    return this.views.get(companyId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a subscription' })
  @ApiOkResponse({ type: SubscriptionResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateSubscriptionDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.updating.execute(companyId, id, dto));
  }

  @Post(':id/change')
  @ApiOperation({ summary: 'Change the pricings or quantities of a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async change(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: ChangeSubscriptionDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.changing.execute(companyId, id, dto));
  }

  @Post(':id/cancel')
  @ApiOperation({ summary: 'Cancel a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async cancel(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: CancelSubscriptionDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.cancelling.cancel(companyId, id, dto));
  }

  @Post(':id/undo_cancel')
  @ApiOperation({ summary: 'Undo a scheduled cancellation' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async undoCancel(@CompanyId() companyId: string, @Param('id') id: string, @Body() _body: EmptyBodyDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.cancelling.undo(companyId, id));
  }

  @Post(':id/extend')
  @ApiOperation({ summary: 'Extend the trial of a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async extend(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: ExtendTrialDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.lifecycle.extendTrial(companyId, id, dto));
  }

  @Post(':id/pause')
  @ApiOperation({ summary: 'Pause a subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async pause(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: PauseSubscriptionDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.lifecycle.pause(companyId, id, dto));
  }

  @Post(':id/resume')
  @ApiOperation({ summary: 'Resume a paused subscription' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async resume(@CompanyId() companyId: string, @Param('id') id: string, @Body() _body: EmptyBodyDto): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.lifecycle.resume(companyId, id));
  }

  @Get(':id/scheduled_changes')
  @ApiOperation({ summary: 'List the changes scheduled on a subscription and not yet in effect, in the order they apply' })
  @ApiOkResponse({ type: ScheduledChangesResponse })
  async scheduledChanges(@CompanyId() companyId: string, @Param('id') id: string): Promise<ScheduledChangesResponse> {
    return this.views.scheduledChanges(await this.scheduled.list(companyId, id));
  }

  @Post(':id/scheduled_changes/:change_id/cancel')
  @ApiOperation({ summary: 'Cancel one scheduled change (the others still apply at their instants)' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionResponse })
  async cancelScheduledChange(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Param('change_id', new ParseIntPipe({ exceptionFactory: () => DomainError.notFound('scheduled change', 'change_id') }))
    changeId: number,
    @Body() _body: EmptyBodyDto,
  ): Promise<SubscriptionResponse> {
    return this.views.one(companyId, await this.scheduled.cancel(companyId, id, changeId));
  }

  @Post(':id/usage')
  @ApiOperation({ summary: 'Usage of a subscription per metric' })
  @HttpCode(200)
  @ApiOkResponse({ type: SubscriptionUsageResponse })
  usage(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: SubscriptionUsageDto): Promise<SubscriptionUsageResponse> {
    return this.usageOf.execute(companyId, id, dto);
  }
}
