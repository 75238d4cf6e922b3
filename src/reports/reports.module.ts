import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { MrrReportService } from './mrr-report.service';
import { ReceivablesReportService } from './receivables-report.service';
import { ReportCalendars } from './report-calendar.service';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { RevenueReportService } from './revenue-report.service';
import { TaxesReportService } from './taxes-report.service';

/** Finance reports (README.md): reads of invoices, the invoice ledger and subscriptions; writes nothing. */
@Module({
  imports: [SubscriptionsModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportCalendars, RevenueReportService, MrrReportService, ReceivablesReportService, TaxesReportService],
})
export class ReportsModule {}
