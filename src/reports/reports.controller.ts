import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { answer, MRR_COLUMNS, RECEIVABLES_COLUMNS, REVENUE_COLUMNS, REVENUE_PRODUCT_COLUMNS, TAXES_COLUMNS } from './csv-answer';
import { TaxesReportService } from './taxes-report.service';
import { TaxesReportDto, TaxesReportResponse } from './dto/taxes-report.dto';
import { MrrReportService } from './mrr-report.service';
import { ReceivablesReportService } from './receivables-report.service';
import { RevenueReportService } from './revenue-report.service';
import {
  MrrReportDto,
  MrrReportResponse,
  ReceivablesReportDto,
  ReceivablesReportResponse,
  RevenueReportDto,
  RevenueReportResponse,
} from './dto/report.dto';

/** OpenAPI: a 200 answer, the report as JSON or, with `Accept: text/csv`, its rows as CSV. */
function ApiReportResponse(model: Type<unknown>) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      content: {
        'application/json': { schema: { $ref: getSchemaPath(model) } },
        'text/csv': { schema: { type: 'string', description: 'the `results` rows: a header line, then one line per row' } },
      },
    }),
  );
}

const CSV = 'with `Accept: text/csv`, the `results` rows as CSV (a header line, then one line per row)';

@ApiTags('reports')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/reports`)
export class ReportsController {
  constructor(
    private readonly revenueReport: RevenueReportService,
    private readonly mrrReport: MrrReportService,
    private readonly receivablesReport: ReceivablesReportService,
    private readonly taxesReport: TaxesReportService,
  ) {}

  @Post('taxes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tax invoiced and refunded per tax rate and currency', description: CSV })
  @ApiReportResponse(TaxesReportResponse)
  async taxes(
    @CompanyId() companyId: string,
    @Body() dto: TaxesReportDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return answer(res, accept, await this.taxesReport.report(companyId, dto), TAXES_COLUMNS);
  }

  @Post('revenue')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revenue invoiced, recognized and deferred per period and currency', description: CSV })
  @ApiReportResponse(RevenueReportResponse)
  async revenue(
    @CompanyId() companyId: string,
    @Body() dto: RevenueReportDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return answer(res, accept, await this.revenueReport.report(companyId, dto), dto.by_product ? REVENUE_PRODUCT_COLUMNS : REVENUE_COLUMNS);
  }

  @Post('mrr')
  @HttpCode(200)
  @ApiOperation({ summary: 'MRR movements per month and currency', description: CSV })
  @ApiReportResponse(MrrReportResponse)
  async mrr(
    @CompanyId() companyId: string,
    @Body() dto: MrrReportDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return answer(res, accept, await this.mrrReport.report(companyId, dto), MRR_COLUMNS);
  }

  @Post('receivables')
  @HttpCode(200)
  @ApiOperation({ summary: 'Receivables aging per customer and currency (paginated)', description: CSV })
  @ApiReportResponse(ReceivablesReportResponse)
  async receivables(
    @CompanyId() companyId: string,
    @Body() dto: ReceivablesReportDto,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return answer(res, accept, await this.receivablesReport.report(companyId, dto), RECEIVABLES_COLUMNS);
  }
}
