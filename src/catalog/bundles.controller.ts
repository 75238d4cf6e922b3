import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { BundlesService } from './bundles.service';
import { BundleResponse, CreateBundleDto, FindBundlesDto, UpdateBundleDto } from './dto/bundle.dto';

@ApiTags('catalog')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/bundles`)
export class BundlesController {
  constructor(private readonly service: BundlesService) {}

  @Post()
  @ApiOperation({ summary: 'Create a bundle of pricings' })
  @HttpCode(200)
  @ApiOkResponse({ type: BundleResponse })
  create(@CompanyId() companyId: string, @Body() dto: CreateBundleDto): Promise<BundleResponse> {
    return this.service.create(companyId, dto);
  }

  @Post('find')
  @ApiOperation({ summary: 'Search bundles (spec #5)' })
  @HttpCode(200)
  @ApiPageResponse(BundleResponse)
  find(@CompanyId() companyId: string, @Body() body: FindBundlesDto) {
    return this.service.find(companyId, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a bundle (spec #18)' })
  @ApiOkResponse({ type: BundleResponse })
  get(@CompanyId() companyId: string, @Param('id') id: string): Promise<BundleResponse> {
    return this.service.get(companyId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a bundle' })
  @ApiOkResponse({ type: BundleResponse })
  update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateBundleDto): Promise<BundleResponse> {
    return this.service.update(companyId, id, dto);
  }
}
