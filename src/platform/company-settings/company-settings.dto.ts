import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import {
  DEFAULT_ACCENT_COLOR,
  DISPLAY_NAME_MAX,
  DUNNING_ACTIONS,
  DUNNING_STEPS_MAX,
  FRAME_ANCESTORS_MAX,
  TAX_NUMBER_MAX,
  type DunningAction,
} from './company-settings.rules';
import { INVOICE_NUMBER_DIGITS_MAX, INVOICE_NUMBER_PREFIX_MAX, INVOICE_NUMBER_SEQUENCES } from './invoice-number-format';
/** A company's postal address (checked by `checkCompanyAddress`, company-address.ts). */
export class CompanyAddressDto {
  @ApiProperty({ maxLength: 200, example: '1 Main St' }) address_line_1?: string;
  @ApiPropertyOptional({ maxLength: 200, example: 'Suite 200' }) address_line_2?: string;
  @ApiProperty({ maxLength: 200, example: 'Arlington' }) city?: string;
  @ApiPropertyOptional({ maxLength: 200, example: 'VA' }) state?: string;
  @ApiPropertyOptional({ maxLength: 200, example: '22201' }) zip?: string;
  @ApiProperty({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2', example: 'US' }) country?: string;
}

/** One step of a dunning campaign. */
export class DunningStepDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 365,
    description:
      "days after the campaign's reference (the first declined automatic charge, else the invoice's due date) when the step runs",
  })
  days_after_due: number;

  @ApiProperty({
    enum: DUNNING_ACTIONS,
    description:
      'EMAIL_REMINDER and FINAL_NOTICE e-mail the billed customer; RETRY_PAYMENT charges the card again; ' +
      "MARK_UNPAID flags the invoice's subscription unpaid; CANCEL_SUBSCRIPTION cancels it at once (no refund)",
  })
  action_type: DunningAction;
}

/**
 * Body of PATCH /companies/{company_id}/settings: every key optional; `null` puts the default
 * back. The checks themselves are `validateSettingsPatch` (company-settings.rules.ts), shared
 * with the command line.
 */
