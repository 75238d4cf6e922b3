import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { OneTimesService } from './one-times.service';
import { InvoicingViews } from './invoicing.views';
import { CreateOneTimesDto, FindOneTimesDto, OneTimeBillableResponse } from './dto/one-time.dto';

@ApiTags('invoicing')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/one_times`)
export class OneTimesController {
  constructor(
    private readonly service: OneTimesService,
    private readonly views: InvoicingViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create one-time charges' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: [OneTimeBillableResponse], description: 'the one-time billables created' })
  async create(@CompanyId() companyId: string, @Body() dto: CreateOneTimesDto): Promise<OneTimeBillableResponse[]> {
    return this.views.oneTimeViews(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search one-time charges' })
  @HttpCode(200)
  @ApiPageResponse(OneTimeBillableResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindOneTimesDto) {
    return this.views.oneTimePage(companyId, await this.service.find(companyId, body));
  }
}
