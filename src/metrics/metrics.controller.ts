import { Body, Controller, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AnswerHeaders } from '../platform/idempotency/answer-headers.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { COMPANY_PATH } from '../platform/paths';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { BillableItemsService } from './billable-items.service';
import { BillableMetricsService } from './billable-metrics.service';
import {
  BillableItemResponse,
  BillableMetricResponse,
  CreateBillableItemDto,
  CreateBillableMetricDto,
  CustomerUsageDto,
  CustomerUsageResponse,
  FindBillableItemsDto,
  FindBillableMetricsDto,
  IngestEventsDto,
  IngestEventsResponse,
  UpdateBillableItemDto,
  UpdateBillableMetricDto,
} from './dto/metrics.dto';
import { MetricsViews } from './metrics.views';
import { answerBatch, REFUSED_EVENTS_HEADER, refusedHeaderDoc } from './batch-answer';
import { EventIngestService } from './usage/event-ingest.service';
import { checkIngestBody, IngestEventsBody } from './usage/ingest-shape';
import { UsageService } from './usage/usage.service';

@ApiTags('metrics')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/billable_items`)
export class BillableItemsController {
  constructor(
    private readonly service: BillableItemsService,
    private readonly views: MetricsViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a billable item' })
  @HttpCode(200)
  @ApiOkResponse({ type: BillableItemResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateBillableItemDto) {
    return this.views.itemView(await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search billable items' })
  @HttpCode(200)
  @ApiPageResponse(BillableItemResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindBillableItemsDto) {
    return this.views.itemPage(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a billable item' })
  @ApiOkResponse({ type: BillableItemResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string) {
    return this.views.itemView(await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a billable item' })
  @ApiOkResponse({ type: BillableItemResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateBillableItemDto) {
    return this.views.itemView(await this.service.update(companyId, id, dto));
  }
}

@ApiTags('metrics')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/billable_metrics`)
export class BillableMetricsController {
  constructor(
    private readonly service: BillableMetricsService,
    private readonly views: MetricsViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a billable metric' })
  @HttpCode(200)
  @ApiOkResponse({ type: BillableMetricResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateBillableMetricDto) {
    return this.views.metricView(await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search billable metrics' })
  @HttpCode(200)
  @ApiPageResponse(BillableMetricResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindBillableMetricsDto) {
    return this.views.metricPage(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a billable metric' })
  @ApiOkResponse({ type: BillableMetricResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string) {
    return this.views.metricView(await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a billable metric' })
  @ApiOkResponse({ type: BillableMetricResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateBillableMetricDto) {
    return this.views.metricView(await this.service.update(companyId, id, dto));
  }
}

@ApiTags('metrics')
@ApiTenantController()
@Controller(COMPANY_PATH)
export class UsageController {
  constructor(
    private readonly ingestion: EventIngestService,
    private readonly usage: UsageService,
    private readonly views: MetricsViews,
  ) {}

  @Post('events/ingest')
  @ApiOperation({
    summary: 'Ingest usage events (de-duplicated by transaction_id)',
    description:
      'Each event is checked on its own. 200: every event accepted (stored, or a duplicate of one already stored). ' +
      '207: some events refused and listed in `errors`, the others accepted (sending the batch again is safe). ' +
      '400 `batch_refused`: every event refused, nothing written; `validation_errors` names the field at fault in each. ' +
      `Every 2xx answer carries ${REFUSED_EVENTS_HEADER}, the count of refused events. ` +
      'A new event of a usage price paid in advance (pay_in_advance) is billed before the answer: its ADVANCE_USAGE invoice ' +
      'is written with it (400 `amount_out_of_range`, nothing written, when its charge is above the money bound). ' +
      'See docs/billing-rules.md#usage-charged-as-events-arrive',
  })
  @HttpCode(200)
  @ApiOkResponse({
    type: IngestEventsResponse,
    description: 'every event accepted (stored, or a duplicate)',
    headers: { [REFUSED_EVENTS_HEADER]: refusedHeaderDoc('events') },
  })
  @ApiResponse({
    status: 207,
    type: IngestEventsResponse,
    description: 'some events refused (listed in `errors`), the others accepted',
    headers: { [REFUSED_EVENTS_HEADER]: refusedHeaderDoc('events') },
  })
  @ApiBody({ type: IngestEventsDto })
  @AnswerHeaders((body) => ({ [REFUSED_EVENTS_HEADER]: String((body as IngestEventsResponse).errors.length) }))
  // the body is typed by an interface, so the global ValidationPipe leaves it alone: checkIngestBody
  // gives IngestEventsDto's answers by hand, and each event is checked by hand by the service
  async ingest(
    @CompanyId() companyId: string,
    @Body() body: IngestEventsBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IngestEventsResponse> {
    const result = await this.ingestion.ingest(companyId, checkIngestBody(body));
    const refused = result.errors.map((e) => ({ field: e.field, problem: e.problem, message: e.error_message }));
    const accepted = result.enqueued.length + result.duplicates.length;
    return answerBatch(res, this.views.eventsIngestView(result), REFUSED_EVENTS_HEADER, 'event', refused, accepted);
  }

  @Post('customers/:customer_id/usage')
  @ApiOperation({ summary: 'Usage of a customer per metric over a period' })
  @HttpCode(200)
  @ApiOkResponse({ type: CustomerUsageResponse })
  async customerUsage(@CompanyId() companyId: string, @Param('customer_id') customerId: string, @Body() dto: CustomerUsageDto) {
    return this.views.customerUsageView(await this.usage.customerUsage(companyId, customerId, dto));
  }
}
