import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  Matches,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto, oneOrMany, oneOrManySchema } from '../../platform/search/find-body.dto';
import { CompanyRecordResponse } from '../../platform/company-record.mapper';
import { MoneyResponse, TermDto, TermResponse } from '../../catalog/dto/common.dto';
import { ProductPricingResponse } from '../../catalog/dto/pricing.dto';
import { CustomerResponse } from '../../customers/dto/customer.dto';
import { ConfigItemDto, ConfigItemResponse, DiscountInputDto, OnetimeItemDto } from '../../subscriptions/dto/subscription.dto';
import { CONTRACT_STATUSES } from '../contract.entity';
import { IsDateTime } from '../../platform/validation/limits';
import { CompletionOptionsDto, CompletionOptionsResponse } from '../../platform/hosted-pages/completion-options';
import { IsDisplayText } from '../../platform/validation/display-text';

export const CREATE_STATUSES = ['DRAFT', 'PENDING_SIGNATURES'] as const;
export const PATCH_STATUSES = ['DRAFT', 'PENDING_SIGNATURES', 'VOID'] as const;
const MAX_SIGNATORIES = 50;

/** A signatory as given on creation. */
export class SignatoryInputDto {
  @ApiProperty({ description: 'unique within the contract (case-insensitive)' })
  @IsEmail({}, { message: 'must be an e-mail address' })
  @MaxLength(320)
  email: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(255) name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(255) title?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 1, description: 'signing order; default: place in the list (1, 2, ...)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  position?: number | null;
}

/**
 * A signatory in #16: replaces the list; an entry whose e-mail matches an existing signatory
 * keeps its signature state. `signed: true` signs (signed_date = now unless given),
 * `declined: true` declines; false never withdraws a signature or a refusal.
 * `signature_link` and `view_timestamps` are the service's own and ignored on input.
 */
