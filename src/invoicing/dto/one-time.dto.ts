import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { MoneyResponse } from '../../customers/dto/customer.dto';
import { ProductPricingResponse } from '../../catalog/dto/pricing.dto';
import { DiscountInputDto, QuantityConfigDto } from '../../subscriptions/dto/subscription.dto';
import { ONE_TIME_STATES, ONE_TIME_TYPES } from '../invoicing.entity';
import { IsDateTime, IsMoneyCents, MAX_MONEY_CENTS } from '../../platform/validation/limits';
import { IsDisplayText } from '../../platform/validation/display-text';

export class OneTimeMoneyDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'USD', description: 'the currency of the request (defaults to it)' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 currency code in upper case (e.g. USD)' })
  currency?: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MONEY_CENTS, example: 5000 })
  @IsMoneyCents()
  value_in_cents: number;
}

export class OneTimeCustomPriceDto {
  @ApiProperty({ type: OneTimeMoneyDto, description: 'price of one unit (× aggregate)' })
  @IsDefined()
  @ValidateNested()
  @Type(() => OneTimeMoneyDto)
  amount: OneTimeMoneyDto;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) product_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'the name of the charge' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @MaxLength(1000)
  description?: string | null;
}

/** One charge: a product pricing (its price × aggregate) or a custom price (amount × aggregate, which wins when both are given). */
export class OneTimeItemDto {
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    minimum: 0,
    exclusiveMinimum: true,
    default: 1,
    description: 'quantity (> 0, may be fractional)',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(1_000_000_000)
  aggregate?: number | null;

  @ApiPropertyOptional({ type: OneTimeCustomPriceDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => OneTimeCustomPriceDto)
  custom_price?: OneTimeCustomPriceDto | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) product_pricing_id?: string | null;

  @ApiPropertyOptional({ type: QuantityConfigDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuantityConfigDto)
  quantity_config?: QuantityConfigDto | null;

  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsInt() sort_order?: number | null;
}

export class CreateOneTimesDto {
  @ApiProperty({ description: 'customer id or identifier' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  customer_id: string;

  @ApiProperty({ type: [OneTimeItemDto], minItems: 1, maxItems: 100 })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => OneTimeItemDto)
  onetime_items: OneTimeItemDto[];

  @ApiPropertyOptional({
    enum: ONE_TIME_TYPES,
    nullable: true,
    default: 'IMMEDIATE',
    description:
      'IMMEDIATE: an invoice of their own now; NEXT: on the next invoice. Left out (the reference requires only customer_id and ' +
      'onetime_items): IMMEDIATE, a charge billed when it is made',
  })
  @IsOptional()
  @IsIn(ONE_TIME_TYPES)
  type?: (typeof ONE_TIME_TYPES)[number] | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;

  @ApiPropertyOptional({ nullable: true, type: [DiscountInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => DiscountInputDto)
  discounts?: DiscountInputDto[] | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'IMMEDIATE: the invoice date (default now)' })
  @IsOptional()
  @IsDateTime()
  invoice_date?: string | null;

  @ApiPropertyOptional({ type: Number, minimum: 0, default: 30, nullable: true, description: 'days from the invoice date to its due date' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  invoice_due_date_from_creation?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(10_000) invoice_payment_instructions?:
    string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(10_000) notes?: string | null;
}

export class OneTimeQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) customer_id?: string;
  @ApiPropertyOptional({ enum: ONE_TIME_STATES }) @IsOptional() @IsString() @MaxLength(32) state?: string;
  @ApiPropertyOptional({ enum: ONE_TIME_TYPES }) @IsOptional() @IsString() @MaxLength(32) type?: string;
}

export const FindOneTimesDto = findBodyDto('FindOneTimesBody', OneTimeQueryDto, BASE_SORT_KEYS);
export type FindOneTimesDto = InstanceType<typeof FindOneTimesDto>;

export class OneTimeCustomPriceResponse {
  @ApiProperty({ type: MoneyResponse }) amount: MoneyResponse;
  @ApiProperty({ type: String, nullable: true }) product_id: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
}

export class QuantityConfigResponse {
  @ApiProperty({ type: Boolean, nullable: true }) allow_custom_quantity: boolean | null;
  @ApiProperty({ type: Number, nullable: true }) max_quantity: number | null;
  @ApiProperty({ type: Number, nullable: true }) min_quantity: number | null;
}

/** The spec's One-time billable (plus invoice_id / invoice_uuid of the invoice that carries it). */
export class OneTimeBillableResponse {
  @ApiProperty() aggregate: number;
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: OneTimeCustomPriceResponse, nullable: true }) custom_price: OneTimeCustomPriceResponse | null;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deleted_at: string | null;
  @ApiProperty({ example: 'otb_01j…' }) id: string;
  @ApiProperty({ type: String, nullable: true }) import_ref: string | null;
  @ApiProperty({ type: String, nullable: true }) imported_from: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'internal id (inv_…) of the invoice that carries it' }) invoice_id:
    string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'uuid of that invoice (GET /invoices/{uuid})' }) invoice_uuid:
    string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: ProductPricingResponse, nullable: true }) product_pricing: ProductPricingResponse | null;
  @ApiProperty({ type: String, nullable: true }) product_pricing_id: string | null;
  @ApiProperty({ type: String, nullable: true }) proposal_id: string | null;
  @ApiProperty({ type: QuantityConfigResponse, nullable: true }) quantity_config: QuantityConfigResponse | null;
  @ApiProperty({ type: Number, nullable: true }) sort_order: number | null;
  @ApiProperty({ enum: ONE_TIME_STATES }) state: string;
  @ApiProperty({ enum: ONE_TIME_TYPES }) type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
