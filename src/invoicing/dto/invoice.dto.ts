import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
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
import { CustomerResponse, MoneyResponse } from '../../customers/dto/customer.dto';
import { OFFLINE_PROVIDER_TYPES as PROVIDER_TYPES, OfflineProviderType } from '../invoicing.hooks';
import { IsDateTime, IsMoneyCents, MAX_MONEY_CENTS } from '../../platform/validation/limits';

/** Statuses as responses read them (PENDING past its due date reads OVERDUE); filters match case-insensitively. */
export const INVOICE_READ_STATUSES = ['DRAFT', 'PENDING', 'OVERDUE', 'PAID', 'VOID'] as const;
const READ_STATUS = /^(draft|pending|overdue|paid|void)$/i;
const STATUS_PROBLEM = `must be one of ${INVOICE_READ_STATUSES.join(', ')}`;

/** An invoice number: a positive integer, as a JSON number or a string of digits. */
function IsInvoiceNumber(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isInvoiceNumber',
      validator: {
        validate: (v: unknown) =>
          (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^\d{1,15}$/.test(v) && Number(v) > 0),
        defaultMessage: () => 'must be an invoice number (a positive integer)',
      },
    },
    options,
  );
}

/** A `{condition, values}` filter of the invoice search (the reference's find fields). */
function SetFilter(description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: SetFilterDto, description })(target, key);
    IsOptional()(target, key);
    IsObject()(target, key);
    ValidateNested()(target, key);
    Type(() => SetFilterDto)(target, key);
  };
}

