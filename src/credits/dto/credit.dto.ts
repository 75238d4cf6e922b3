import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsCurrencyCode } from '../../catalog/dto/common.dto';
import { BASE_SORT_KEYS, findBodyDto, oneOrMany, oneOrManySchema } from '../../platform/search/find-body.dto';
import { BillableItemResponse } from '../../metrics/dto/metrics.dto';
import { CustomerSummaryResponse } from '../../customers/dto/customer.dto';
import { CREDIT_ACTIONS, CREDIT_STATES, CREDIT_TYPES, CreditType } from '../credit.entity';
import { IsDateTime, IsMoneyCents, MAX_MONEY_CENTS } from '../../platform/validation/limits';

/** Enumerated strings of filters are accepted in any case. */
const upperCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);
const upperCaseEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.toUpperCase() : v)) : value;

const TEXT_MAX = 255;
/** Largest amount or number of units a credit may hold (a safe integer). */
export const CREDIT_MAX = Number.MAX_SAFE_INTEGER;

/** Money of a credit or a consumption: a currency and a positive whole number of cents. */
export class CreditMoneyDto {
  @ApiProperty({ example: 'USD' })
  @IsCurrencyCode()
  currency: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_MONEY_CENTS, example: 5000 })
  @IsMoneyCents(1)
  value_in_cents: number;
}

export class ApplyToOpenInvoicesDto {
  @ApiProperty({ description: "apply the new credit at once to the customer's PENDING invoices (oldest first)" })
  @IsBoolean()
  enable: boolean;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    nullable: true,
    description: 'only these invoices (uuids); all PENDING invoices when absent',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'must be invoice uuids' })
  invoice_uuids?: string[] | null;
}

export class CreateCreditDto {
  @ApiProperty({ description: 'customer id or identifier' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  customer_id: string;

  @ApiProperty({ example: 'Goodwill credit' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  name: string;

  @ApiProperty({ enum: CREDIT_TYPES })
  @IsIn(CREDIT_TYPES)
  type: CreditType;

  @ApiPropertyOptional({ nullable: true, type: CreditMoneyDto, description: 'required for AMOUNT credits (> 0)' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CreditMoneyDto)
  amount?: CreditMoneyDto | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, description: 'required for UNITS credits (an integer > 0)' })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'must be greater than 0' })
  @Max(CREDIT_MAX)
  units?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'billable item of a UNITS credit (required for UNITS)' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX)
  item_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'in the future; never expires when absent' })
  @IsOptional()
  @IsDateTime()
  expiration_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'a subscription of the customer' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX)
  subscription_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    enum: ['ACTIVE'],
    nullable: true,
    description:
      'the state the credit is issued in (the reference sends "ACTIVE"; any case). A credit is always issued ACTIVE: ' +
      'CONSUMED, EXPIRED and REVOKED are reached through consumption, its expiration_date and DELETE /credits/{id}, ' +
      'so asking for them here is a 400',
  })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(['ACTIVE'], {
    message: 'a credit is issued ACTIVE (CONSUMED, EXPIRED and REVOKED are reached by consuming, expiring or revoking it)',
  })
  state?: 'ACTIVE' | null;

  @ApiPropertyOptional({ type: ApplyToOpenInvoicesDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ApplyToOpenInvoicesDto)
  apply_to_open_invoices?: ApplyToOpenInvoicesDto | null;

  @OptionalMetadata() metadata?: Record<string, unknown> | null;
}

export class ConsumeCreditsDto {
  @ApiProperty({ description: 'customer id or identifier' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  customer_id: string;

  @ApiProperty({ enum: CREDIT_TYPES })
  @IsDefined()
  @IsIn(CREDIT_TYPES)
  type: CreditType;

  @ApiPropertyOptional({ nullable: true, type: CreditMoneyDto, description: 'AMOUNT: how much to consume (> 0)' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CreditMoneyDto)
  amount?: CreditMoneyDto | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, description: 'UNITS: how many units to consume (an integer > 0)' })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'must be greater than 0' })
  @Max(CREDIT_MAX)
  units?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'UNITS: the billable item (required unless credit_id is given)' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX)
  item_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'consume from this credit only' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX)
  credit_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string | null;
}

export class CreditQueryDto {
  @ApiPropertyOptional({ description: 'customer id or identifier' }) @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() subscription_id?: string;

