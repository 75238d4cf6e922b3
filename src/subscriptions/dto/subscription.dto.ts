import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ValidateIf,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BASE_SORT_KEYS,
  DateRangeFilterDto,
  findBodyDto,
  OwnerIdsFilter,
  OwnerIdsFilterDto,
  RangeFilterDto,
  SetFilterDto,
  oneOrMany,
  oneOrManySchema,
} from '../../platform/search/find-body.dto';
import { EntitlementAssignmentInputDto, EntitlementAssignmentResponse } from '../../entitlements/assignments/assignment.dto';
import { MoneyDto, MoneyResponse, TermDto, TermResponse } from '../../catalog/dto/common.dto';
import { ProductMetricPricingResponse } from '../../catalog/dto/pricing.dto';
import { BILLING_CYCLES, type BillingCycle, CHANGE_PRORATION_TYPES, CHANGE_TIMINGS } from '../subscription.entity';
import { NotSupportedYet, OptionalNestedArray, OptionalStringArray } from '../../platform/validation/decorators';
import { IsDateTime, IsMoneyCents } from '../../platform/validation/limits';
import { IsDisplayText } from '../../platform/validation/display-text';
import { BillableMetricResponse } from '../../metrics/dto/metrics.dto';

export class QuantityConfigDto {
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() allow_custom_quantity?: boolean | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 }) @IsOptional() @IsInt() @Min(0) max_quantity?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 }) @IsOptional() @IsInt() @Min(0) min_quantity?: number | null;
}

/** A licence quantity for one product metric pricing (or the licence price of a product pricing). */
export class ConfigItemDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) product_metric_pricing_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) product_pricing_id?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, default: 1 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  num_licenses?: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  minimum_units?: number | null;
  @ApiPropertyOptional({ type: QuantityConfigDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuantityConfigDto)
  quantity_config?: QuantityConfigDto | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() hide_at_checkout?: boolean | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsInt() sort_order?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) upsell_product_metric_pricing_id?:
    string | null;
}

export const DISCOUNT_TYPES = ['DISCOUNT_AMOUNT', 'DISCOUNT_PERCENT'] as const;

const PERCENT_RANGE = 'must be a fraction from 0 to 1 (0.5 = 50 %), not a percentage';

export class DiscountInputDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) id?: string | null;
  @ApiProperty() @IsString() @MaxLength(255) name: string;
  @ApiProperty({ enum: DISCOUNT_TYPES }) @IsIn(DISCOUNT_TYPES) type: (typeof DISCOUNT_TYPES)[number];
  @ApiPropertyOptional({ type: MoneyDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => MoneyDto) amount?: MoneyDto | null;
  @ApiPropertyOptional({ type: MoneyDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => MoneyDto) cap?: MoneyDto | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    description:
      'a fraction from 0 to 1 (0.5 = 50 %); a number above 1 (a percentage such as 50, as an older reference sample sends) is a 400 naming this range, never read as a percentage',
  })
  @IsOptional()
  @IsNumber()
  @Min(0, { message: PERCENT_RANGE })
  @Max(1, { message: PERCENT_RANGE })
  percent?: number | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) @IsOptional() @IsDateTime() expiration_date?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() product_pricing_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() coupon_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() customer_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() item_pricing_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() onetime_billable_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() product_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() proposal_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() subscription_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() import_created_at_ref?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() import_ref?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() imported_from?: string | null;
  @ApiPropertyOptional({ enum: ['ACTIVE'], nullable: true }) @IsOptional() @IsIn(['ACTIVE']) state?: string | null;
}

export class CustomPriceInputDto {
  @ApiProperty({ type: MoneyDto }) @ValidateNested() @Type(() => MoneyDto) amount: MoneyDto;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() product_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(1000) description?: string | null;
}

