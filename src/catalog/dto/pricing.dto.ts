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
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto, SetFilterDto } from '../../platform/search/find-body.dto';
import { EntitlementAssignmentInputDto, EntitlementAssignmentResponse } from '../../entitlements/assignments/assignment.dto';
import { CompanyRecordResponse } from '../../platform/company-record.mapper';
import { CATALOG_STATES, CHARGE_TYPES, PRICE_TYPES, PRICING_TYPES, PRORATION_TYPES, PriceType, PricingType } from '../catalog.entity';
import { IsCurrencyCode, IsUnitPrice, MoneyDto, MoneyResponse, NULLABLE_UNIT_PRICE_SCHEMA, TermDto, UNIT_PRICE_SCHEMA } from './common.dto';
import { ProductResponse, TagsFilter } from './product.dto';
import { DISPLAY_TYPES } from '../../metrics/billable-item.entity';
import { NotSupportedYet, OptionalNestedArray, OptionalStringArray } from '../../platform/validation/decorators';
import { TaxOverrideDto, TaxOverrideResponse } from '../../taxes/dto/tax.dto';
import { IsDisplayText } from '../../platform/validation/display-text';

/** "recurring", "one-time", "ONE_TIME", "onetime" → RECURRING / ONETIME; anything else unchanged (then rejected). */
export function normalizePriceType(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toUpperCase().replace(/[-_ ]/g, '');
  if (v === 'RECURRING') return 'RECURRING';
  if (v === 'ONETIME') return 'ONETIME';
  return value;
}

export class FixedPriceDto {
  @ApiProperty(UNIT_PRICE_SCHEMA) @IsUnitPrice() price_per_unit: number | string;
}

export class StepPriceDto {
  @ApiProperty(UNIT_PRICE_SCHEMA) @IsUnitPrice() price_per_step: number | string;
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) step_size: number;
}

export class GradientTierDto {
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) start: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null on the last (open-ended) tier only' })
  @IsOptional()
  @IsInt()
  @Min(0)
  end?: number | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() flat_price?: number | string | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() price_per_unit?: number | string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() is_custom_tier?: boolean | null;
}

export class VolumeTierDto {
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) total_units_start: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null on the last (open-ended) tier only' })
  @IsOptional()
  @IsInt()
  @Min(0)
  total_units_end?: number | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() flat_price?: number | string | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() price_per_unit?: number | string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() is_custom_tier?: boolean | null;
}

export class CustomPriceDto {
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() price_per_unit?: number | string | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() preset_price_per_unit?: number | string | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() min_price_per_unit?: number | string | null;
  @ApiPropertyOptional(UNIT_PRICE_SCHEMA) @IsOptional() @IsUnitPrice() max_price_per_unit?: number | string | null;
}

export class ScheduledPriceDto {
  @ApiProperty({ type: [String], description: 'unit price (cents) of each period in turn; numeric strings or numbers' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(120)
  @IsUnitPrice({ each: true })
  price_per_unit_per_period: (number | string)[];
}

export class MinimumSpendScheduleDto {
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      "true: spend above a period's minimum (or a true-up window's) counts toward the next ones, so a customer who spent " +
      'early is not topped up later; needs a minimum (minimum_spend or amount_per_period). See docs/billing-rules.md#minimum-spend',
  })
  @IsOptional()
  @IsBoolean()
  allow_pulling_forward?: boolean | null;

