import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { IsDateTime } from '../../platform/validation/limits';

export class TaxesReportDto {
  @ApiProperty({ format: 'date-time', description: 'the first instant reported (ISO 8601)' }) @IsDefined() @IsDateTime() from: string;
  @ApiProperty({ format: 'date-time', description: 'the end of the report (exclusive, ISO 8601), after `from`; at most 731 days after it' })
  @IsDefined()
  @IsDateTime()
  to: string;
}

export class TaxesRow {
  @ApiProperty({ description: 'tax_…' }) tax_id: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: Number, description: 'percent' }) percentage: number;
  @ApiProperty() inclusive: boolean;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ description: 'cents the rate was taken on, on the finalized invoices dated in the range (net for an inclusive rate)' })
  taxable: number;
  @ApiProperty({ description: 'cents of tax on those invoices' }) tax_invoiced: number;
  @ApiProperty({ description: "cents of tax given back by the refunds made in the range (each refund's share)" }) tax_refunded: number;
  @ApiProperty({ description: 'tax_invoiced − tax_refunded' }) net: number;
}

export class TaxesReportResponse {
  @ApiProperty({ format: 'date-time' }) from: string;
  @ApiProperty({ format: 'date-time' }) to: string;
  @ApiProperty({ type: [TaxesRow], description: 'per rate and currency, by code then currency' }) results: TaxesRow[];
}