export class OnetimeItemDto {
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: 1_000_000_000 })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1_000_000_000)
  aggregate?: number | null;
  @ApiPropertyOptional({ type: CustomPriceInputDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CustomPriceInputDto)
  custom_price?: CustomPriceInputDto | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() product_pricing_id?: string | null;
  @ApiPropertyOptional({ type: QuantityConfigDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuantityConfigDto)
  quantity_config?: QuantityConfigDto | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsInt() sort_order?: number | null;
}

/** A fact the subscription's invoices show beside their number and dates (its name is the label a person reads). */
export class DisplayFieldDto {
  @ApiProperty() @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiProperty() @IsString() @MaxLength(1000) value: string;
}

/** Fields shared by create and change (the new plan and its settings). */
class PlanFieldsDto {
  @ApiPropertyOptional({ nullable: true, type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  product_pricing_ids?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) bundle_pricing_id?: string | null;

  @OptionalNestedArray(ConfigItemDto, 200)
  config_items?: ConfigItemDto[] | null;

  @ApiPropertyOptional({ nullable: true, type: TermDto }) @IsOptional() @ValidateNested() @Type(() => TermDto) term?: TermDto | null;

  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() trial?: boolean | null;
  @ApiPropertyOptional({ type: TermDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => TermDto) trial_term?: TermDto | null;

  @OptionalNestedArray(DiscountInputDto, 50)
  discounts?: DiscountInputDto[] | null;

  @OptionalNestedArray(OnetimeItemDto, 100, {
    description:
      "one-time charges billed once: on a new subscription, on its first invoice; on a change, on the change's invoice " +
      '(its own invoice when it has one, else the next one, with the NEXT proration lines); see docs/billing-rules.md#one-time-items',
  })
  onetime_items?: OnetimeItemDto[] | null;

  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(255) payment_method_id?: string | null;
  @ApiPropertyOptional({ type: MoneyDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  minimum_spend?: MoneyDto | null;
}

/** One usage threshold of a subscription (docs/billing-rules.md#usage-thresholds). */
export class UsageThresholdDto {
  @ApiProperty({ minimum: 1, description: "cents of the period's usage charges that issue an invoice when reached" })
  @IsMoneyCents(1)
  amount_cents: number;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description: 'true: reached again every amount_cents beyond the largest other threshold (at most one recurring threshold)',
  })
  @IsOptional()
  @IsBoolean()
  recurring?: boolean | null;
}

export class CreateSubscriptionDto extends PlanFieldsDto {
  @OptionalNestedArray(UsageThresholdDto, 20, {
    nullable: true,
    description:
      "spend thresholds of the usage charges of each billing period: when a period's usage charges reach one, the next billing " +
      "run (the service runs one every minute) issues an invoice for the usage so far, deducted from the period's own invoice, and " +
      'sends subscription.usage_threshold_exceeded once per threshold and period. See docs/billing-rules.md#usage-thresholds',
  })
  usage_thresholds?: UsageThresholdDto[] | null;
  @ApiProperty({ description: 'customer id or identifier' }) @IsString() @MaxLength(255) customer_id: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'USD', description: "must be the pricings' currency (defaults to it)" })
  @IsOptional()
  @IsString()
  currency?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'past or future; default now' })
  @IsOptional()
  @IsDateTime()
  start_date?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time', description: 'default start_date (trial end when on trial)' })
  @IsOptional()
  @IsDateTime()
  billing_anchor_date?: string | null;
  @ApiPropertyOptional({
    enum: BILLING_CYCLES,
    nullable: true,
    default: 'ANNIVERSARY',
    description:
      'ANNIVERSARY: billing dates step from billing_anchor_date. CALENDAR: billing dates fall on calendar boundaries of the ' +
      "company's preferred_timezone (00:00 on the 1st for MONTH; Jan/Apr/Jul/Oct 1 for QUARTER; Jan 1 for YEAR) and the " +
      'first partial period, from start_date to the first boundary, is billed prorated. CALENDAR needs a month-based billing ' +
      'term that divides a year, and refuses billing_anchor_date and trial (400)',
  })
  @IsOptional()
  @IsIn(BILLING_CYCLES)
  billing_cycle?: BillingCycle | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, default: true }) @IsOptional() @IsBoolean() auto_renews?: boolean | null;
  @ApiPropertyOptional({ type: Number, minimum: 0, nullable: true }) @IsOptional() @IsInt() @Min(0) invoice_due_date_from_creation?:
    number | null;
  @OptionalNestedArray(DisplayFieldDto, 50, { nullable: true })
  invoice_additional_display_fields?: DisplayFieldDto[] | null;
  @ApiPropertyOptional({ nullable: true, type: [EntitlementAssignmentInputDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => EntitlementAssignmentInputDto)
  override_entitlements?: EntitlementAssignmentInputDto[] | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(255) identifier?: string | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description:
      "the customer's direct parent pays this subscription's invoices (billed_customer_id, its default payment method and " +
      'credits); the customer must have a parent customer, else 400',
  })
  @IsOptional()
  @IsBoolean()
  parent_billed?: boolean | null;
}