export class InvoiceQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() auto_charges?: boolean;
  @ApiPropertyOptional({ description: 'true: leaves out invoices whose total is 0; false: no filter' })
  @IsOptional()
  @IsBoolean()
  hide_zero?: boolean;
  @ApiPropertyOptional({
    description:
      'Tally e-mails no invoice itself: an invoice counts as sent once it is finalized (issued with its number and hosted link); ' +
      'true: finalized (PENDING, OVERDUE, PAID, or voided after finalizing), false: never finalized (DRAFT, or a voided draft)',
  })
  @IsOptional()
  @IsBoolean()
  invoice_sent?: boolean;
  @ApiPropertyOptional({ description: "the customer's managed_externally" }) @IsOptional() @IsBoolean() managed_externally?: boolean;
  @OwnerIdsFilter("the customer's owner_id among the values (OR); AND only when every value is that one owner")
  owner_ids?: OwnerIdsFilterDto;
  @SetFilter(
    'payment method ids (pm_…): the invoice belongs to a subscription that names one of them (OR) as its payment_method_id; ' +
      "invoices of subscriptions on the customer's default card and one-time invoices do not match",
  )
  payment_methods?: SetFilterDto;
  @SetFilter('products of the invoice lines: AND every product, OR one')
  product_ids?: SetFilterDto;
  @SetFilter('product pricings of the invoice lines: AND every pricing, OR one')
  product_pricing_ids?: SetFilterDto;
  @SetFilter('tags of the product pricings of the invoice lines: AND every tag, OR one')
  product_pricing_tags?: SetFilterDto;
  @SetFilter('tags of the products of the invoice lines: AND every tag, OR one')
  product_tags?: SetFilterDto;

  @ApiPropertyOptional({ description: 'customer id or identifier' }) @IsOptional() @IsString() @MaxLength(255) customer_id?: string;
  @ApiPropertyOptional({ description: 'the customer billed (a parent for parent-billed subscriptions): id or identifier' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  billed_customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) subscription_id?: string;

  @ApiPropertyOptional({
    enum: INVOICE_READ_STATUSES,
    description: 'as responses read it: OVERDUE is PENDING past due_date, PENDING is not past it',
  })
  @IsOptional()
  @IsString()
  @Matches(READ_STATUS, { message: STATUS_PROBLEM })
  status?: string;

  @ApiPropertyOptional({ ...oneOrManySchema(INVOICE_READ_STATUSES), description: 'any of these (OR); one status alone may be a string' })
  @IsOptional()
  @Transform(oneOrMany)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @Matches(READ_STATUS, { each: true, message: STATUS_PROBLEM })
  statuses?: string[];

  @ApiPropertyOptional({ example: 'USD' }) @IsOptional() @IsString() @MaxLength(3) currency?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'the invoice number' })
  @IsOptional()
  @IsInvoiceNumber()
  invoice_number?: number | string;

  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsString() @MaxLength(64) uuid?: string;

  @ApiPropertyOptional({ description: 'case-insensitive substring of the number, the name, or the customer name, identifier or e-mail' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;

  @ApiPropertyOptional({ type: RangeFilterDto, description: 'tax_amount in cents' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  tax_amount?: RangeFilterDto;
  @ApiPropertyOptional({ description: 'true: only invoices with a tax (tax_amount ≠ 0); false: only invoices without' })
  @IsOptional()
  @IsBoolean()
  has_tax?: boolean;
  @ApiPropertyOptional({ type: RangeFilterDto, description: 'cents' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  total?: RangeFilterDto;
  @ApiPropertyOptional({ type: RangeFilterDto, description: 'cents' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  due?: RangeFilterDto;
  @ApiPropertyOptional({ type: RangeFilterDto, description: 'cents' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RangeFilterDto)
  paid?: RangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  invoice_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  due_date?: DateRangeFilterDto;
  @ApiPropertyOptional({ type: DateRangeFilterDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  paid_date?: DateRangeFilterDto;
}

export const FindInvoicesDto = findBodyDto('FindInvoicesBody', InvoiceQueryDto, BASE_SORT_KEYS);
export type FindInvoicesDto = InstanceType<typeof FindInvoicesDto>;

export class UpdateInvoiceDto {
  @ApiPropertyOptional({ type: String, nullable: true, format: 'date-time', description: 'not before invoice_date' })
  @IsOptional()
  @IsDateTime()
  due_date?: string | null;

  @OptionalMetadata({ description: 'replaces the metadata (null clears it)' }) metadata?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(10_000) notes?: string | null;
}

/** POST /invoices/{uuid}/void takes no fields: no body, or an empty object. */
export class VoidInvoiceDto {}

export class PaymentAmountDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'USD', description: "must be the invoice's currency (defaults to it)" })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 currency code in upper case (e.g. USD)' })
  currency?: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_MONEY_CENTS,
    example: 1000,
    description: 'integer cents > 0, at most the amount due',
  })
  @IsMoneyCents(1)
  value_in_cents: number;
}

export class MarkInvoicePaidDto {
  @ApiProperty({ type: PaymentAmountDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => PaymentAmountDto)
  amount: PaymentAmountDto;

  @ApiProperty({ enum: PROVIDER_TYPES })
  @IsDefined()
  @IsIn(PROVIDER_TYPES)
  provider_type: OfflineProviderType;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'e.g. the transaction or cheque number' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  notes?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'default: now' })
  @IsOptional()
  @IsDateTime()
  paid_date?: string | null;
}

export class InvoicePeriodResponse {
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) start_date: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) end_date: string | null;
}

export class InvoiceLineTaxResponse {
  @ApiProperty({ description: 'tax_…' }) tax_id: string;
  @ApiProperty({ type: Number, description: 'percent, as the rate had it when the invoice was written' }) percentage: number;
  @ApiProperty({ description: "true: the line's amount holds this tax" }) inclusive: boolean;
  @ApiProperty({ type: MoneyResponse }) amount: MoneyResponse;
}

export class InvoiceTaxDetailResponse {
  @ApiProperty({ description: 'tax_…' }) tax_id: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: Number }) percentage: number;
  @ApiProperty() inclusive: boolean;
  @ApiProperty({
    type: MoneyResponse,
    description: "the lines' amount the rate was taken on (after discounts; net of the tax for an inclusive rate)",
  })
  taxable_amount: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) amount: MoneyResponse;
}

export class InvoiceDisplayFieldResponse {
  @ApiProperty() name: string;
  @ApiProperty() value: string;
}

export class InvoiceLineResponse {
  @ApiProperty() position: number;
  @ApiProperty({ description: 'CHARGE, BASE, MINIMUM_SPEND, DISCOUNT, CREDIT, ...' }) kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: InvoicePeriodResponse, nullable: true }) period: InvoicePeriodResponse | null;
  @ApiProperty({ type: Number, nullable: true }) quantity: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'cents, may be fractional' }) unit_price: number | null;
  @ApiProperty({ type: MoneyResponse }) amount: MoneyResponse;
  @ApiProperty() prorated: boolean;
  @ApiProperty({ type: String, nullable: true }) product_pricing_id: string | null;
  @ApiProperty({ type: String, nullable: true }) product_metric_pricing_id: string | null;
  @ApiProperty({ type: String, nullable: true }) item_id: string | null;
  @ApiProperty({ type: String, nullable: true }) one_time_id: string | null;
  @ApiProperty({ type: MoneyResponse, description: "Σ of the line's taxes (docs/billing-rules.md#taxes)" }) tax_amount: MoneyResponse;
  @ApiProperty({ type: [InvoiceLineTaxResponse], description: 'one per rate applied to the line' }) taxes: InvoiceLineTaxResponse[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'on a roll-up invoice: the child customer the line was charged for (null on any other invoice)',
  })
  customer_id: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'on a roll-up invoice: the subscription of the child the line comes from (null on any other invoice)',
  })
  subscription_id: string | null;
}

