import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { BundlesService } from './bundles.service';
import { CatalogViews } from './catalog.views';
import { BundleResponse, CreateBundleDto, FindBundlesDto, UpdateBundleDto } from './dto/bundle.dto';

@ApiTags('catalog')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/bundles`)
export class BundlesController {
  constructor(
    private readonly service: BundlesService,
    private readonly views: CatalogViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a bundle of pricings' })
  @HttpCode(200)
  @ApiOkResponse({ type: BundleResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateBundleDto): Promise<BundleResponse> {
    return this.views.bundleView(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search bundles' })
  @HttpCode(200)
  @ApiPageResponse(BundleResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindBundlesDto) {
    return this.views.bundlePage(companyId, await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a bundle' })
  @ApiOkResponse({ type: BundleResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<BundleResponse> {
    return this.views.bundleView(companyId, await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a bundle' })
  @ApiOkResponse({ type: BundleResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateBundleDto): Promise<BundleResponse> {
    return this.views.bundleView(companyId, await this.service.update(companyId, id, dto));
  }
}