export class UpdateSubscriptionDto {
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: MoneyDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  minimum_spend?: MoneyDto | null;
  @ApiPropertyOptional({ nullable: true, type: [EntitlementAssignmentInputDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => EntitlementAssignmentInputDto)
  override_entitlements?: EntitlementAssignmentInputDto[] | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(255) payment_method_id?: string | null;
  @ApiPropertyOptional({ type: Number, minimum: 0, nullable: true }) @IsOptional() @IsInt() @Min(0) invoice_due_date_from_creation?:
    number | null;
  @OptionalNestedArray(DisplayFieldDto, 50, { nullable: true })
  invoice_additional_display_fields?: DisplayFieldDto[] | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "printed on the subscription's invoices written from now on (their payment instructions); null clears it",
  })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  invoice_payment_instructions?: string | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      "the customer's direct parent pays this subscription's invoices written from now on (billed_customer_id, its default " +
      'payment method and credits); the customer must have a parent (else 400); false bills the customer itself again',
  })
  @IsOptional()
  @IsBoolean()
  parent_billed?: boolean | null;
  @OptionalStringArray(100, 255, { nullable: true, description: "replaces the subscription's tags (duplicates dropped); null clears them" })
  tags?: string[] | null;
}

/** The change_config of a subscription change. */
export class ChangeSubscriptionDto extends PlanFieldsDto {
  @NotSupportedYet(
    "a change does not change a subscription's usage thresholds yet (they are set at creation): a non-empty list is a 400; " +
      'null or [] is accepted and changes nothing',
    { type: 'array', items: { type: 'object' } },
  )
  usage_thresholds?: unknown[] | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'USD',
    description:
      "the subscription's currency (any case). A subscription keeps its currency: any other is a 400 (to move a customer to " +
      'another currency, cancel and create a subscription on pricings of that currency)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(3)
  currency?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: CHANGE_PRORATION_TYPES, default: 'NEXT' })
  @IsOptional()
  @IsIn(CHANGE_PRORATION_TYPES)
  proration_type?: (typeof CHANGE_PRORATION_TYPES)[number] | null;
  @ApiPropertyOptional({ nullable: true, enum: CHANGE_TIMINGS, default: 'IMMEDIATE' }) @IsOptional() @IsIn(CHANGE_TIMINGS) timing?:
    (typeof CHANGE_TIMINGS)[number] | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'overrides timing' })
  @IsOptional()
  @IsDateTime()
  custom_change_date?: string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() reset_billing_anchor?: boolean | null;
}

export const CANCEL_TIMINGS = ['IMMEDIATE', 'PERIOD_END', 'RENEWAL'] as const;
export const REFUND_TYPES = ['PRORATED', 'NONE', 'CUSTOM'] as const;