/** The spec's Invoice, with its lines (`items`). */
export class InvoiceResponse {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ description: 'internal id (inv_…); the API addresses invoices by uuid' }) id: string;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: Number, nullable: true }) number: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'the number as the company formats it (settings invoice_number_prefix, _digits, _sequence), frozen when numbered; ' +
      'the plain number when no format is set. The hosted page, PDF and e-mails show it',
    example: 'ACME-2028-0001',
  })
  formatted_number: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ enum: INVOICE_READ_STATUSES }) status: string;
  @ApiProperty() customer_id: string;
  @ApiProperty() billed_customer_id: string;
  @ApiProperty({ type: CustomerResponse, nullable: true }) customer: unknown;
  @ApiProperty({
    type: CustomerResponse,
    nullable: true,
    description:
      'the customer who pays the invoice (billed_customer_id), expanded: the customer itself, or its parent for a parent-billed subscription',
  })
  billed_customer: unknown;
  @ApiProperty({ type: String, nullable: true }) subscription_id: string | null;
  @ApiProperty({ type: String, nullable: true }) currency: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) invoice_date: string | null; // never null in an answer
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) period_start: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) period_end: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) due_date: string | null; // never null in an answer
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paid_date: string | null;
  @ApiProperty({ type: MoneyResponse, description: 'before discounts and credits' }) sub_total: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) discount_total: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) credits_applied: MoneyResponse;
  @ApiProperty({ type: MoneyResponse, description: 'sub_total − discount_total + exclusive taxes − credits_applied' }) total: MoneyResponse;
  @ApiProperty({ type: MoneyResponse, description: "Σ of the lines' taxes, inclusive ones included (only exclusive ones add to total)" })
  tax_amount: MoneyResponse;
  @ApiProperty({ type: [InvoiceTaxDetailResponse], description: 'one entry per rate on the invoice' })
  tax_details: InvoiceTaxDetailResponse[];
  @ApiProperty({ type: MoneyResponse }) paid: MoneyResponse;
  @ApiProperty({ type: MoneyResponse, description: 'total − paid, never below 0' }) due: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) prorated_amount: MoneyResponse;
  @ApiProperty() auto_charges: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'the hosted invoice page (secret link, no token needed); null on a DRAFT' })
  hosted_link: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the invoice as a PDF (secret link); null on a DRAFT' })
  pdf_link: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({
    type: [InvoiceDisplayFieldResponse],
    description:
      "the additional facts the invoice's page and PDF show: its subscription's invoice_additional_display_fields (a roll-up: its parent's child_rollup_billing_config's) as they were when it was written, or finalized for a usage draft",
  })
  display_fields: InvoiceDisplayFieldResponse[];
  @ApiProperty({ type: [InvoiceLineResponse] }) items: InvoiceLineResponse[];
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string | null; // never null in an answer
  @ApiProperty({ type: String, format: 'date-time' }) updated_at: string | null; // never null in an answer
}

/** `GET /invoices/{uuid}/link`: the invoice's hosted page (the same URL as its `hosted_link`). */
export class InvoiceLinkResponse {
  @ApiProperty({
    description: 'the hosted invoice page: a secret link (no token needed) that never expires; its PDF is this URL + /pdf',
    example: 'https://billing.example.com/invoices/pay/cmp_01jz3k4m5n6p7q8r9s0t1v2w3x_Vq3…',
  })
  url: string;
  @ApiProperty({ description: 'the same URL, under the name the reference uses' }) link: string;
}

/** #7, the preview of the next invoice: an invoice not written yet, so `uuid`, `id` (and `number`) are null. */
export class InvoicePreviewResponse extends OmitType(InvoiceResponse, ['uuid', 'id'] as const) {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: the invoice is not written yet' }) uuid: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'null: the invoice is not written yet' }) id: string | null;
}
