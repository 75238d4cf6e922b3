import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DEFAULT_ACCENT_COLOR, DISPLAY_NAME_MAX, FRAME_ANCESTORS_MAX, TAX_NUMBER_MAX } from './company-settings.rules';

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
}

/** A company's settings, every key with its value or default. */
export class CompanySettingsResponse {
  @ApiProperty({ example: 'cmp_01jz3k4m5n6p7q8r9s0t1v2w3x' }) company_id: string;
  @ApiProperty({ description: 'shown on the hosted pages and PDFs (default the company name)' }) display_name: string;
  @ApiProperty({ type: String, nullable: true }) support_email: string | null;
  @ApiProperty({ type: String, nullable: true }) tax_number: string | null;
  @ApiProperty({ example: DEFAULT_ACCENT_COLOR }) accent_color: string;
  @ApiProperty() portal_cancel_enabled: boolean;
  @ApiProperty({ description: 'the customer portal offers changing seat quantities (see the request field)' })
  portal_quantity_changes_enabled: boolean;
  @ApiProperty({ type: [String] }) usage_page_frame_ancestors: string[];
  @ApiProperty({ type: 'integer' }) invoice_grace_period_seconds: number;
  @ApiProperty({ type: [Number] }) payment_retry_days: number[];
  @ApiProperty() email_invoice_finalized: boolean;
  @ApiProperty() email_payment_receipt: boolean;
  @ApiProperty() email_refund_receipt: boolean;
  @ApiProperty() email_payment_failed: boolean;
}