/** The cancel_config of a subscription change. */
export class CancelSubscriptionDto {
  @ApiPropertyOptional({ nullable: true, enum: CANCEL_TIMINGS, default: 'IMMEDIATE' }) @IsOptional() @IsIn(CANCEL_TIMINGS) timing?:
    (typeof CANCEL_TIMINGS)[number] | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'overrides timing; not before start_date' })
  @IsOptional()
  @IsDateTime()
  custom_end_date?: string | null;
  @ApiPropertyOptional({
    enum: REFUND_TYPES,
    nullable: true,
    description:
      'what the final invoice gives back for the cancelled period: PRORATED a credit of the unused share of what was billed in ' +
      'advance past the end; NONE (the default without custom_refund_amount) nothing; CUSTOM (the default with it) exactly ' +
      'custom_refund_amount (required with it; at most what the cancelled billing period billed in advance, else 400). ' +
      'See docs/billing-rules.md#cancellations',
  })
  @IsOptional()
  @IsIn(REFUND_TYPES)
  refund_type?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(1000) reason?: string | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'true: the final invoice also bills the fixed (advance) charges of the committed term not invoiced yet, from the end of ' +
      'the billed period to the end of the current term (prorated when the term ends inside a period), and gives no credit for ' +
      'the unused time; not with refund_type CUSTOM (400)',
  })
  @IsOptional()
  @IsBoolean()
  charge_remaining_balance?: boolean | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'true: when the cancellation takes effect (at once when its end is now or past, else in the billing run that reaches it) ' +
      'every DRAFT or PENDING invoice of the subscription with nothing paid is voided (the credits it consumed come back; ' +
      'the final invoice and partly paid invoices are kept), and nothing of a voided invoice is refunded',
  })
  @IsOptional()
  @IsBoolean()
  cancel_pending_invoices?: boolean | null;
  @ApiPropertyOptional({
    type: MoneyDto,
    nullable: true,
    description:
      'the credit the final invoice gives for the cancelled period (refund_type CUSTOM, implied when refund_type is absent; 400 ' +
      'with PRORATED or NONE), in the subscription currency, at most what that period billed in advance',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  custom_refund_amount?: MoneyDto | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(1000) customer_cancel_reason?: string | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'true: when the final invoice credits the customer (a negative total: PRORATED or CUSTOM refund), the billed customer is ' +
      'e-mailed a credit receipt with the credit note attached (company setting email_refund_receipt); nothing is sent otherwise',
  })
  @IsOptional()
  @IsBoolean()
  send_customer_receipt?: boolean | null;
}

export class ExtendTrialDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'the new trial end (after now); null: the trial has no end (trial_conversion_date null, nothing is billed and MRR stays 0 ' +
      'until a later extend gives an end or a change with trial: false ends it)',
  })
  @ValidateIf((o: { end_date?: unknown }) => o.end_date !== null)
  @IsDefined()
  @IsDateTime()
  end_date: string | null;
}

export class PauseSubscriptionDto {
  @ApiPropertyOptional({ nullable: true, type: String, default: 'KEEP_AS_DRAFT', description: 'what happens to invoices while paused' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  behavior?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) @IsOptional() @IsDateTime() resume_date?: string | null;
}

export class EmptyBodyDto {}

export class UsagePeriodDto {
  @ApiProperty({ format: 'date-time' }) @IsDateTime() start_date: string;
  @ApiProperty({ format: 'date-time' }) @IsDateTime() end_date: string;
}

export class SubscriptionUsageDto {
  @ApiProperty() @IsString() @MaxLength(64) product_metric_pricing_id: string;
  @ApiProperty({ type: UsagePeriodDto }) @IsDefined() @ValidateNested() @Type(() => UsagePeriodDto) period: UsagePeriodDto;
}

const SUBSCRIPTION_STATUS = /^(active|cancelled|unpaid|paused|ended|trial)$/i;
const SUBSCRIPTION_STATUS_PROBLEM = 'must be one of active, cancelled, unpaid, paused, ended, trial (any case)';
/** What `status` / `statuses` filter on: an answer's status (active, cancelled, unpaid) or a state the reference names. */
const SUBSCRIPTION_FILTER_STATUSES = ['active', 'cancelled', 'unpaid', 'paused', 'ended', 'trial'] as const;
const SUBSCRIPTION_STATUS_MEANING =
  "any case (ACTIVE as the reference spells it). active, cancelled, unpaid: the answer's status; ended: the end date has passed " +
  '(the same as cancelled); paused: paused and not ended (pause_date is set); trial: a trial subscription (trial true) whose ' +
  'trial has not converted yet and that has not ended';

/** A `{condition, values}` filter of the subscription search (the reference's find fields). */
function SetFilter(description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: SetFilterDto, description })(target, key);
    IsOptional()(target, key);
    IsObject()(target, key);
    ValidateNested()(target, key);
    Type(() => SetFilterDto)(target, key);
  };
}

