import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { InvoicePreviewResponse } from './dto/invoice.dto';
import { NextInvoiceDto } from './billing-engine/next-invoice.dto';
import { InvoicePreviewService } from './billing-engine/invoice-preview.service';
import { InvoicingViews } from './invoicing.views';

@ApiTags('invoicing')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/invoices`)
export class NextInvoiceController {
  constructor(
    private readonly preview: InvoicePreviewService,
    private readonly views: InvoicingViews,
  ) {}

  /** #7: the next invoice of a subscription (a preview: writes nothing). */
  @Post('next')
  @ApiOperation({ summary: 'Preview the next invoice of a subscription (writes nothing)' })
  @HttpCode(200)
  @ApiOkResponse({ type: InvoicePreviewResponse })
  async next(@CompanyId() companyId: string, @Body() dto: NextInvoiceDto): Promise<InvoicePreviewResponse> {
    return (await this.views.previewView(companyId, await this.preview.next(companyId, dto))) as InvoicePreviewResponse;
  }
}
