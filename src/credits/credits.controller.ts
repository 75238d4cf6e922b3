import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { CreditsService } from './credits.service';
import { CreditViews } from './credits.views';
import {
  ConsumeCreditsDto,
  ConsumeCreditsResponse,
  CreateCreditDto,
  CreditLogResponse,
  CreditResponse,
  CreditUnitsBalanceResponse,
  FindCreditLogsDto,
  FindCreditsDto,
} from './dto/credit.dto';

@ApiTags('credits')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/credits`)
export class CreditsController {
  constructor(
    private readonly service: CreditsService,
    private readonly views: CreditViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Issue a credit' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreditResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateCreditDto): Promise<CreditResponse> {
    return this.views.creditView(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search credits' })
  @HttpCode(200)
  @ApiPageResponse(CreditResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindCreditsDto) {
    return this.views.creditPage(companyId, await this.service.find(companyId, body));
  }

  @Post('consume')
  @ApiOperation({ summary: 'Consume credits of a customer' })
  @HttpCode(200)
  @ApiExtraModels(CreditUnitsBalanceResponse)
  @ApiOkResponse({ type: ConsumeCreditsResponse })
  async consume(@CompanyId() companyId: string, @Body() dto: ConsumeCreditsDto): Promise<ConsumeCreditsResponse> {
    return this.views.consumeView(companyId, await this.service.consume(companyId, dto));
  }

  @Post('logs/find')
  @ApiOperation({ summary: 'Search credit logs' })
  @HttpCode(200)
  @ApiPageResponse(CreditLogResponse)
  async findLogs(@CompanyId() companyId: string, @Body() body: FindCreditLogsDto) {
    return this.views.logPage(companyId, await this.service.findLogs(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a credit' })
  @ApiOkResponse({ type: CreditResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<CreditResponse> {
    return this.views.creditView(companyId, await this.service.get(companyId, id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke a credit' })
  @HttpCode(200)
  @ApiOkResponse({ type: CreditResponse, description: 'the credit, state REVOKED' })
  async revoke(@CompanyId() companyId: string, @Param('id') id: string): Promise<CreditResponse> {
    return this.views.creditView(companyId, await this.service.revoke(companyId, id));
  }
}