export class SignatoryPatchDto extends SignatoryInputDto {
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() declined?: boolean | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'reference of the signature (kept as given)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  signature_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'ignored: the service builds the link' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  signature_link?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() signed?: boolean | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) @IsOptional() @IsDateTime() signed_date?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'ignored: a signature binds the terms current when it is given' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  terms_digest?: string | null;
  @ApiPropertyOptional({ nullable: true, type: [String], description: 'ignored: recorded by the signing page' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsDateTime({ each: true })
  view_timestamps?: string[] | null;
}

export class CreateContractDto {
  @ApiProperty({ description: 'customer id or identifier' }) @IsString() @MaxLength(255) customer_id: string;
  @ApiPropertyOptional({
    type: String,
    enum: ['CONTRACT'],
    nullable: true,
    description: "the reference's proposal type: CONTRACT (checkout sessions are made by POST /checkout)",
  })
  @IsOptional()
  @IsIn(['CONTRACT'], { message: 'must be CONTRACT (checkout sessions are created with POST /checkout)' })
  type?: 'CONTRACT' | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      "a contract template (POST /contract_templates): its content becomes the contract's, and custom_variables fill its " +
      'variables (defaults for those left out; one without default is required). Not together with content',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template_id?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: CompletionOptionsDto,
    description:
      'what the signing page does once a signatory has signed: completion_action REDIRECT answers a 303 to redirect_url ' +
      '(an absolute http(s) URL; the page lets its form lead to that origin), else the page shows confirmation_message ' +
      'in place of its own text; requires_customer_address makes the page ask for a billing address, saved on the ' +
      'customer with the signature. allow_promo_code true is a 400 (Tally has no promotion codes)',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CompletionOptionsDto)
  options?: CompletionOptionsDto | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description:
      'the signing page takes a card (a sandbox token) before a signature counts, until one signatory has given one: ' +
      'a signature without it is refused on the page. The card is attached to the customer and the subscription the ' +
      'contract starts is charged to it automatically (auto_charges on). Signatures recorded through the API do not ask for one',
  })
  @IsOptional()
  @IsBoolean()
  requires_payment_method?: boolean | null;
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description: 'the subscription created when the contract executes starts with a trial of trial_term (required with it)',
  })
  @IsOptional()
  @IsBoolean()
  trial?: boolean | null;
  @ApiPropertyOptional({ type: TermDto, nullable: true, description: 'the trial length (with trial: true)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TermDto)
  trial_term?: TermDto | null;
  @ApiProperty() @IsString() @MaxLength(500) title: string;

  @ApiPropertyOptional({ nullable: true, type: [SignatoryInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SIGNATORIES)
  @ValidateNested({ each: true })
  @Type(() => SignatoryInputDto)
  signatories?: SignatoryInputDto[] | null;

  @ApiPropertyOptional({ nullable: true, type: [String], description: 'exactly one of product_pricing_ids and bundle_pricing_id' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  product_pricing_ids?: string[] | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(64) bundle_pricing_id?: string | null;

  @ApiPropertyOptional({ nullable: true, type: [ConfigItemDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ConfigItemDto)
  config_items?: ConfigItemDto[] | null;

  @ApiPropertyOptional({
    nullable: true,
    type: TermDto,
    description: "default: the bundle's term, else the first recurring price's period",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => TermDto)
  term?: TermDto | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'start of the subscription (default: when executed); may be in the future',
  })
  @IsOptional()
  @IsDateTime()
  start_date?: string | null;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'unsigned after this instant, the contract is EXPIRED',
  })
  @IsOptional()
  @IsDateTime()
  expiration_date?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Boolean, default: true }) @IsOptional() @IsBoolean() auto_renews?: boolean | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, default: false }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;

  @ApiPropertyOptional({ nullable: true, type: [DiscountInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => DiscountInputDto)
  discounts?: DiscountInputDto[] | null;

  @ApiPropertyOptional({ nullable: true, type: [OnetimeItemDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => OnetimeItemDto)
  onetime_items?: OnetimeItemDto[] | null;

  @ApiPropertyOptional({ nullable: true, type: Object, description: 'values for {{name}} placeholders of content' })
  @IsOptional()
  @IsObject()
  custom_variables?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'the text of the contract (plain text)' })
  @IsOptional()
  @IsString()
  @MaxLength(200_000)
  content?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(255) owner_id?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: CREATE_STATUSES, default: 'DRAFT' }) @IsOptional() @IsIn(CREATE_STATUSES) status?:
    (typeof CREATE_STATUSES)[number] | null;
}

/** #16 update contract. */
export class UpdateContractDto {
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() auto_charges?: boolean | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean }) @IsOptional() @IsBoolean() auto_renews?: boolean | null;
  @ApiPropertyOptional({ type: Object, nullable: true }) @IsOptional() @IsObject() custom_variables?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) @IsOptional() @IsDateTime() expiration_date?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(255) owner_id?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: [SignatoryPatchDto],
    description: 'replaces the list (entries matched by e-mail keep their signature state)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SIGNATORIES)
  @ValidateNested({ each: true })
  @Type(() => SignatoryPatchDto)
  signatories?: SignatoryPatchDto[] | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) @IsOptional() @IsDateTime() start_date?: string | null;
  @ApiPropertyOptional({ type: TermDto, nullable: true, description: "null: the plan's default term" })
  @IsOptional()
  @ValidateNested()
  @Type(() => TermDto)
  term?: TermDto | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(500) title?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    enum: PATCH_STATUSES,
    description: 'DRAFT → PENDING_SIGNATURES; DRAFT or PENDING_SIGNATURES → VOID',
  })
  @IsOptional()
  @IsIn(PATCH_STATUSES)
  status?: (typeof PATCH_STATUSES)[number] | null;
}

export class ContractQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) customer_id?: string;
  @ApiPropertyOptional({ enum: CONTRACT_STATUSES, description: 'case-insensitive; EXPIRED is derived from expiration_date' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  status?: string;
  @ApiPropertyOptional({ ...oneOrManySchema(), description: 'any of these statuses (case-insensitive); one status alone may be a string' })
  @IsOptional()
  @Transform(oneOrMany)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  @IsString({ each: true })
  statuses?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) owner_id?: string;
  @ApiPropertyOptional({ description: 'the contract charges its invoices automatically' })
  @IsOptional()
  @IsBoolean()
  auto_charges?: boolean;
  @ApiPropertyOptional({ description: 'the contract renews at the end of its term' }) @IsOptional() @IsBoolean() auto_renews?: boolean;
  @ApiPropertyOptional({
    enum: ['CONTRACT', 'CHECKOUT_SESSION'],
    description:
      "the proposal's type, any case: every record this search finds is a CONTRACT, so CONTRACT matches all and CHECKOUT_SESSION " +
      'none (checkout sessions are read with GET /checkout/{id})',
  })
  @IsOptional()
  @IsString()
  @Matches(/^(contract|checkout_session)$/i, { message: 'must be CONTRACT or CHECKOUT_SESSION (any case)' })
  type?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of the title or the customer name / organisation' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}

export const FindContractsDto = findBodyDto('FindContractsBody', ContractQueryDto, BASE_SORT_KEYS);
export type FindContractsDto = InstanceType<typeof FindContractsDto>;

// ------------------------------------------------------------------ responses

export class SignatoryResponse {
  @ApiProperty() declined: boolean;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty() position: number;
  @ApiProperty({ type: String, nullable: true }) signature_id: string | null;
  @ApiProperty({ description: "absolute link of this signatory's hosted signing page" }) signature_link: string;
  @ApiProperty() signed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) signed_date: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "digest of the terms this signature signed (the contract's terms_digest at the time); null while not signed",
  })
  terms_digest: string | null;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty({ type: [String], format: 'date-time' }) view_timestamps: string[];
}

