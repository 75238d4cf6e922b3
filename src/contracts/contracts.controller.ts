import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { ContractsService } from './contracts.service';
import { ContractViews } from './contracts.views';
import { ContractResponse, CreateContractDto, FindContractsDto, UpdateContractDto } from './dto/contract.dto';

@ApiTags('contracts')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/contracts`)
export class ContractsController {
  constructor(
    private readonly service: ContractsService,
    private readonly views: ContractViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a contract' })
  @HttpCode(200)
  @ApiOkResponse({ type: ContractResponse, description: 'the contract (creation answers 200)' })
  async create(@CompanyId() companyId: string, @Body() dto: CreateContractDto): Promise<ContractResponse> {
    return this.views.one(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search contracts' })
  @HttpCode(200)
  @ApiPageResponse(ContractResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindContractsDto) {
    return this.views.page(companyId, await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a contract' })
  @ApiOkResponse({ type: ContractResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ContractResponse> {
    return this.views.one(companyId, await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a contract (#16)',
    description:
      'Signatures are accepted while DRAFT or PENDING_SIGNATURES; any change is a 409 once the contract is executed, expired or void.\n\n' +
      '**Signatures bind the terms signed.** Each signature stores the digest of the terms it signed (`signatories[].terms_digest`). ' +
      'A PATCH that changes a term-bearing field — `custom_variables`, `term`, `start_date`, `auto_renews`, `auto_charges` ' +
      "(and, outside this endpoint, the prices of the contract's pricings) — **resets every signature and refusal** of the contract, " +
      'including signatures given in the same request: each signatory signs the new terms again (their signing page shows them). ' +
      'Setting a field to the value it already has changes nothing. `title`, `metadata`, `owner_id`, `expiration_date`, `status` and ' +
      'the signatory list are not terms. The contract executes only when every signature carries the digest of its current terms ' +
      '(`terms_digest`); a signature given on other terms is reset instead.',
  })
  @ApiOkResponse({ type: ContractResponse, description: 'the contract; signatures reset when a term changed' })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateContractDto): Promise<ContractResponse> {
    return this.views.one(companyId, await this.service.update(companyId, id, dto));
  }
}