export class SubscriptionQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ enum: SUBSCRIPTION_FILTER_STATUSES, description: SUBSCRIPTION_STATUS_MEANING })
  @IsOptional()
  @IsString()
  @Matches(SUBSCRIPTION_STATUS, { message: SUBSCRIPTION_STATUS_PROBLEM })
  status?: string;
  @ApiPropertyOptional({
    ...oneOrManySchema(SUBSCRIPTION_FILTER_STATUSES),
    description: `any of these (OR); one alone may be a string. ${SUBSCRIPTION_STATUS_MEANING}`,
  })
  @IsOptional()
  @Transform(oneOrMany)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Matches(SUBSCRIPTION_STATUS, { each: true, message: SUBSCRIPTION_STATUS_PROBLEM })
  statuses?: string[];
  @ApiPropertyOptional({ description: "the customer's exclude_from_metrics" }) @IsOptional() @IsBoolean() exclude_from_metrics?: boolean;
  @ApiPropertyOptional({ description: 'accepted; Tally has no subscription groups yet, so a group_id matches no subscription' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  group_id?: string;
  @ApiPropertyOptional({ description: "the customer's managed_externally" }) @IsOptional() @IsBoolean() managed_externally?: boolean;
  @ApiPropertyOptional({
    type: RangeFilterDto,
    description: 'MRR in cents, as stored at the last write or billing run of the subscription (before discounts and trials)',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  mrr?: RangeFilterDto;
  @ApiPropertyOptional({ description: "the customer's owner_id" }) @IsOptional() @IsString() @MaxLength(255) owner_id?: string;
  @OwnerIdsFilter("the customer's owner_id among the values (OR); AND only when every value is that one owner")
  owner_ids?: OwnerIdsFilterDto;
  @ApiPropertyOptional({ description: 'the parent_billed the subscription stores (set with PATCH /subscriptions/{id})' })
  @IsOptional()
  @IsBoolean()
  parent_billed?: boolean;
  @ApiPropertyOptional({ description: "the customer's parent_customer_id (a customer id)" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  parent_customer_id?: string;
  @ApiPropertyOptional({ description: 'the payment method the subscription names (null: the customer default, which this never matches)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  payment_method_id?: string;
  @SetFilter('products of the plan in effect now (or still to come): AND every product, OR one')
  product_ids?: SetFilterDto;
  @SetFilter('product pricings of the plan in effect now (or still to come): AND every pricing, OR one')
  product_pricing_ids?: SetFilterDto;
  @SetFilter('tags of the plan’s product pricings (in effect now or still to come): AND every tag, OR one')
  product_pricing_tags?: SetFilterDto;
  @SetFilter('tags of the plan’s products (in effect now or still to come): AND every tag, OR one')
  product_tags?: SetFilterDto;
  @SetFilter("the subscription's own tags (set with PATCH /subscriptions/{id}): AND every tag, OR one")
  tags?: SetFilterDto;
  @ApiPropertyOptional() @IsOptional() @IsString() product_pricing_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() bundle_pricing_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() auto_renews?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() auto_charges?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() trial?: boolean;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  start_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  end_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  renewal_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  next_invoice_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ description: 'subscription id/identifier, customer name/identifier/email' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}

export const FindSubscriptionsDto = findBodyDto('FindSubscriptionsBody', SubscriptionQueryDto, BASE_SORT_KEYS);
export type FindSubscriptionsDto = InstanceType<typeof FindSubscriptionsDto>;

// ------------------------------------------------------------------ responses

export class CancelConfigResponse {
  @ApiProperty({ type: String, nullable: true }) campaign_id: string | null;
  @ApiProperty({ type: String, nullable: true }) campaign_step_id: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) charge_remaining_balance: boolean | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) custom_end_date: string | null;
  @ApiProperty({ type: MoneyResponse, nullable: true }) custom_refund_amount: MoneyResponse | null;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ type: String, nullable: true }) refund_type: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) send_customer_receipt: boolean | null;
  @ApiProperty() timing: string;
}

export class PauseConfigResponse {
  @ApiProperty() behavior: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) resume_date: string | null;
}

export class ConfigItemResponse {
  @ApiProperty({ type: Boolean, nullable: true }) hide_at_checkout: boolean | null;
  @ApiProperty() minimum_units: number;
  @ApiProperty() num_licenses: number;
  @ApiProperty({ type: String, nullable: true }) product_metric_pricing_id: string | null;
  @ApiProperty({ type: String, nullable: true }) product_pricing_id: string | null;
  @ApiProperty({ type: Object, nullable: true }) quantity_config: Record<string, unknown> | null;
  @ApiProperty({ type: Number, nullable: true }) sort_order: number | null;
  @ApiProperty({ type: String, nullable: true }) upsell_product_metric_pricing_id: string | null;
}

export class SubscriptionProductPricingResponse {
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: Object, nullable: true }) product: Record<string, unknown> | null;
  @ApiProperty() product_id: string;
  @ApiProperty({ type: [Object], description: 'product metric pricings, each with minimum_units and num_licenses' })
  product_metric_pricings: Record<string, unknown>[];
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty() type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class BillingErrorResponse {
  @ApiProperty({ example: 'amount_out_of_range', description: 'stable code of the reason' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty({ format: 'date-time', description: 'since when the subscription cannot be billed' }) at: string;
}

export class SubscriptionResponse {
  @ApiProperty({ type: MoneyResponse }) arr: MoneyResponse;
  @ApiProperty() auto_charges: boolean;
  @ApiProperty() auto_renews: boolean;
  @ApiProperty({ format: 'date-time' }) billing_anchor_date: string;
  @ApiProperty({ enum: BILLING_CYCLES, description: 'ANNIVERSARY or CALENDAR (billing dates on calendar boundaries)' })
  billing_cycle: BillingCycle;
  @ApiProperty({
    example: 'Europe/Paris',
    description: "IANA zone the billing dates are placed in: the company's preferred_timezone when the subscription was created",
  })
  billing_timezone: string;
  @ApiProperty({
    type: BillingErrorResponse,
    nullable: true,
    description:
      'set when billing runs cannot bill the subscription (`amount_out_of_range`: an amount of its next invoice above ' +
      '10^12 cents, e.g. from its usage); nothing of it is billed meanwhile, every run tries again, and it is back to ' +
      'null once the subscription bills',
  })
  billing_error: BillingErrorResponse | null;
  @ApiProperty({ type: Object, nullable: true, description: 'the bundle, with default_term, deleted_at, image_url, key, import_*' })
  bundle_pricing: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) bundle_pricing_id: string | null;
  @ApiProperty({ type: CancelConfigResponse, nullable: true }) cancel_config: CancelConfigResponse | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancel_date: string | null;
  @ApiProperty({ type: Object, nullable: true, description: 'the scheduled change while it is pending' }) change_config: Record<
    string,
    unknown
  > | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) change_date: string | null;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: [EntitlementAssignmentResponse] }) computed_entitlements: EntitlementAssignmentResponse[];
  @ApiProperty({ type: [ConfigItemResponse] }) config_items: ConfigItemResponse[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: Object, description: 'the full customer' }) customer: Record<string, unknown>;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: [Object] }) discounts: Record<string, unknown>[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) end_date: string | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: [DisplayFieldDto], nullable: true }) invoice_additional_display_fields: { name: string; value: string }[] | null;
  @ApiProperty({ type: Number, nullable: true }) invoice_due_date_from_creation: number | null;
  @ApiProperty({ type: String, nullable: true }) invoice_payment_instructions: string | null;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ type: MoneyResponse, nullable: true }) minimum_spend: MoneyResponse | null;
  @ApiProperty({ type: MoneyResponse }) mrr: MoneyResponse;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_invoice_date: string | null;
  @ApiProperty({ type: [Object] }) onetime_items: Record<string, unknown>[];
  @ApiProperty({ type: [EntitlementAssignmentResponse] }) override_entitlements: EntitlementAssignmentResponse[];
  @ApiProperty({ type: PauseConfigResponse, nullable: true }) pause_config: PauseConfigResponse | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) pause_date: string | null;
  @ApiProperty({ description: 'stored and answered; invoices are billed to the subscription customer whatever its value' })
  parent_billed: boolean;
  @ApiProperty({ type: String, nullable: true }) payment_method_id: string | null;
  @ApiProperty({ type: [String] }) product_pricing_ids: string[];
  @ApiProperty({ type: [SubscriptionProductPricingResponse] }) product_pricings: SubscriptionProductPricingResponse[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) renewal_date: string | null;
  @ApiProperty({ format: 'date-time' }) start_date: string;
  @ApiProperty({ enum: ['active', 'cancelled', 'unpaid'] }) status: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: TermResponse }) term: TermResponse;
  @ApiProperty() trial: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trial_conversion_date: string | null;
  @ApiProperty({ type: TermResponse, nullable: true }) trial_term: TermResponse | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { amount_cents: { type: 'integer' }, recurring: { type: 'boolean' } } },
    description: 'the usage thresholds (docs/billing-rules.md#usage-thresholds), fixed ones first by amount; [] without',
  })
  usage_thresholds: { amount_cents: number; recurring: boolean }[];
}

