import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { EntitlementsService } from './entitlements.service';
import { EntitlementsViews } from './entitlements.views';
import { CreateEntitlementDto, EntitlementResponse, FindEntitlementsDto, UpdateEntitlementDto } from './dto/entitlement.dto';

@ApiTags('entitlements')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/entitlements`)
export class EntitlementsController {
  constructor(
    private readonly service: EntitlementsService,
    private readonly views: EntitlementsViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an entitlement' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: EntitlementResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateEntitlementDto): Promise<EntitlementResponse> {
    return this.views.one(await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search entitlements' })
  @HttpCode(200)
  @ApiPageResponse(EntitlementResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindEntitlementsDto) {
    return this.views.page(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an entitlement' })
  @ApiOkResponse({ type: EntitlementResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<EntitlementResponse> {
    return this.views.one(await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update an entitlement' })
  @ApiOkResponse({ type: EntitlementResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateEntitlementDto): Promise<EntitlementResponse> {
    return this.views.one(await this.service.update(companyId, id, dto));
  }
}