export class ContractResponse {
  @ApiProperty({
    type: MoneyResponse,
    description: 'annual contract value: recurring charges for the configured quantities over 12 months, after discounts',
  })
  acv: MoneyResponse;
  @ApiProperty() auto_charges: boolean;
  @ApiProperty() auto_renews: boolean;
  @ApiProperty({ type: Object, nullable: true, description: 'the bundle, expanded' }) bundle_pricing: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) bundle_pricing_id: string | null;
  @ApiProperty({
    type: [Object],
    description: 'its signature reminder campaigns, one per signatory, each as GET /campaigns/{id} answers it (type SIGNATURE_REMINDER)',
  })
  campaigns: Record<string, unknown>[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) change_custom_date: string | null;
  @ApiProperty({ type: String, nullable: true }) change_proration_type: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) change_reset_billing_anchor: boolean | null;
  @ApiProperty({ type: String, nullable: true }) change_timing: string | null;
  @ApiProperty({ type: CompanyRecordResponse }) company: CompanyRecordResponse;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_date: string | null;
  @ApiProperty({ type: [ConfigItemResponse] }) config_items: ConfigItemResponse[];
  @ApiProperty({ type: String, nullable: true, description: 'the text of the contract, with its {{variable}} placeholders' })
  content: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'the text of the template the contract was made from (template_id), with its placeholders; null without template',
  })
  content_template: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'content with custom_variables filled in (what the signing page shows); null without content',
  })
  rendered_content: string | null;
  @ApiProperty({ type: String, nullable: true }) template_id: string | null;
  @ApiProperty({ enum: ['CONTRACT'] }) type: string;
  @ApiProperty({ type: CompletionOptionsResponse, nullable: true, description: 'as given, defaults filled; see the request field' })
  options: CompletionOptionsResponse | null;
  @ApiProperty({ description: 'the signing page takes a card before a signature counts (see the request field)' })
  requires_payment_method: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the card given on the signing page (one of the customer's payment methods); the subscription is charged to it",
  })
  payment_method_id: string | null;
  @ApiProperty() trial: boolean;
  @ApiProperty({ type: TermResponse, nullable: true }) trial_term: TermResponse | null;
  @ApiProperty({ type: [Object] }) contract_attachments: Record<string, unknown>[];
  @ApiProperty({ type: [Object] }) counter_signatories: Record<string, unknown>[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: Object }) custom_variables: Record<string, unknown>;
  @ApiProperty({ type: CustomerResponse }) customer: CustomerResponse;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: [Object] }) discounts: Record<string, unknown>[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiration_date: string | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ type: [Object] }) onetime_items: Record<string, unknown>[];
  @ApiProperty({ type: String, nullable: true }) owner_id: string | null;
  @ApiProperty({ type: [String] }) product_pricing_ids: string[];
  @ApiProperty({ type: [ProductPricingResponse] }) product_pricings: ProductPricingResponse[];
  @ApiProperty({ type: [SignatoryResponse] }) signatories: SignatoryResponse[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) start_date: string | null;
  @ApiProperty({ enum: CONTRACT_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true, description: 'the subscription created when the contract was executed' }) subscription_id:
    string | null;
  @ApiProperty({ type: TermResponse }) term: TermResponse;
  @ApiProperty({
    description:
      "`sha256:<hex>` of the contract's current terms (customer, plan and quantities, the prices of its pricings, term, " +
      'start_date, auto_renews, auto_charges, discounts, one-time items, content, custom_variables); ' +
      'the contract executes only when every signature carries this digest',
  })
  terms_digest: string;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
