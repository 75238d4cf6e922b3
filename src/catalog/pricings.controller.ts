import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { PricingsService } from './pricings.service';
import { CatalogViews } from './catalog.views';
import { CreatePricingDto, FindPricingsDto, ProductPricingResponse, UpdatePricingDto } from './dto/pricing.dto';

@ApiTags('catalog')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/pricing`)
export class PricingsController {
  constructor(
    private readonly service: PricingsService,
    private readonly views: CatalogViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a product pricing' })
  @HttpCode(200)
  @ApiOkResponse({ type: ProductPricingResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreatePricingDto): Promise<ProductPricingResponse> {
    return this.views.pricingView(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search product pricings' })
  @HttpCode(200)
  @ApiPageResponse(ProductPricingResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindPricingsDto) {
    return this.views.pricingPage(companyId, await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a product pricing by id or external_name' })
  @ApiParam({ name: 'id', description: "the product pricing id (pp_…) or its external_name (the reference's external identifier)" })
  @ApiOkResponse({ type: ProductPricingResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ProductPricingResponse> {
    return this.views.pricingView(companyId, await this.service.getByIdOrExternalName(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a product pricing; archive with state ARCHIVED' })
  @ApiOkResponse({ type: ProductPricingResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdatePricingDto): Promise<ProductPricingResponse> {
    return this.views.pricingView(companyId, await this.service.update(companyId, id, dto));
  }
}
