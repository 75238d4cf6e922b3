import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { CheckoutService } from './checkout.service';
import { CheckoutViews } from './checkout.views';
import { CheckoutCreatedResponse, CheckoutSessionResponse, CreateCheckoutDto } from './dto/checkout.dto';

@ApiTags('checkout')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/checkout`)
export class CheckoutController {
  constructor(
    private readonly service: CheckoutService,
    private readonly views: CheckoutViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a checkout session' })
  @HttpCode(200)
  @ApiOkResponse({ type: CheckoutCreatedResponse, description: '#10: the session id and its hosted checkout link (creation answers 200)' })
  async create(@CompanyId() companyId: string, @Body() dto: CreateCheckoutDto): Promise<CheckoutCreatedResponse> {
    return this.views.created(await this.service.create(companyId, dto));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a checkout session' })
  @ApiOkResponse({ type: CheckoutSessionResponse, description: '#20: the checkout session record' })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<CheckoutSessionResponse> {
    return this.views.one(await this.service.get(companyId, id));
  }
}