  @ApiPropertyOptional({
    type: 'array',
    nullable: true,
    items: {
      oneOf: [
        { type: 'object', properties: { currency: { type: 'string' }, value_in_cents: { type: 'integer', minimum: 0 } } },
        { type: 'string', pattern: '^\\d+$' },
        { type: 'integer', minimum: 0 },
      ],
    },
    description:
      'the minimum spend of each billing period in turn (the first period from the anchor first; the last amount repeats), ' +
      'as Money or cents (numeric strings or integers), in the pricing currency; replaces minimum_spend when given',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(120)
  amount_per_period?: (MoneyDto | string | number)[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: ['UNIFORM', 'CUSTOM'],
    description:
      'the shape of the schedule, checked against it (400 otherwise): UNIFORM one minimum every period ' +
      '(minimum_spend, or a single amount_per_period), CUSTOM amount_per_period period by period',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  minimum_spend_schedule_type?: string | null;
}

/** Revenue recognition: IMMEDIATE (all at once), RATABLE (evenly over the period) or CUSTOM (amount_per_period). */
export const RECOGNITION_SCHEDULE_TYPES = ['IMMEDIATE', 'RATABLE', 'CUSTOM'] as const;
/** The periods a true-up may be reconciled on (the billing frequencies but ONETIME). */
export const TRUE_UP_FREQUENCIES = ['HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR'] as const;

export class RecognitionScheduleDto {
  @ApiProperty({
    enum: RECOGNITION_SCHEDULE_TYPES,
    description:
      "IMMEDIATE: recognised on the invoice date; RATABLE: evenly per day over the invoice line's service period (the " +
      'rounding remainder on its last day); CUSTOM: amount_per_period, one amount per calendar month from the service start ' +
      '(docs/reports.md, "Revenue")',
  })
  @IsIn(RECOGNITION_SCHEDULE_TYPES)
  recognition_schedule_type: (typeof RECOGNITION_SCHEDULE_TYPES)[number];

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description:
      "CUSTOM only (and required there): cents recognised in each calendar month in turn from the month the line's service starts " +
      '(rounded to whole cents, capped at the line; the last listed month takes what is left), numeric strings or numbers',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(120)
  @IsUnitPrice({ each: true })
  amount_per_period?: (number | string)[] | null;
}

/** `credit_price`: the price is a credit pack (docs/billing-rules.md, "Credit packs"). */
export class CreditPriceDto {
  @ApiProperty({
    enum: ['AMOUNT', 'UNITS'],
    description:
      'AMOUNT: each unit bought grants `amount` of credit; UNITS: each unit bought grants `units` units of the billable item `item_id`',
  })
  @IsIn(['AMOUNT', 'UNITS'])
  type: 'AMOUNT' | 'UNITS';
  @ApiPropertyOptional({
    nullable: true,
    type: MoneyDto,
    description: "AMOUNT only (and required there): the credit per unit bought, more than 0, in the pricing's currency",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  amount?: MoneyDto | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'UNITS only (and required there): the billable item whose units are granted (404 when the company has no such item)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  item_id?: string | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    description: 'UNITS only (and required there): units granted per unit bought',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  units?: number | null;
}

/** `percentage_price`: the terms of a PERCENTAGE price (docs/billing-rules.md#percentage-charges). */
export class PercentagePriceDto {
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: "percent of each event's amount (the metric's SUM property, e.g. amount_cents), above 0 and at most 100: 2.5 = 2.5 %",
  })
  @IsUnitPrice()
  rate: number | string;
  @ApiPropertyOptional({ ...NULLABLE_UNIT_PRICE_SCHEMA, description: 'cents added to the charge of every event' })
  @IsOptional()
  @IsUnitPrice()
  fixed_fee_per_event?: number | string | null;
  @ApiPropertyOptional({ ...NULLABLE_UNIT_PRICE_SCHEMA, description: 'least cents an event is charged, its fixed fee included' })
  @IsOptional()
  @IsUnitPrice()
  min_per_event?: number | string | null;
  @ApiPropertyOptional({ ...NULLABLE_UNIT_PRICE_SCHEMA, description: 'most cents an event is charged, its fixed fee included' })
  @IsOptional()
  @IsUnitPrice()
  max_per_event?: number | string | null;
}

export class GroupPriceDto {
  @ApiProperty({ description: "a value of the group key (as the event's property reads, compared as text)" })
  @IsString()
  @MaxLength(1024)
  value: string;
  @ApiProperty(UNIT_PRICE_SCHEMA) @IsUnitPrice() price_per_unit: number | string;
}

/** `group_prices`: unit prices per value of a group key (docs/billing-rules.md#prices-per-group). */
export class GroupPricesDto {
  @ApiProperty({ description: "the property priced by value: one of the metric's group_keys", example: 'region' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  group_key: string;
  @ApiProperty({ type: [GroupPriceDto], description: 'the unit price (cents) of each listed value; other values take fixed_price' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => GroupPriceDto)
  prices: GroupPriceDto[];
}

/** The price fields shared by create and update (pricing_type is declared by each). */
class PriceFieldsDto {
  @ApiPropertyOptional({
    nullable: true,
    enum: PRICE_TYPES,
    default: 'RECURRING',
    description: 'RECURRING or ONETIME ("recurring", "one-time" accepted)',
  })
  @IsOptional()
  @Transform(({ value }) => normalizePriceType(value))
  @IsIn(PRICE_TYPES)
  type?: PriceType | null;

  @ApiPropertyOptional({
    nullable: true,
    type: TermDto,
    description: 'default {count: 1, frequency: MONTH} (ONETIME for a one-time price)',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => TermDto)
  billing_frequency?: TermDto | null;

  @ApiPropertyOptional({ nullable: true, type: MoneyDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  base_price?: MoneyDto | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description: 'units included in base_price each period' })
  @IsOptional()
  @IsInt()
  @Min(0)
  base_units?: number | null;
  @ApiPropertyOptional({ nullable: true, type: FixedPriceDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => FixedPriceDto)
  fixed_price?: FixedPriceDto | null;
  @ApiPropertyOptional({ nullable: true, type: StepPriceDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => StepPriceDto)
  step_price?: StepPriceDto | null;

  @OptionalNestedArray(GradientTierDto, 100)
  gradient_price?: GradientTierDto[] | null;

  @OptionalNestedArray(VolumeTierDto, 100)
  volume_price?: VolumeTierDto[] | null;

  @ApiPropertyOptional({ nullable: true, type: CustomPriceDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => CustomPriceDto)
  custom_price?: CustomPriceDto | null;
  @ApiPropertyOptional({ nullable: true, type: ScheduledPriceDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ScheduledPriceDto)
  scheduled_price?: ScheduledPriceDto | null;
  @ApiPropertyOptional({
    nullable: true,
    type: PercentagePriceDto,
    description:
      'PERCENTAGE only (and required there): each event is charged rate % of its amount plus fixed_fee_per_event, held within ' +
      'min_per_event and max_per_event; the period line is the exact sum, rounded once. A RECURRING usage price on a SUM metric ' +
      "(the amount is the metric's property). See docs/billing-rules.md#percentage-charges",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PercentagePriceDto)
  percentage_price?: PercentagePriceDto | null;
  @ApiPropertyOptional({
    nullable: true,
    type: GroupPricesDto,
    description:
      "A FIXED RECURRING usage price's unit price per value of one of its metric's group_keys: one invoice line per group (every " +
      'listed value, then each other value used, at fixed_price.price_per_unit), each rounded once; not with base_units. See ' +
      'docs/billing-rules.md#prices-per-group',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => GroupPricesDto)
  group_prices?: GroupPricesDto | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'true: a usage price charged when each event arrives, not at the billing date: every new event (not a duplicate by ' +
      'transaction_id) of a subscription active at its timestamp gets a final ADVANCE_USAGE invoice, written with the event, of ' +
      'charge(period usage with it) − charge(without it), each rounded as the period line would be; an event worth 0 writes none, and ' +
      "the period's invoices leave the price out. Allowed on a RECURRING usage price (metric COUNT or SUM) of pricing_type FIXED, " +
      'GRADIENT (no flat_price on the first tier), STEP or PERCENTAGE; a 400 invalid_field with VOLUME, base_price, base_units, ' +
      'carryover, group_prices or a minimum spend, and on licence or fixed prices. null or false: billed in arrears. See ' +
      'docs/billing-rules.md#usage-charged-as-events-arrive',
  })
  @IsOptional()
  @IsBoolean()
  pay_in_advance?: boolean | null;
  @NotSupportedYet(
    "thresholds on a price: a non-empty list is a 400 (set them on the subscription, POST /subscriptions' usage_thresholds); " +
      'null or [] is accepted and changes nothing',
    { type: 'array', items: { type: 'object' } },
  )
  usage_thresholds?: unknown[] | null;

  @ApiPropertyOptional({ nullable: true, type: MoneyDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyDto)
  minimum_spend?: MoneyDto | null;

  @ApiPropertyOptional({ nullable: true, type: MinimumSpendScheduleDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => MinimumSpendScheduleDto)
  minimum_spend_schedule?: MinimumSpendScheduleDto | null;

  @ApiPropertyOptional({ nullable: true, enum: CHARGE_TYPES, default: 'PRE_POST' }) @IsOptional() @IsIn(CHARGE_TYPES) charge_type?:
    'PRE_POST' | 'POST_ONLY' | null;
  @ApiPropertyOptional({ nullable: true, enum: PRORATION_TYPES, default: 'PRORATE_ALL' })
  @IsOptional()
  @IsIn(PRORATION_TYPES)
  proration_type?: 'PRORATE_ALL' | 'NONE' | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'true (answered as carry_over): the included units (base_units) a period of this usage price does not use carry to the ' +
      'next period only, on top of its own, shown in the usage line name ("N units included, M carried over"); needs base_units ' +
      '> 0 and a metered metric (400 otherwise). See docs/billing-rules.md#carry-over',
  })
  @IsOptional()
  @IsBoolean()
  carryover?: boolean | null;
  @ApiPropertyOptional({
    nullable: true,
    type: CreditPriceDto,
    description:
      'Makes the price a credit pack: when an invoice that bought it (a one-time charge, or a period of a subscription) becomes PAID, each unit bought ' +
      '(the quantity of its charge line, times the share of the period a prorated line covers; a change counts the net of its ' +
      '"Remaining time" and "Unused time" lines) grants the customer credit: AMOUNT, `amount` per unit, or UNITS, `units` units of ' +
      '`item_id` per unit; rounded once per line, half away from zero. One credit per pack price and invoice, granted exactly once, ' +
      'with no expiration date, named after the invoice line, ISSUED in the credit log with the invoice; ' +
      'later invoices consume it like any credit. Nothing is granted before the invoice is paid (a voided invoice grants nothing). ' +
      "A refund of the invoice revokes the credit's unused part, up to the refunded share of what the invoice charged.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => CreditPriceDto)
  credit_price?: CreditPriceDto | null;
}

class PricingTextFieldsDto extends PriceFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'name used on invoices' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @MaxLength(255)
  external_name?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;

  @OptionalStringArray(100)
  tags?: string[] | null;

  @ApiPropertyOptional({ nullable: true, enum: CATALOG_STATES }) @IsOptional() @IsIn(CATALOG_STATES) state?: 'ACTIVE' | 'ARCHIVED' | null;

  @OptionalNestedArray(EntitlementAssignmentInputDto, 200, {
    nullable: true,
    description: "replaces the pricing's own (override) entitlements",
  })
  entitlements?: EntitlementAssignmentInputDto[] | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) upsell_product_pricing_id?: string | null;

  @OptionalNestedArray(TaxOverrideDto, 100, {
    nullable: true,
    description:
      "tax rates (id or code) for this pricing's invoice lines instead of the automatic ones, unless the customer has override_taxes; [] no tax; null (default): automatic",
  })
  override_taxes?: TaxOverrideDto[] | null;
}

export class CreatePricingDto extends PricingTextFieldsDto {
  @ApiPropertyOptional({
    nullable: true,
    enum: DISPLAY_TYPES,
    description:
      "how quantities of this price are shown to people (default: the billable item's): on the hosted invoice page, its PDF and " +
      'the invoice e-mail, a line of this price reads its quantity as written (UNITS: 2500), scaled (THOUSAND_UNITS: ' +
      '"2.5 thousand", MILLION_UNITS: "0.0025 million") or as money of the invoice currency (AMOUNT: 2500 → "$2,500.00"). ' +
      'Billing itself does not change: the quantity and amounts in the API are the same',
  })
  @IsOptional()
  @IsIn(DISPLAY_TYPES)
  display_type?: (typeof DISPLAY_TYPES)[number] | null;

  @ApiPropertyOptional({
    nullable: true,
    type: RecognitionScheduleDto,
    description:
      'how the revenue of this price is recognised by the revenue report (POST /reports/revenue, docs/reports.md); null: ' +
      'RATABLE for a recurring licence or fixed price, IMMEDIATE for usage and one-time prices',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecognitionScheduleDto)
  recognition_schedule?: RecognitionScheduleDto | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: TRUE_UP_FREQUENCIES,
    description:
      "the window the minimum spend is assessed over (a billing frequency not shorter than the price's, not ONETIME): e.g. " +
      "QUARTER on a monthly price sums the 3 months' minimums and spend, and the top-up goes on the invoice that closes the " +
      'quarter; null: each billing period on its own. Needs a minimum (minimum_spend or minimum_spend_schedule). See ' +
      'docs/billing-rules.md#minimum-spend',
  })
  @IsOptional()
  @IsIn(TRUE_UP_FREQUENCIES)
  true_up_frequency?: (typeof TRUE_UP_FREQUENCIES)[number] | null;

  @ApiProperty({ example: 'prod_01j...' }) @IsString() @IsNotEmpty() @MaxLength(64) product_id: string;
  @ApiProperty({ example: 'Pro monthly' }) @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiProperty({ example: 'USD' }) @IsDefined() @IsCurrencyCode() currency: string;
  @ApiProperty({ enum: PRICING_TYPES }) @IsIn(PRICING_TYPES) pricing_type: PricingType;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'billable item of a usage price (with metric_id); without both, a licence price on the standard License item',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  item_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'billable metric of item_id that the usage price charges' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  metric_id?: string | null;
}

/** Text fields change any time; price fields only while no subscription uses the pricing (else 409). */
export class UpdatePricingDto extends PricingTextFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name?:
    string | null;
  @ApiPropertyOptional({ nullable: true, enum: PRICING_TYPES }) @IsOptional() @IsIn(PRICING_TYPES) pricing_type?: PricingType | null;
}

export class PricingQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() currency?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_id?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of name, external_name or description' })
  @IsOptional()
  @IsString()
  search?: string;
  @ApiPropertyOptional({ enum: CATALOG_STATES }) @IsOptional() @IsString() state?: string;
  @TagsFilter('the pricing')
  tags?: string[] | SetFilterDto;
  @ApiPropertyOptional({ enum: PRICE_TYPES }) @IsOptional() @Transform(({ value }) => normalizePriceType(value)) @IsString() type?: string;
  @ApiPropertyOptional({ enum: PRICING_TYPES }) @IsOptional() @IsString() pricing_type?: string;
}

export const FindPricingsDto = findBodyDto('FindPricingsBody', PricingQueryDto, BASE_SORT_KEYS);
export type FindPricingsDto = InstanceType<typeof FindPricingsDto>;

export class GradientTierResponse {
  @ApiProperty() start: number;
  @ApiProperty({ type: Number, nullable: true }) end: number | null;
  @ApiProperty() flat_price: number;
  @ApiProperty() is_custom_tier: boolean;
  @ApiProperty() price_per_unit: number;
}

export class VolumeTierResponse {
  @ApiProperty() flat_price: number;
  @ApiProperty() is_custom_tier: boolean;
  @ApiProperty() price_per_unit: number;
  @ApiProperty() total_units_start: number;
  @ApiProperty({ type: Number, nullable: true }) total_units_end: number | null;
}

export class RecognitionScheduleResponse {
  @ApiProperty({ enum: RECOGNITION_SCHEDULE_TYPES }) recognition_schedule_type: string;
  @ApiProperty({ type: [String], nullable: true, description: 'CUSTOM: cents per period (exact decimal strings); else null' })
  amount_per_period: string[] | null;
}

/** The spec's "Item pricing" (plus pricing_type). */
export class ItemPricingResponse {
  @ApiProperty({ type: MoneyResponse }) base_price: MoneyResponse;
  @ApiProperty() base_units: number;
  @ApiProperty() carry_over: boolean;
  @ApiProperty({ enum: CHARGE_TYPES }) charge_type: string;
  @ApiProperty({ type: CompanyRecordResponse }) company: CompanyRecordResponse;
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: Object, nullable: true }) credit_price: Record<string, unknown> | null;
  @ApiProperty({ type: Object, nullable: true }) custom_price: Record<string, number | null> | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() display_type: string;
  @ApiProperty() editable: boolean;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty({ type: Object, nullable: true }) fixed_price: { price_per_unit: number } | null;
  @ApiProperty() frequency: string;
  @ApiProperty({ type: [GradientTierResponse], nullable: true }) gradient_price: GradientTierResponse[] | null;
  @ApiProperty({ type: Object, nullable: true, description: '{group_key, prices: [{value, price_per_unit}]} or null' })
  group_prices: { group_key: string; prices: { value: string; price_per_unit: number }[] } | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: Object }) item: Record<string, unknown>;
  @ApiProperty() item_id: string;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ type: MoneyResponse, nullable: true }) minimum_spend: MoneyResponse | null;
  @ApiProperty({ type: Object, nullable: true }) minimum_spend_schedule: Record<string, unknown> | null;
  @ApiProperty() name: string;
  @ApiProperty() num_subs: number;
  @ApiProperty({ description: 'true: a usage price charged as each event arrives (one ADVANCE_USAGE invoice per billable event)' })
  pay_in_advance: boolean;
  @ApiProperty({ type: Object, nullable: true, description: 'PERCENTAGE: {rate, fixed_fee_per_event, min_per_event, max_per_event}' })
  percentage_price: { rate: number; fixed_fee_per_event: number | null; min_per_event: number | null; max_per_event: number | null } | null;
  @ApiProperty({ enum: PRICING_TYPES }) pricing_type: string;
  @ApiProperty({ enum: PRORATION_TYPES }) proration_type: string;
  @ApiProperty({ type: RecognitionScheduleResponse }) recognition_schedule: RecognitionScheduleResponse;
  @ApiProperty({ type: Object, nullable: true }) scheduled_price: { price_per_unit_per_period: string[] } | null;
  @ApiProperty({ enum: CATALOG_STATES }) state: string;
  @ApiProperty({ type: Object, nullable: true }) step_price: { price_per_step: number; step_size: number } | null;
  @ApiProperty() term_count: number;
  @ApiProperty({ type: String, nullable: true }) true_up_frequency: string | null;
  @ApiProperty({ enum: PRICE_TYPES }) type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [VolumeTierResponse], nullable: true }) volume_price: VolumeTierResponse[] | null;
}

