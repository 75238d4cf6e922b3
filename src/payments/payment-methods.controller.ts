import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentsViews } from './payments.views';
import {
  AttachPaymentMethodDto,
  PaymentMethodResponse,
  UpdatePaymentMethodDto,
  UpdatePaymentMethodResponse,
} from './dto/payment-method.dto';

@ApiTags('payments')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/customers/:customer_id/payment_methods`)
export class PaymentMethodsController {
  constructor(
    private readonly service: PaymentMethodsService,
    private readonly views: PaymentsViews,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Attach a payment method from a processor token (the first becomes the default)' })
  @ApiOkResponse({ type: PaymentMethodResponse })
  async attach(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Body() dto: AttachPaymentMethodDto,
  ): Promise<PaymentMethodResponse> {
    return this.views.paymentMethodView(await this.service.attach(companyId, customerId, dto));
  }

  @Get()
  @ApiOperation({ summary: 'List the payment methods of a customer' })
  @ApiOkResponse({ type: [PaymentMethodResponse] })
  async list(@CompanyId() companyId: string, @Param('customer_id') customerId: string): Promise<PaymentMethodResponse[]> {
    return this.views.paymentMethodViews(await this.service.list(companyId, customerId));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a payment method (make it the default)' })
  @ApiOkResponse({ type: UpdatePaymentMethodResponse })
  async update(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Param('id') id: string,
    @Body() dto: UpdatePaymentMethodDto,
  ): Promise<UpdatePaymentMethodResponse> {
    return this.views.paymentMethodUpdateView(companyId, await this.service.update(companyId, customerId, id, dto));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Detach a payment method' })
  @ApiOkResponse({ type: PaymentMethodResponse })
  async remove(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Param('id') id: string,
  ): Promise<PaymentMethodResponse> {
    return this.views.paymentMethodView(await this.service.remove(companyId, customerId, id));
  }
}
