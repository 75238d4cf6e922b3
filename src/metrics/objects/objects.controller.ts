import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ summary: 'Create, update or delete objects in a batch (answers enqueued and errors)' })
  @HttpCode(200)
  @ApiOkResponse({ type: IngestObjectsResponse })
  async ingest(@CompanyId() companyId: string, @Body() dto: IngestObjectsDto): Promise<IngestObjectsResponse> {
    return this.views.objectsIngestView(await this.service.ingest(companyId, dto.objects));
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