export class UpdateCompanySettingsDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: DISPLAY_NAME_MAX,
    description: 'the name the hosted pages and PDFs show; null = the company name',
    example: 'Acme Cloud',
  })
  @IsOptional()
  display_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', description: 'shown to customers on the pages and PDFs' })
  @IsOptional()
  support_email?: string | null;

  @ApiPropertyOptional({
    type: CompanyAddressDto,
    nullable: true,
    description:
      "the company's postal address, shown in the issuer block of the invoice page and PDF as its country writes it; " +
      'address_line_1, city and country (ISO 3166-1 alpha-2) required; null = none',
  })
  @IsOptional()
  address?: CompanyAddressDto | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: TAX_NUMBER_MAX,
    description: "the company's tax number (VAT id, EIN…), printed in the issuer block of the invoice page and PDF; null = none",
    example: 'GB123456789',
  })
  @IsOptional()
  tax_number?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^#[0-9a-fA-F]{6}$',
    description: `accent colour of the pages (#rrggbb); white text on it must reach a 4.5:1 contrast; null = ${DEFAULT_ACCENT_COLOR}`,
    example: '#0f766e',
  })
  @IsOptional()
  accent_color?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'the customer portal offers cancelling at period end (default false)',
  })
  @IsOptional()
  portal_cancel_enabled?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      'the customer portal lets a customer change the quantity of a seat (licence) price of their subscription, within its ' +
      'quantity_config (min_quantity, else 1; max_quantity; not when allow_custom_quantity is false), as an immediate change ' +
      'prorated on an invoice of its own (proration_type IMMEDIATE, as POST /subscriptions/{id}/change makes it); default false',
  })
  @IsOptional()
  portal_quantity_changes_enabled?: boolean | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    maxItems: FRAME_ANCESTORS_MAX,
    description: 'origins (https://host[:port]) allowed to embed the usage page in a frame; default none',
    example: ['https://app.example.com'],
  })
  @IsOptional()
  usage_page_frame_ancestors?: string[] | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 2678400,
    description: 'seconds a usage invoice stays DRAFT after its billing date (default 3600)',
  })
  @IsOptional()
  invoice_grace_period_seconds?: number | null;

  @ApiPropertyOptional({
    type: [Number],
    nullable: true,
    maxItems: 20,
    description: 'increasing days (1–365) after the first failed charge to retry it (default [1, 3, 5]; [] = no retries)',
  })
  @IsOptional()
  payment_retry_days?: number[] | null;

  @ApiPropertyOptional({
    type: [DunningStepDto],
    nullable: true,
    maxItems: DUNNING_STEPS_MAX,
    description:
      'the steps of a dunning campaign, in order of days_after_due; when set, an invoice past its due date starts a campaign too. ' +
      'null (default) = the campaign of payment_retry_days: RETRY_PAYMENT on each of its days, then MARK_UNPAID on the last, ' +
      'started by a declined automatic charge only; [] = no campaigns',
  })
  @IsOptional()
  dunning_steps?: DunningStepDto[] | null;

  @ApiPropertyOptional({
    type: [Number],
    nullable: true,
    maxItems: 20,
    description:
      'increasing days (1–365) after a signature request to remind each signatory who has not signed (default [3, 7]; [] = no reminders)',
  })
  @IsOptional()
  signature_reminder_days?: number[] | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'e-mail each finalized invoice, PDF attached, to the billed customer (Cc its billing_emails); default true',
  })
  @IsOptional()
  email_invoice_finalized?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'e-mail a receipt when a payment succeeds (card, hosted page, mark_paid); default true',
  })
  @IsOptional()
  email_payment_receipt?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'e-mail a receipt when a refund succeeds; default true' })
  @IsOptional()
  email_refund_receipt?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'e-mail the customer, with the link to pay, when an automatic charge is declined; default true',
  })
  @IsOptional()
  email_payment_failed?: boolean | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 64,
    description:
      'IANA time zone (e.g. Europe/Paris) that places the billing dates of subscriptions created from now on (monthly on the ' +
      '1st = 00:00 on the 1st there; a subscription keeps the zone it was created in) and in which invoice and due dates are ' +
      'shown on the hosted pages, PDFs and e-mails; an unknown zone is a 400; null = UTC',
    example: 'Europe/Paris',
  })
  @IsOptional()
  preferred_timezone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: INVOICE_NUMBER_PREFIX_MAX,
    pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$',
    description:
      'written before the sequence of each invoice numbered from now on ("ACME-2028-" gives ACME-2028-0001); ' +
      'numbers already given keep how they read; default none',
    example: 'ACME-2028-',
  })
  @IsOptional()
  invoice_number_prefix?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: INVOICE_NUMBER_DIGITS_MAX,
    description: 'the sequence is zero-padded to this many digits (a longer sequence is never cut); default none',
    example: 4,
  })
  @IsOptional()
  invoice_number_digits?: number | null;

  @ApiPropertyOptional({
    enum: INVOICE_NUMBER_SEQUENCES,
    nullable: true,
    description:
      'COMPANY (default): the company-wide gapless sequence (the invoice `number`); CUSTOMER: a gapless sequence per billed ' +
      'customer from 1, the number carrying a 6-character tag of the customer ("ACME-7QX2KD-0001")',
  })
  @IsOptional()
  invoice_number_sequence?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'e-mail each signatory their signing link when a contract awaits signatures, and the reminders; default true',
  })
  @IsOptional()
  email_signature_request?: boolean | null;
}

/** A company's settings, every key with its value or default. */
export class CompanySettingsResponse {
  @ApiProperty({ example: 'cmp_01jz3k4m5n6p7q8r9s0t1v2w3x' }) company_id: string;
  @ApiProperty({ description: 'shown on the hosted pages and PDFs (default the company name)' }) display_name: string;
  @ApiProperty({ type: String, nullable: true }) support_email: string | null;
  @ApiProperty({ type: CompanyAddressDto, nullable: true }) address: CompanyAddressDto | null;
  @ApiProperty({ type: String, nullable: true }) tax_number: string | null;
  @ApiProperty({ example: DEFAULT_ACCENT_COLOR }) accent_color: string;
  @ApiProperty() portal_cancel_enabled: boolean;
  @ApiProperty({ description: 'the customer portal offers changing seat quantities (see the request field)' })
  portal_quantity_changes_enabled: boolean;
  @ApiProperty({ type: [String] }) usage_page_frame_ancestors: string[];
  @ApiProperty({ type: 'integer' }) invoice_grace_period_seconds: number;
  @ApiProperty({ type: [Number] }) payment_retry_days: number[];
  @ApiProperty({ type: [DunningStepDto], nullable: true, description: 'null: the campaign of payment_retry_days' })
  dunning_steps: DunningStepDto[] | null;
  @ApiProperty() email_invoice_finalized: boolean;
  @ApiProperty() email_payment_receipt: boolean;
  @ApiProperty() email_refund_receipt: boolean;
  @ApiProperty() email_payment_failed: boolean;
  @ApiProperty({ example: 'UTC', description: 'IANA time zone of billing dates and of the dates customers see (default UTC)' })
  preferred_timezone: string;
  @ApiProperty({ type: String, nullable: true }) invoice_number_prefix: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) invoice_number_digits: number | null;
  @ApiProperty({ enum: INVOICE_NUMBER_SEQUENCES }) invoice_number_sequence: string;
  @ApiProperty() email_signature_request: boolean;
  @ApiProperty({ type: [Number] }) signature_reminder_days: number[];
}