export class UsagePeriodResponse {
  @ApiProperty({ format: 'date-time' }) start_date: string;
  @ApiProperty({ format: 'date-time' }) end_date: string;
}

export class UsageBreakdownEntryResponse {
  @ApiProperty() value: number;
  @ApiProperty({ type: UsagePeriodResponse }) period: UsagePeriodResponse;
  @ApiProperty({ type: Object, description: "the metric's group_keys and their values" }) grouping: Record<string, string | null>;
  @ApiProperty({ type: Object, description: 'always {} (Tally has no break-out dimension besides grouping)' }) breakout: Record<
    string,
    never
  >;
}

export class UsageRecordResponse {
  @ApiProperty() value: number;
  @ApiProperty({ type: UsagePeriodResponse }) period: UsagePeriodResponse;
  @ApiProperty({ type: String, nullable: true, description: 'always null: Tally keeps no per-subscription metric records' })
  subscription_metric_record_id: string | null;
  @ApiProperty({ type: [UsageBreakdownEntryResponse] }) breakdown: UsageBreakdownEntryResponse[];
}

/** The reference's {metric, usage} answer (and its older {metric, product_metric_pricing}), plus Tally's flat fields (product_metric_pricing_id, metric_id, value, breakdown). */
export class SubscriptionUsageResponse {
  @ApiProperty({ type: BillableMetricResponse }) metric: BillableMetricResponse;
  @ApiProperty({ type: [UsageRecordResponse], description: 'one record: the period asked' }) usage: UsageRecordResponse[];
  @ApiProperty({
    type: ProductMetricPricingResponse,
    description: "the older reference answer's object: the product metric pricing asked, as the pricing's product_metric_pricings show it",
  })
  product_metric_pricing: ProductMetricPricingResponse;
  @ApiProperty() product_metric_pricing_id: string;
  @ApiProperty() metric_id: string;
  @ApiProperty() value: number;
  @ApiProperty({ type: [Object] }) breakdown: { grouping: Record<string, string | null>; value: number }[];
}

/** A change scheduled on a subscription and not yet in effect. */
export class ScheduledChangeResponse {
  @ApiProperty({
    type: 'integer',
    description: 'the seq of the event that scheduled the change: its id in the scheduled_changes routes and in POST /invoices/next',
  })
  id: number;
  @ApiProperty({ format: 'date-time', description: 'the instant it applies' }) change_date: string;
  @ApiProperty({ type: [String] }) product_pricing_ids: string[];
  @ApiProperty({ type: String, nullable: true }) bundle_pricing_id: string | null;
  @ApiProperty({ type: [Object], description: 'the licences it sets, per product metric pricing' }) config_items: Record<string, unknown>[];
  @ApiProperty({ type: TermResponse }) term: TermResponse;
  @ApiProperty({ enum: CHANGE_PRORATION_TYPES }) proration_type: string;
  @ApiProperty({ type: Object, description: "the change as it was asked (the same object as the subscription's change_config)" })
  change_config: Record<string, unknown>;
}

/** `GET /subscriptions/{id}/scheduled_changes`: the changes not yet in effect, in the order they apply. */
export class ScheduledChangesResponse {
  @ApiProperty({ type: [ScheduledChangeResponse] }) results: ScheduledChangeResponse[];
}
