import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO31661Alpha2,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BASE_SORT_KEYS,
  findBodyDto,
  OwnerIdsFilter,
  OwnerIdsFilterDto,
  RangeFilterDto,
  SetFilterDto,
  oneOrMany,
  oneOrManySchema,
} from '../../platform/search/find-body.dto';
import { CUSTOMER_STATUSES } from '../customer.entity';
import { OptionalNestedArray, OptionalStringArray } from '../../platform/validation/decorators';
import { IsDateTime } from '../../platform/validation/limits';
import { IsDisplayText } from '../../platform/validation/display-text';
import { TaxOverrideDto } from '../../taxes/dto/tax.dto';

export const ROLLUP_FREQUENCIES = ['HOUR', 'DAY', 'WEEK', 'BI_MONTH', 'MONTH', 'QUARTER', 'BI_ANNUAL', 'YEAR'] as const;

/** Enumerated strings are accepted in any case and kept upper-case. */
const upperCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);
const upperCaseEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.toUpperCase() : v)) : value;

const TEXT_MAX = 255;

export class AddressDto {
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) address_line_1?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) address_line_2?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'ISO 3166-1 alpha-2, upper case', example: 'US' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 country code of 2 upper-case letters' })
  @IsISO31661Alpha2({ message: 'must be an ISO 3166-1 alpha-2 country code of 2 upper-case letters' })
  country?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) place_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) state?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) zip?: string | null;
}

export class DisplayFieldDto {
  @ApiProperty() @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(TEXT_MAX) name: string;
  @ApiProperty() @IsString() @MaxLength(1000) value: string;
}

export class ChildRollupBillingConfigDto {
  @ApiPropertyOptional({ enum: ROLLUP_FREQUENCIES, nullable: true })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(ROLLUP_FREQUENCIES)
  frequency?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsDateTime()
  start_date?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @IsDateTime()
  end_date?: string | null;

  @OptionalNestedArray(DisplayFieldDto, 50, { nullable: true })
  invoice_additional_display_fields?: DisplayFieldDto[] | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, nullable: true, description: 'days' })
  @IsOptional()
  @IsInt()
  @Min(0)
  invoice_due_date_from_creation?: number | null;
}

/** Body of PATCH /customers/{customer_id}: every field optional and nullable. */
export class UpdateCustomerDto {
  @ApiPropertyOptional({ type: AddressDto, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto | null;

  @ApiPropertyOptional({ type: [String], nullable: true, description: 'extra recipients copied on invoices' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsEmail({}, { each: true, message: 'each value must be an e-mail address' })
  billing_emails?: string[] | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      "true: the parent-billed invoices of this customer's children are gathered into one invoice of this customer at each roll-up date (child_rollup_billing_config, which needs frequency and start_date); takes effect from the next invoice a child writes",
  })
  @IsOptional()
  @IsBoolean()
  child_rollup_billing?: boolean | null;

  @ApiPropertyOptional({
    type: ChildRollupBillingConfigDto,
    nullable: true,
    description:
      'the roll-up dates (start_date, then every frequency; none after end_date), whether the roll-up invoice is charged (auto_charges, default false) and its due days (default 30); invoice_additional_display_fields: the facts the roll-up invoice shows beside its number and dates (copied when it is written)',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChildRollupBillingConfigDto)
  child_rollup_billing_config?: ChildRollupBillingConfigDto | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsEmail({}, { message: 'must be an e-mail address' })
  @MaxLength(TEXT_MAX)
  email?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true }) @IsOptional() @IsBoolean() exclude_from_metrics?: boolean | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "unique in the company; ties the customer to the caller's system" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  identifier?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'en-US' }) @IsOptional() @IsString() @MaxLength(64) locale?: string | null;

  @OptionalMetadata() metadata?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) name?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) org_name?:
    string | null;

  @OptionalNestedArray(TaxOverrideDto, 100, {
    nullable: true,
    description:
      "tax rates (id or code) applied to every line of the customer's invoices instead of the automatic ones; [] exempts the customer; null (default): automatic",
  })
  override_taxes?: TaxOverrideDto[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 64,
    description: "the customer's tax number (VAT id…), printed in the bill-to block of the invoice page and PDF",
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @IsDisplayText()
  @MaxLength(64)
  tax_number?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) owner_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'id (or identifier) of a customer of the same company' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  parent_customer_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) phone?: string | null;

  @ApiPropertyOptional({ enum: CUSTOMER_STATUSES, nullable: true, description: 'any case; stored upper-case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CUSTOMER_STATUSES)
  status?: string | null;

  @OptionalStringArray(100, TEXT_MAX, { nullable: true, description: 'labels of the customer (null or [] clears them); kept once each' })
  tags?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) title?: string | null;
}

/** Body of POST /customers: the update body plus `managed_externally`. */
export class CreateCustomerDto extends UpdateCustomerDto {
  @ApiPropertyOptional({ type: Boolean, nullable: true, default: false })
  @IsOptional()
  @IsBoolean()
  managed_externally?: boolean | null;
}

/**
 * `metadata` filter: each value is `key=value` (the metadata's `key` reads as that text; numbers
 * and booleans in their JSON spelling) or a bare `key` (the metadata has that key).
 */
