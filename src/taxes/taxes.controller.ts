import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { TaxesService } from './taxes.service';
import { TaxesViews } from './taxes.views';
import { CreateTaxDto, FindTaxesDto, TaxResponse, UpdateTaxDto } from './dto/tax.dto';

const ID_PARAM = { name: 'id', description: 'the tax rate id (tax_…) or its code' };

@ApiTags('taxes')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/taxes`)
export class TaxesController {
  constructor(
    private readonly service: TaxesService,
    private readonly views: TaxesViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a tax rate' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: TaxResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateTaxDto): Promise<TaxResponse> {
    return this.views.one(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search tax rates' })
  @HttpCode(200)
  @ApiPageResponse(TaxResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindTaxesDto) {
    return this.views.page(companyId, await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a tax rate by id or code' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: TaxResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<TaxResponse> {
    return this.views.one(companyId, await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a tax rate; its percentage, inclusive, country and state are fixed (409) once it is on a finalized invoice',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: TaxResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateTaxDto): Promise<TaxResponse> {
    return this.views.one(companyId, await this.service.update(companyId, id, dto));
  }
}
