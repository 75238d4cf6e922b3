import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController, ErrorResponse } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { InvoicesService } from './invoices.service';
import { InvoicingViews } from './invoicing.views';
import {
  FindInvoicesDto,
  InvoiceLinkResponse,
  InvoiceResponse,
  MarkInvoicePaidDto,
  UpdateInvoiceDto,
  VoidInvoiceDto,
} from './dto/invoice.dto';

@ApiTags('invoicing')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/invoices`)
export class InvoicesController {
  constructor(
    private readonly service: InvoicesService,
    private readonly views: InvoicingViews,
  ) {}

  @Post('find')
  @ApiOperation({ summary: 'Search invoices' })
  @HttpCode(200)
  @ApiPageResponse(InvoiceResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindInvoicesDto) {
    return this.views.invoicePage(companyId, await this.service.find(companyId, body));
  }

  @Get(':uuid')
  @ApiOperation({ summary: 'Get an invoice by uuid' })
  @ApiOkResponse({ type: InvoiceResponse })
  async get(@CompanyId() companyId: string, @Param('uuid') uuid: string): Promise<InvoiceResponse> {
    return this.views.invoiceView(companyId, await this.service.get(companyId, uuid));
  }

  @Get(':uuid/link')
  @ApiOperation({
    summary: "The invoice's hosted page link (no token needed to open it); 409 on a DRAFT, which has no page until finalized",
  })
  @ApiOkResponse({ type: InvoiceLinkResponse })
  @ApiConflictResponse({
    type: ErrorResponse,
    description: 'request_error / invalid_state: the invoice is a DRAFT (no page until finalized)',
  })
  async link(@CompanyId() companyId: string, @Param('uuid') uuid: string): Promise<InvoiceLinkResponse> {
    return this.views.linkView(await this.service.link(companyId, uuid));
  }

  @Patch(':uuid')
  @ApiOperation({
    summary: 'Update a draft or pending invoice',
    description: 'Only while nothing is paid on it: a PAID, partly paid (PENDING with payments) or VOID invoice is a 409 invalid_state.',
  })
  @ApiOkResponse({ type: InvoiceResponse })
  async update(@CompanyId() companyId: string, @Param('uuid') uuid: string, @Body() dto: UpdateInvoiceDto): Promise<InvoiceResponse> {
    return this.views.invoiceView(companyId, await this.service.update(companyId, uuid, dto));
  }

  @Post(':uuid/void')
  @ApiOperation({ summary: 'Void an invoice' })
  @HttpCode(200)
  @ApiOkResponse({ type: InvoiceResponse })
  async void(@CompanyId() companyId: string, @Param('uuid') uuid: string, @Body() _body: VoidInvoiceDto): Promise<InvoiceResponse> {
    return this.views.invoiceView(companyId, await this.service.void(companyId, uuid));
  }

  @Post(':uuid/finalize')
  @ApiOperation({ summary: 'Finalize a draft invoice' })
  @HttpCode(200)
  @ApiOkResponse({ type: InvoiceResponse, description: 'DRAFT → PENDING (PAID when nothing is due); 409 otherwise' })
  async finalize(@CompanyId() companyId: string, @Param('uuid') uuid: string): Promise<InvoiceResponse> {
    return this.views.invoiceView(companyId, await this.service.finalize(companyId, uuid));
  }

  @Post(':uuid/mark_paid')
  @ApiOperation({ summary: 'Mark an invoice paid' })
  @HttpCode(200)
  @ApiOkResponse({ type: InvoiceResponse, description: 'records a payment transaction; PAID when nothing is due' })
  async markPaid(@CompanyId() companyId: string, @Param('uuid') uuid: string, @Body() dto: MarkInvoicePaidDto): Promise<InvoiceResponse> {
    return this.views.invoiceView(companyId, await this.service.markPaid(companyId, uuid, dto));
  }
}