export class MetadataFilterDto extends SetFilterDto {
  @ApiProperty({
    type: [String],
    description: '`key=value` (metadata[key] as text equals value) or `key` (metadata has the key); split at the first `=`',
    example: ['crm_id=abc', 'tier'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(1024, { each: true })
  declare values: string[];
}

export class CustomerQueryDto {
  @ApiPropertyOptional({ description: 'case-insensitive' }) @IsOptional() @IsString() email?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exclude_from_metrics?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() managed_externally?: boolean;

  @ApiPropertyOptional({ type: MetadataFilterDto, description: 'AND: every value matches; OR: at least one' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => MetadataFilterDto)
  metadata?: MetadataFilterDto;

  @OwnerIdsFilter('owner_id among the values (OR); AND matches only when every value is the one owner (a customer has one owner_id)')
  owner_ids?: OwnerIdsFilterDto;

  @ApiPropertyOptional({ description: 'exact' }) @IsOptional() @IsString() phone?: string;

  @ApiPropertyOptional({ type: SetFilterDto, description: 'AND: the customer has every tag; OR: at least one' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SetFilterDto)
  tags?: SetFilterDto;

  @ApiPropertyOptional({ description: 'exact' }) @IsOptional() @IsString() title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() identifier?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() org_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() parent_customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() has_parent?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() owner_id?: string;

  @ApiPropertyOptional({ enum: CUSTOMER_STATUSES, description: 'any case' })
  @IsOptional()
  @Transform(upperCase)
  @IsIn(CUSTOMER_STATUSES)
  status?: string;

  @ApiPropertyOptional({
    ...oneOrManySchema(CUSTOMER_STATUSES),
    description: 'any of these (OR), any case; one status alone may be a string',
  })
  @IsOptional()
  @Transform((v) => upperCaseEach({ value: oneOrMany(v) }))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsIn(CUSTOMER_STATUSES, { each: true })
  statuses?: string[];

  @ApiPropertyOptional({ description: 'case-insensitive substring of name, email, identifier or org_name' })
  @IsOptional()
  @IsString()
  search?: string;

  @ApiPropertyOptional({ type: RangeFilterDto, description: 'MRR in cents' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  mrr?: RangeFilterDto;

  @ApiPropertyOptional({ type: RangeFilterDto, description: 'ARR in cents' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  arr?: RangeFilterDto;
}

export const FindCustomersDto = findBodyDto('FindCustomersBody', CustomerQueryDto, BASE_SORT_KEYS);
export type FindCustomersDto = InstanceType<typeof FindCustomersDto>;

// ---- responses ----

export class MoneyResponse {
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: 'integer' }) value_in_cents: number;
}

export class AddressResponse {
  @ApiProperty({ type: String, nullable: true }) address_line_1: string | null;
  @ApiProperty({ type: String, nullable: true }) address_line_2: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ type: String, nullable: true }) place_id: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) zip: string | null;
}

export class DisplayFieldResponse {
  @ApiProperty() name: string;
  @ApiProperty() value: string;
}

export class ChildRollupBillingConfigResponse {
  @ApiProperty({ enum: ROLLUP_FREQUENCIES, nullable: true }) frequency: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) start_date: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) auto_charges: boolean | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) end_date: string | null;
  @ApiProperty({ type: [DisplayFieldResponse], nullable: true }) invoice_additional_display_fields: DisplayFieldResponse[] | null;
  @ApiProperty({ type: 'integer', nullable: true }) invoice_due_date_from_creation: number | null;
}

export class IntegrationReferenceResponse {
  @ApiProperty() integration_icon: string;
  @ApiProperty() integration_id: string;
  @ApiProperty() integration_key: string;
  @ApiProperty() integration_name: string;
  @ApiProperty() reference_type: string;
  @ApiProperty() remote_id: string;
  @ApiProperty() remote_type: string;
}

export class CustomerSummaryResponse {
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) org_name: string | null;
  @ApiProperty({ type: () => CustomerSummaryResponse, nullable: true }) parent_customer: CustomerSummaryResponse | null;
  @ApiProperty({ type: String, nullable: true }) parent_customer_id: string | null;
}

export class CustomerResponse {
  @ApiProperty({ type: AddressResponse, nullable: true }) address: AddressResponse | null;
  @ApiProperty({ type: MoneyResponse }) arr: MoneyResponse;
  @ApiProperty({ type: [String], nullable: true }) billing_emails: string[] | null;
  @ApiProperty() child_rollup_billing: boolean;
  @ApiProperty({ type: ChildRollupBillingConfigResponse, nullable: true })
  child_rollup_billing_config: ChildRollupBillingConfigResponse | null;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: 'array', items: { type: 'object' }, nullable: true, description: 'entitlement assignments' })
  computed_entitlements: Record<string, unknown>[] | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) customer_integration_metadata: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() exclude_from_metrics: boolean;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) identifier: string | null;
  @ApiProperty({ type: [IntegrationReferenceResponse] }) integration_references: Record<string, unknown>[];
  @ApiProperty({ type: String, nullable: true }) locale: string | null;
  @ApiProperty() managed_externally: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata: Record<string, unknown>;
  @ApiProperty({ type: MoneyResponse }) mrr: MoneyResponse;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) org_name: string | null;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    nullable: true,
    description: 'the tax rates ({tax_id}) that replace the automatic ones; [] exempt; null automatic',
  })
  override_taxes: Record<string, unknown>[] | null;
  @ApiProperty({ type: String, nullable: true }) owner_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'printed in the bill-to block of invoices' }) tax_number: string | null;
  @ApiProperty({ type: String, nullable: true }) parent_customer_id: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ enum: CUSTOMER_STATUSES }) status: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
