import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CustomerSummaryResponse, MoneyResponse } from '../../customers/dto/customer.dto';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { ALL_PROVIDER_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../payment-transaction.entity';
import { IsMoneyCents, MAX_MONEY_CENTS } from '../../platform/validation/limits';

export class PaymentMethodSnapshotResponse {
  @ApiProperty({ type: String, nullable: true }) brand: string | null;
  @ApiProperty({ type: String, nullable: true }) last_4: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) type: string | null;
}

/** The spec's "Payment transaction" (plus invoice_id, parent_transaction_id and refunded_amount). */
export class PaymentTransactionResponse {
  @ApiProperty({ type: MoneyResponse, description: 'always 0 (no platform fee)' }) application_fee_amount: MoneyResponse;
  @ApiProperty() company_id: string;
  @ApiProperty() connected_account_transaction: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ nullable: true, type: CustomerSummaryResponse }) customer: CustomerSummaryResponse | null;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deleted_at: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) disallow_partial_refund: boolean | null;
  @ApiProperty({ example: 'txn_01j…' }) id: string;
  @ApiProperty({ type: String, nullable: true }) initiated_by: string | null;
  @ApiProperty({ type: String, nullable: true }) initiated_by_type: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'internal id of the invoice (inv_…)' }) invoice_id: string | null;
  @ApiProperty({ type: Number, nullable: true }) invoice_number: number | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) invoice_uuid: string | null;
  @ApiProperty({ description: 'a PAYMENT with something left to refund' }) is_refundable: boolean;
  @ApiProperty({ description: 'always false: transactions are settled when recorded' }) is_voidable: boolean;
  @ApiProperty({ type: MoneyResponse, description: 'total_amount − total_fee_amount' }) net_amount: MoneyResponse;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the PAYMENT a REFUND gives money back from' }) parent_transaction_id:
    string | null;
  @ApiProperty({ type: PaymentMethodSnapshotResponse, nullable: true }) payment_method: PaymentMethodSnapshotResponse | null;
  @ApiProperty({ type: MoneyResponse, description: 'fee charged by the payment processor' }) processor_fee_amount: MoneyResponse;
  @ApiProperty({ type: String, nullable: true }) proposal_id: string | null;
  @ApiProperty({ type: String, nullable: true }) provider_transaction_id: string | null;
  @ApiProperty({ enum: ALL_PROVIDER_TYPES }) provider_type: string;
  @ApiProperty({ type: MoneyResponse, description: 'total_amount − refunded_amount for a PAYMENT; 0 otherwise' })
  refundable_amount: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) refunded_amount: MoneyResponse;
  @ApiProperty({ enum: TRANSACTION_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) status_message: string | null;
  @ApiProperty({ type: MoneyResponse }) total_amount: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) total_amount_default_currency: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) total_fee_amount: MoneyResponse;
  @ApiProperty({ enum: TRANSACTION_TYPES }) transaction_type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export const TRANSACTION_SORT_KEYS = [...BASE_SORT_KEYS, 'totalAmountAsc', 'totalAmountDesc'] as const;

/** `total_amount` filter of #3, in integer cents. */
export class TotalAmountFilterDto {
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() eq?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() gt?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() gte?: number;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() lte?: number;
}

/** The query filters of the payment transaction search. */
export class PaymentTransactionQueryDto {
  @ApiPropertyOptional({ example: 'USD' }) @IsOptional() @IsString() currency?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() invoice_number?: number;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsString() invoice_uuid?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  provider_transaction_ids?: string[];
  @ApiPropertyOptional({ enum: ALL_PROVIDER_TYPES }) @IsOptional() @IsString() provider_type?: string;
  @ApiPropertyOptional({
    description: 'case-insensitive substring of id, note, provider_transaction_id, status_message, invoice number or customer name',
  })
  @IsOptional()
  @IsString()
  search?: string;
  @ApiPropertyOptional({
    type: Boolean,
    description:
      'true also lists transactions of connected accounts, false leaves them out; Tally has no connected accounts ' +
      '(every transaction reads connected_account_transaction: false), so either value keeps every transaction',
  })
  @IsOptional()
  @IsBoolean()
  show_connected_account?: boolean;
  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES }) @IsOptional() @IsString() status?: string;
  @ApiPropertyOptional({ type: TotalAmountFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => TotalAmountFilterDto)
  total_amount?: TotalAmountFilterDto;
  @ApiPropertyOptional({ enum: TRANSACTION_TYPES }) @IsOptional() @IsString() transaction_type?: string;
}

export const FindPaymentTransactionsDto = findBodyDto('FindPaymentTransactionsBody', PaymentTransactionQueryDto, TRANSACTION_SORT_KEYS);
export type FindPaymentTransactionsDto = InstanceType<typeof FindPaymentTransactionsDto>;

export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'expired_uncaptured_charge'] as const;

export class RefundAmountDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'USD', description: "must be the payment's currency (defaults to it)" })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 currency code in upper case (e.g. USD)' })
  currency?: string | null;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_MONEY_CENTS, description: 'integer cents > 0, at most refundable_amount' })
  @IsMoneyCents(1)
  value_in_cents: number;
}

export class RefundTransactionDto {
  @ApiPropertyOptional({ type: RefundAmountDto, nullable: true, description: 'omitted: everything still refundable' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RefundAmountDto)
  amount?: RefundAmountDto | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'internal note' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  note?: string | null;

  @ApiPropertyOptional({ enum: REFUND_REASONS, nullable: true })
  @IsOptional()
  @IsIn(REFUND_REASONS)
  reason?: string | null;
}
