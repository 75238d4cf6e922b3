import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { ContractsService } from './contracts.service';
import { ContractResponse, CreateContractDto, FindContractsDto, UpdateContractDto } from './dto/contract.dto';

@ApiTags('contracts')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/contracts`)
export class ContractsController {
  constructor(private readonly service: ContractsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a contract' })
  @HttpCode(200)
  @ApiOkResponse({ type: ContractResponse, description: 'the contract (creation answers 200)' })
  create(@CompanyId() companyId: string, @Body() dto: CreateContractDto): Promise<ContractResponse> {
    return this.service.create(companyId, dto);
  }

  @Post('find')
  @ApiOperation({ summary: 'Search contracts' })
  @HttpCode(200)
  @ApiPageResponse(ContractResponse)
  find(@CompanyId() companyId: string, @Body() body: FindContractsDto) {
    return this.service.find(companyId, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a contract' })
  @ApiOkResponse({ type: ContractResponse })
  get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ContractResponse> {
    return this.service.get(companyId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a contract (spec #16)' })
  @ApiOkResponse({ type: ContractResponse, description: '#16: signatures while DRAFT or PENDING_SIGNATURES; 409 once executed, expired or void' })
  update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateContractDto): Promise<ContractResponse> {
    return this.service.update(companyId, id, dto);
  }
}