/** The spec's "Product metric pricing". */
export class ProductMetricPricingResponse {
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() id: string;
  @ApiProperty({ type: Object, description: 'billable item' }) item: Record<string, unknown>;
  @ApiProperty() item_id: string;
  @ApiProperty({ type: ItemPricingResponse }) item_pricing: ItemPricingResponse;
  @ApiProperty() item_pricing_id: string;
  @ApiProperty({ type: Object, description: 'billable metric' }) metric: Record<string, unknown>;
  @ApiProperty() metric_id: string;
  @ApiProperty() product_id: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The spec's "Product pricing" (plus pricing_type). */
export class ProductPricingResponse {
  @ApiProperty() company_id: string;
  @ApiProperty({ type: [EntitlementAssignmentResponse] }) computed_entitlements: EntitlementAssignmentResponse[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) import_created_at_ref: string | null;
  @ApiProperty({ type: String, nullable: true }) import_ref: string | null;
  @ApiProperty({ type: String, nullable: true }) imported_from: string | null;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty() name: string;
  @ApiProperty({ minimum: 0 }) num_subs: number;
  @ApiProperty({ type: [EntitlementAssignmentResponse] }) override_entitlements: EntitlementAssignmentResponse[];
  @ApiProperty({ enum: PRICING_TYPES }) pricing_type: string;
  @ApiProperty({ type: ProductResponse, nullable: true, description: 'product_pricings is null here' }) product: ProductResponse | null;
  @ApiProperty() product_id: string;
  @ApiProperty({ type: [ProductMetricPricingResponse] }) product_metric_pricings: ProductMetricPricingResponse[];
  @ApiProperty({ enum: CATALOG_STATES }) state: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ enum: PRICE_TYPES }) type: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: String, nullable: true }) upsell_product_pricing_id: string | null;
  @ApiProperty({ type: [TaxOverrideResponse], nullable: true, description: "the pricing's own tax rates; [] none; null automatic" })
  override_taxes: TaxOverrideResponse[] | null;
}
