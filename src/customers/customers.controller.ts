import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { CustomersService } from './customers.service';
import { CustomersViews } from './customers.views';
import { CreateCustomerDto, CustomerResponse, FindCustomersDto, UpdateCustomerDto } from './dto/customer.dto';

const CUSTOMER_PARAM = { name: 'customer_id', description: 'the customer id (cus_…) or its identifier' };

@ApiTags('customers')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/customers`)
export class CustomersController {
  constructor(
    private readonly service: CustomersService,
    private readonly views: CustomersViews,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a customer' })
  @ApiCreatedResponse({ type: CustomerResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateCustomerDto): Promise<CustomerResponse> {
    return this.views.one(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @HttpCode(200)
  @ApiOperation({ summary: 'Search customers' })
  @ApiPageResponse(CustomerResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindCustomersDto) {
    return this.views.page(companyId, await this.service.find(companyId, body));
  }

  @Get(':customer_id')
  @ApiOperation({ summary: 'Get a customer by id or identifier' })
  @ApiParam(CUSTOMER_PARAM)
  @ApiOkResponse({ type: CustomerResponse })
  async get(@CompanyId() companyId: string, @Param('customer_id') customerId: string): Promise<CustomerResponse> {
    return this.views.get(companyId, customerId);
  }

  @Patch(':customer_id')
  @ApiOperation({ summary: 'Update customer; archive with status ARCHIVED' })
  @ApiParam(CUSTOMER_PARAM)
  @ApiOkResponse({ type: CustomerResponse })
  async update(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Body() dto: UpdateCustomerDto,
  ): Promise<CustomerResponse> {
    return this.views.one(companyId, await this.service.update(companyId, customerId, dto));
  }

  @Patch(':customer_id/start_managing')
  @ApiOperation({ summary: 'Start managing customer: managed_externally becomes false' })
  @ApiParam(CUSTOMER_PARAM)
  @ApiOkResponse({ type: CustomerResponse })
  async startManaging(@CompanyId() companyId: string, @Param('customer_id') customerId: string): Promise<CustomerResponse> {
    return this.views.one(companyId, await this.service.startManaging(companyId, customerId));
  }
}