  @ApiPropertyOptional({ enum: CREDIT_STATES, description: 'the credit state, any case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CREDIT_STATES)
  status?: string;

  @ApiPropertyOptional({ ...oneOrManySchema(CREDIT_STATES), description: 'any of these (OR), any case; one state alone may be a string' })
  @IsOptional()
  @Transform((v) => upperCaseEach({ value: oneOrMany(v) }))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsIn(CREDIT_STATES, { each: true })
  statuses?: string[];

  @ApiPropertyOptional({ enum: CREDIT_TYPES, description: 'any case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CREDIT_TYPES)
  type?: string;

  @ApiPropertyOptional({ description: 'any case' }) @IsOptional() @IsString() @Transform(upperCase) currency?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of the name' }) @IsOptional() @IsString() search?: string;
}

export const FindCreditsDto = findBodyDto('FindCreditsBody', CreditQueryDto, BASE_SORT_KEYS);
export type FindCreditsDto = InstanceType<typeof FindCreditsDto>;

export class CreditLogQueryDto {
  @ApiPropertyOptional({ enum: CREDIT_ACTIONS, description: 'any case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CREDIT_ACTIONS)
  action_type?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() credit_id?: string;
  @ApiPropertyOptional({ description: 'customer id or identifier' }) @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ description: 'invoice id (inv_…) or uuid' }) @IsOptional() @IsString() invoice_id?: string;
  @ApiPropertyOptional({ description: 'exact note' }) @IsOptional() @IsString() note?: string;
  @ApiPropertyOptional({ description: "case-insensitive substring of the note or of the credit's name" })
  @IsOptional()
  @IsString()
  search?: string;

  @ApiPropertyOptional({ enum: CREDIT_TYPES, description: 'any case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CREDIT_TYPES)
  type?: string;
}

export const FindCreditLogsDto = findBodyDto('FindCreditLogsBody', CreditLogQueryDto, BASE_SORT_KEYS);
export type FindCreditLogsDto = InstanceType<typeof FindCreditLogsDto>;

// ---------------------------------------------------------------- responses

export class CreditMoneyResponse {
  @ApiProperty() currency: string;
  @ApiProperty() value_in_cents: number;
}

export class CreditResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: String, nullable: true }) subscription_id: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ enum: CREDIT_TYPES }) type: string;
  @ApiProperty({ enum: CREDIT_STATES, description: 'an ACTIVE credit past its expiration_date reads EXPIRED' }) state: string;
  @ApiProperty({ type: CreditMoneyResponse, nullable: true, description: 'what remains (AMOUNT credits; null for UNITS)' })
  amount: CreditMoneyResponse | null;
  @ApiProperty({ type: CreditMoneyResponse, nullable: true, description: 'what was granted (AMOUNT credits; null for UNITS)' })
  issued_amount: CreditMoneyResponse | null;
  @ApiProperty({ description: 'units that remain (UNITS credits; 0 for AMOUNT)' }) units: number;
  @ApiProperty({ description: 'units granted (UNITS credits; 0 for AMOUNT)' }) issued_units: number;
  @ApiProperty({ type: String, nullable: true }) item_id: string | null;
  @ApiProperty({ type: BillableItemResponse, nullable: true }) item: BillableItemResponse | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiration_date: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) coupon_id: null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) import_created_at_ref: null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) import_ref: null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) imported_from: null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) metric_record_id: null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'a credit granted by a credit pack bought as a one-time charge (`credit_price`): that one-time billable; else null',
  })
  one_time_billable_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) proration_date: null;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CreditLogResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty({ enum: CREDIT_ACTIONS }) action_type: string;
  @ApiProperty({ enum: CREDIT_TYPES }) type: string;
  @ApiProperty({
    type: CreditMoneyResponse,
    nullable: true,
    description: 'cents issued, consumed, expired or revoked; for UNITS entries the value of the units on the invoice, else null',
  })
  amount_applied: CreditMoneyResponse | null;
  @ApiProperty({ description: 'units issued, consumed, expired or revoked (0 for AMOUNT)' }) units_applied: number;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty() credit_id: string;
  @ApiProperty({ type: CreditResponse }) credit: CreditResponse;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: CustomerSummaryResponse }) customer: CustomerSummaryResponse;
  @ApiProperty({ type: String, nullable: true, description: 'internal invoice id (inv_…)' }) invoice_id: string | null;
  @ApiProperty({ type: Object, nullable: true, description: 'the invoice (as GET /invoices/{uuid})' }) invoice: Record<
    string,
    unknown
  > | null;
  @ApiProperty({ type: String, nullable: true }) item_id: string | null;
  @ApiProperty({ type: BillableItemResponse, nullable: true }) item: BillableItemResponse | null;
  @ApiProperty({ type: String, nullable: true, description: 'always null' }) metric_record_id: null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CreditUnitsBalanceResponse {
  @ApiProperty() item_id: string;
  @ApiProperty({ type: BillableItemResponse }) item: BillableItemResponse;
  @ApiProperty({ description: 'units left in the usable credits of this item' }) units: number;
  @ApiProperty({ description: 'usable credits of this item holding them' }) credits: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'soonest expiration among them (null: none expires)' })
  next_expiration_date: string | null;
}

export class ConsumeCreditsResponse {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'the customer\'s balance after the consumption: cents left in usable AMOUNT credits, by currency ({"USD": 4500})',
  })
  total_amount: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: "the customer's balance after the consumption: units left in usable UNITS credits, by billable item id",
  })
  total_units: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/CreditUnitsBalanceResponse' },
    description: 'total_units with each item, the number of credits and their soonest expiration, by billable item id',
  })
  total_units_with_meta: Record<string, CreditUnitsBalanceResponse>;
  @ApiProperty() customer_id: string;
  @ApiProperty({ enum: CREDIT_TYPES }) type: string;
  @ApiProperty({ type: CreditMoneyResponse, nullable: true, description: 'AMOUNT: what was consumed (null for UNITS)' })
  consumed_amount: CreditMoneyResponse | null;
  @ApiProperty({ type: Number, nullable: true, description: 'UNITS: units consumed (null for AMOUNT)' }) consumed_units: number | null;
  @ApiProperty({ type: [CreditResponse], description: 'the credits consumed from, as they are now, in consumption order' })
  credits: CreditResponse[];
  @ApiProperty({ type: [CreditLogResponse], description: 'one CONSUMED entry per credit touched' }) logs: CreditLogResponse[];
}
