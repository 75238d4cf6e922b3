import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MoneyResponse, TermDto, TermResponse } from '../../catalog/dto/common.dto';
import { ProductPricingResponse } from '../../catalog/dto/pricing.dto';
import { CustomerResponse } from '../../customers/dto/customer.dto';
import { ConfigItemDto, ConfigItemResponse, DiscountInputDto, OnetimeItemDto } from '../../subscriptions/dto/subscription.dto';
import { CHANGE_PRORATION_TYPES, CHANGE_TIMINGS } from '../../subscriptions/subscription.entity';
import { OptionalNestedArray } from '../../platform/validation/decorators';
import { CHECKOUT_STATUSES } from '../checkout.entity';
import { CompletionOptionsDto, CompletionOptionsResponse } from '../../platform/hosted-pages/completion-options';

/** #10 create checkout session. */
export class CreateCheckoutDto {
  @ApiProperty({ type: [ConfigItemDto] })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ConfigItemDto)
  config_items: ConfigItemDto[];
  @ApiProperty({ description: 'customer id or identifier' }) @IsString() @MaxLength(255) customer_id: string;
  @ApiProperty({ enum: ['CHECKOUT_SESSION'] }) @IsIn(['CHECKOUT_SESSION']) type: 'CHECKOUT_SESSION';

  @ApiPropertyOptional({ type: Boolean, nullable: true, default: false }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true, default: true }) @IsOptional() @IsBoolean() auto_renews?: boolean | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) bundle_pricing_id?: string | null;
  @ApiPropertyOptional({
    enum: CHANGE_PRORATION_TYPES,
    nullable: true,
    description: `proration of the change: ${'act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null'}`,
  })
  @IsOptional()
  @IsIn(CHANGE_PRORATION_TYPES)
  change_proration_type?: (typeof CHANGE_PRORATION_TYPES)[number] | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: `reset the billing anchor at the change: ${'act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null'}`,
  })
  @IsOptional()
  @IsBoolean()
  change_reset_billing_anchor?: boolean | null;
  @ApiPropertyOptional({
    enum: CHANGE_TIMINGS,
    nullable: true,
    description: `when the change takes effect: ${'act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null'}`,
  })
  @IsOptional()
  @IsIn(CHANGE_TIMINGS)
  change_timing?: (typeof CHANGE_TIMINGS)[number] | null;
  @OptionalNestedArray(DiscountInputDto, 50)
  discounts?: DiscountInputDto[] | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @OptionalNestedArray(OnetimeItemDto, 100)
  onetime_items?: OnetimeItemDto[] | null;
  @ApiPropertyOptional({ type: CompletionOptionsDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CompletionOptionsDto)
  options?: CompletionOptionsDto | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'a live subscription of the customer whose plan changes' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  previous_subscription_id?: string | null;
  @ApiPropertyOptional({ type: [String], nullable: true, description: 'exactly one of product_pricing_ids and bundle_pricing_id' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  product_pricing_ids?: string[] | null;
  @ApiPropertyOptional({ type: TermDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => TermDto) term?: TermDto | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() trial?: boolean | null;
  @ApiPropertyOptional({ type: TermDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => TermDto) trial_term?: TermDto | null;
}

export class CheckoutCreatedResponse {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true, description: 'absolute link of the hosted checkout page' }) url: string | null;
}

export class CheckoutTotalsResponse {
  @ApiProperty({ type: MoneyResponse }) sub_total: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) discount: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) total: MoneyResponse;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) invoice_date: string | null;
}

export class CheckoutSessionResponse {
  @ApiProperty({ type: MoneyResponse }) acv: MoneyResponse;
  @ApiProperty() auto_charges: boolean;
  @ApiProperty() auto_renews: boolean;
  @ApiProperty({ type: Object, nullable: true, description: 'the bundle, expanded' }) bundle_pricing: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) bundle_pricing_id: string | null;
  @ApiProperty({ type: String, nullable: true }) change_proration_type: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) change_reset_billing_anchor: boolean | null;
  @ApiProperty({ type: String, nullable: true }) change_timing: string | null;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at: string | null;
  @ApiProperty({ type: [ConfigItemResponse] }) config_items: ConfigItemResponse[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: CustomerResponse }) customer: CustomerResponse;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: [Object] }) discounts: Record<string, unknown>[];
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) invoice_id: string | null;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ type: [Object] }) onetime_items: Record<string, unknown>[];
  @ApiProperty({ type: CompletionOptionsResponse }) options: CompletionOptionsResponse;
  @ApiProperty({ type: String, nullable: true }) previous_subscription_id: string | null;
  @ApiProperty({ type: [String] }) product_pricing_ids: string[];
  @ApiProperty({ type: [ProductPricingResponse] }) product_pricings: ProductPricingResponse[];
  @ApiProperty({ enum: CHECKOUT_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) subscription_id: string | null;
  @ApiProperty({ type: TermResponse }) term: TermResponse;
  @ApiProperty({ type: CheckoutTotalsResponse, nullable: true, description: "the first invoice's totals, computed by the billing engine" })
  totals: CheckoutTotalsResponse | null;
  @ApiProperty() trial: boolean;
  @ApiProperty({ type: TermResponse, nullable: true }) trial_term: TermResponse | null;
  @ApiProperty({ enum: ['CHECKOUT_SESSION'] }) type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty() url: string;
}
