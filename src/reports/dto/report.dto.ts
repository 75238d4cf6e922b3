import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsDateTime } from '../../platform/validation/limits';
import { PaginationDto } from '../../platform/search/find-body.dto';

export const GRANULARITIES = ['MONTH', 'DAY'] as const;

const FROM = 'the first instant reported (ISO 8601); a period holding it is reported whole';
const TO = 'the end of the report (exclusive, ISO 8601), after `from`';

export class RevenueReportDto {
  @ApiProperty({ format: 'date-time', description: FROM }) @IsDefined() @IsDateTime() from: string;
  @ApiProperty({
    format: 'date-time',
    description: `${TO}; at most 731 days after \`from\` with MONTH, 366 days with DAY (docs/reports.md)`,
  })
  @IsDefined()
  @IsDateTime()
  to: string;
  @ApiProperty({ enum: GRANULARITIES, description: "the periods: the company time zone's months or days" })
  @IsIn(GRANULARITIES)
  granularity: (typeof GRANULARITIES)[number];
  @ApiPropertyOptional({
    type: Boolean,
    description: 'one row per product as well (lines with no product under product_id null); default false',
  })
  @IsOptional()
  @IsBoolean()
  by_product?: boolean;
}

export class MrrReportDto {
  @ApiProperty({ format: 'date-time', description: FROM }) @IsDefined() @IsDateTime() from: string;
  @ApiProperty({ format: 'date-time', description: `${TO}; at most 731 days after \`from\`` }) @IsDefined() @IsDateTime() to: string;
}

export class ReceivablesReportDto {
  @ApiProperty({ format: 'date-time', description: 'the instant the receivables are taken at (ISO 8601)' })
  @IsDefined()
  @IsDateTime()
  as_of: string;
  @ApiPropertyOptional({ type: PaginationDto, description: 'pages of customers (docs/api.md, "Search")' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PaginationDto)
  pagination?: PaginationDto;
}

export class RevenueRow {
  @ApiProperty({ example: '2027-01', description: 'YYYY-MM (MONTH) or YYYY-MM-DD (DAY), in the company time zone' }) period: string;
  @ApiProperty({ format: 'date-time', description: 'the instant the period starts' }) period_start: string;
  @ApiProperty({ format: 'date-time', description: 'the instant the period ends (exclusive)' }) period_end: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'with by_product only' }) product_id?: string | null;
  @ApiProperty({ description: 'Σ of the lines of the invoices dated in the period (cents; VOID invoices left out)' }) invoiced: number;
  @ApiProperty({ description: 'revenue earned in the period (cents)' }) recognized: number;
  @ApiProperty({ description: 'invoiced but not yet recognized at the end of the period, all time (cents)' }) deferred_balance: number;
}

export class RevenueReportResponse {
  @ApiProperty({ example: 'UTC', description: 'the time zone of the periods' }) time_zone: string;
  @ApiProperty({ type: [RevenueRow] }) results: RevenueRow[];
}

export class MrrRow {
  @ApiProperty({ example: '2027-01' }) month: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ description: 'MRR at the start of the month (cents)' }) starting_mrr: number;
  @ApiProperty({ description: 'MRR of customers with none at the start and never churned before' }) new: number;
  @ApiProperty() expansion: number;
  @ApiProperty() contraction: number;
  @ApiProperty({ description: 'the starting MRR of customers with none at the end' }) churned: number;
  @ApiProperty({ description: 'MRR of customers with none at the start who had churned before' }) reactivated: number;
  @ApiProperty({ description: 'MRR at the end of the month = next month starting_mrr (cents)' }) ending_mrr: number;
  @ApiProperty() starting_customers: number;
  @ApiProperty() new_customers: number;
  @ApiProperty() expanded_customers: number;
  @ApiProperty() contracted_customers: number;
  @ApiProperty() churned_customers: number;
  @ApiProperty() reactivated_customers: number;
  @ApiProperty() ending_customers: number;
}

export class MrrReportResponse {
  @ApiProperty({ example: 'UTC' }) time_zone: string;
  @ApiProperty({ type: [MrrRow] }) results: MrrRow[];
}

export class ReceivablesRow {
  @ApiProperty() customer_id: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ description: 'due, not yet past its due date (cents)' }) current: number;
  @ApiProperty({ description: '1 to 30 days past due' }) '1_30': number;
  @ApiProperty() '31_60': number;
  @ApiProperty() '61_90': number;
  @ApiProperty() over_90: number;
  @ApiProperty({ description: 'Σ of the buckets' }) total: number;
  @ApiProperty({ description: 'PENDING invoices counted' }) invoices: number;
}

export class ReceivablesTotal {
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty() current: number;
  @ApiProperty() '1_30': number;
  @ApiProperty() '31_60': number;
  @ApiProperty() '61_90': number;
  @ApiProperty() over_90: number;
  @ApiProperty({ description: 'Σ due of the PENDING invoices at as_of' }) total: number;
  @ApiProperty() invoices: number;
}

class ReceivablesPagination {
  @ApiProperty({ type: String, nullable: true, description: 'the cursor of the next page, null on the last' }) from_key: string | null;
  @ApiProperty() limit: number;
}

export class ReceivablesReportResponse {
  @ApiProperty({ format: 'date-time' }) as_of: string;
  @ApiProperty({ type: ReceivablesPagination }) pagination: ReceivablesPagination;
  @ApiProperty({ type: [ReceivablesRow], description: 'per customer and currency, by customer_id then currency' })
  results: ReceivablesRow[];
  @ApiProperty({ type: [ReceivablesTotal], description: 'per currency, over every customer (not only this page)' })
  totals: ReceivablesTotal[];
}
