import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AnswerHeaders } from '../../platform/idempotency/answer-headers.decorator';
import { answerBatch, REFUSED_OBJECTS_HEADER, refusedHeaderDoc } from '../batch-answer';
import { ApiTenantController } from '../../platform/api-errors.decorator';
import { COMPANY_PATH } from '../../platform/paths';
import { ApiPageResponse } from '../../platform/search/api-page.decorator';
import { CompanyId } from '../../platform/tenancy/company-id.decorator';
import { CreateObjectDto, FindObjectsDto, IngestObjectsDto, IngestObjectsResponse, ObjectResponse, UpdateObjectDto } from './objects.dto';
import { MetricsViews } from '../metrics.views';
import { ObjectsService } from './objects.service';

@ApiTags('metrics')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/objects`)
export class ObjectsController {
  constructor(
    private readonly service: ObjectsService,
    private readonly views: MetricsViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an object' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ObjectResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateObjectDto): Promise<ObjectResponse> {
    return this.views.objectView(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search objects' })
  @HttpCode(200)
  @ApiPageResponse(ObjectResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindObjectsDto) {
    return this.views.objectPage(companyId, await this.service.find(companyId, body));
  }

  @Post('ingest')
  @ApiOperation({
    summary: 'Create, update or delete objects in a batch (answers enqueued and errors)',
    description:
      'Each entry is applied on its own, in order. 200: every entry applied. 207: some entries refused and listed in `errors`, the others applied. ' +
      '400 `batch_refused`: every entry refused, nothing written; `validation_errors` names the field at fault in each. ' +
      `Every 2xx answer carries ${REFUSED_OBJECTS_HEADER}, the count of refused entries.`,
  })
  @HttpCode(200)
  @ApiOkResponse({
    type: IngestObjectsResponse,
    description: 'every entry applied',
    headers: { [REFUSED_OBJECTS_HEADER]: refusedHeaderDoc('entries') },
  })
  @ApiResponse({
    status: 207,
    type: IngestObjectsResponse,
    description: 'some entries refused (listed in `errors`), the others applied',
    headers: { [REFUSED_OBJECTS_HEADER]: refusedHeaderDoc('entries') },
  })
  @AnswerHeaders((body) => ({ [REFUSED_OBJECTS_HEADER]: String((body as IngestObjectsResponse).errors.length) }))
  async ingest(
    @CompanyId() companyId: string,
    @Body() dto: IngestObjectsDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IngestObjectsResponse> {
    const result = await this.service.ingest(companyId, dto.objects);
    const refused = result.errors.map((e) => ({ field: e.field, problem: e.problem, message: e.error_message }));
    return answerBatch(res, this.views.objectsIngestView(result), REFUSED_OBJECTS_HEADER, 'entry', refused, result.processed.length);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an object' })
  @ApiOkResponse({ type: ObjectResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ObjectResponse> {
    return this.views.objectView(companyId, await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update an object' })
  @ApiOkResponse({ type: ObjectResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateObjectDto): Promise<ObjectResponse> {
    return this.views.objectView(companyId, await this.service.update(companyId, id, dto.properties));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an object' })
  @ApiOkResponse({ type: ObjectResponse, description: 'soft delete: the object stays for the usage of past periods' })
  async remove(@CompanyId() companyId: string, @Param('id') id: string): Promise<ObjectResponse> {
    return this.views.objectView(companyId, await this.service.remove(companyId, id));
  }
}
