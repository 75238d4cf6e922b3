import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { ContractTemplatesService } from './contract-templates.service';
import { ContractViews } from './contracts.views';
import { ContractTemplateResponse, CreateContractTemplateDto, FindContractTemplatesDto } from './dto/contract-template.dto';

@ApiTags('contracts')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/contract_templates`)
export class ContractTemplatesController {
  constructor(
    private readonly service: ContractTemplatesService,
    private readonly views: ContractViews,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a contract template',
    description:
      'A text with `{{name}}` placeholders, each declared in `variables` (an undeclared one is a 400). A contract created with ' +
      "`template_id` copies the text as its `content` and fills the placeholders from its `custom_variables` (a variable's " +
      '`default_value` when the contract leaves it out; one without default is required). Templates are not edited.',
  })
  @HttpCode(200)
  @ApiOkResponse({ type: ContractTemplateResponse, description: 'the template (creation answers 200, like contracts)' })
  async create(@CompanyId() companyId: string, @Body() dto: CreateContractTemplateDto): Promise<ContractTemplateResponse> {
    return this.views.templateView(await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search contract templates' })
  @HttpCode(200)
  @ApiPageResponse(ContractTemplateResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindContractTemplatesDto) {
    return this.views.templatePage(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a contract template' })
  @ApiOkResponse({ type: ContractTemplateResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ContractTemplateResponse> {
    return this.views.templateView(await this.service.get(companyId, id));
  }
}
