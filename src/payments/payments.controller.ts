import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { PaymentTransactionsService } from './payment-transactions.service';
import { PaymentsViews } from './payments.views';
import { FindPaymentTransactionsDto, PaymentTransactionResponse, RefundTransactionDto } from './dto/payment-transaction.dto';

@ApiTags('payments')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/payments/transactions`)
export class PaymentTransactionsController {
  constructor(
    private readonly service: PaymentTransactionsService,
    private readonly views: PaymentsViews,
  ) {}

  @Post('find')
  @ApiOperation({ summary: 'Search payment transactions' })
  @HttpCode(200)
  @ApiPageResponse(PaymentTransactionResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindPaymentTransactionsDto) {
    return this.views.transactionPage(companyId, await this.service.find(companyId, body));
  }

  @Post(':id/refund')
  @ApiOperation({ summary: 'Refund a payment transaction' })
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentTransactionResponse, description: 'the REFUND transaction (parent_transaction_id: the payment)' })
  async refund(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Body() dto: RefundTransactionDto,
  ): Promise<PaymentTransactionResponse> {
    return this.views.transactionView(companyId, await this.service.refund(companyId, id, dto));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a payment transaction' })
  @ApiOkResponse({ type: PaymentTransactionResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<PaymentTransactionResponse> {
    return this.views.transactionView(companyId, await this.service.get(companyId, id));
  }
}
