import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CustomerSummaryResponse, MoneyResponse } from '../../customers/dto/customer.dto';
import { findBodyDto } from '../../platform/search/find-body.dto';
import { DUNNING_ACTIONS } from '../../platform/company-settings/company-settings.rules';
import { CAMPAIGN_STATUSES, CAMPAIGN_STEP_STATUSES, CAMPAIGN_TYPES } from '../campaigns/campaign.entity';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../notification.entity';

/** The body of POST /campaigns/{id}/stop: nothing (an empty object or none; any field is a 400). */
export class CampaignActionBodyDto {}

export class CampaignQueryDto {
  @ApiPropertyOptional({ description: 'the campaign of this invoice (its id)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  invoice_id?: string;
  @ApiPropertyOptional({ description: "this customer's campaigns" }) @IsOptional() @IsString() @MaxLength(64) customer_id?: string;
  @ApiPropertyOptional({ description: "this contract's campaigns" }) @IsOptional() @IsString() @MaxLength(64) contract_id?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_STATUSES }) @IsOptional() @IsIn(CAMPAIGN_STATUSES) status?: string;
  @ApiPropertyOptional({ enum: CAMPAIGN_TYPES }) @IsOptional() @IsIn(CAMPAIGN_TYPES) type?: string;
}

export const FindCampaignsDto = findBodyDto('FindCampaignsBody', CampaignQueryDto, ['createdAtDesc', 'createdAtAsc']);
export type FindCampaignsDto = InstanceType<typeof FindCampaignsDto>;

/** The message a step queued, as the notification log holds it. */
export class CampaignNotificationLogResponse {
  @ApiProperty() id: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) notification_type: string;
  @ApiProperty({ enum: NOTIFICATION_STATUSES }) status: string;
  @ApiProperty() subject: string;
  @ApiProperty({ type: [String] }) to: string[];
  @ApiProperty({ type: [String] }) cc: string[];
}

/** The charge a RETRY_PAYMENT step queued, once it has settled. */
export class CampaignPaymentTransactionResponse {
  @ApiProperty() id: string;
  @ApiProperty() provider_type: string;
  @ApiProperty() status: string;
  @ApiProperty() transaction_type: string;
  @ApiProperty({ type: MoneyResponse }) total_amount: MoneyResponse;
  @ApiProperty({ type: MoneyResponse }) total_amount_default_currency: MoneyResponse;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CampaignStepResponse {
  @ApiProperty() id: string;
  @ApiProperty({ type: 'integer' }) step_number: number;
  @ApiProperty({ enum: [...DUNNING_ACTIONS, 'SIGNATURE_REMINDER'] }) action_type: string;
  @ApiProperty({
    enum: CAMPAIGN_STEP_STATUSES,
    description:
      'PENDING (not due yet), RUNNING (a cancellation under way), COMPLETED, SKIPPED (nothing to act on: see note), CANCELLED (the campaign stopped first)',
  })
  status: string;
  @ApiProperty({ format: 'date-time', description: 'when the step is due' }) due_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'when the step ran' }) enqueued_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) completed_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'why a step was skipped' }) note: string | null;
  @ApiProperty({ type: CampaignNotificationLogResponse, nullable: true }) notification_log: CampaignNotificationLogResponse | null;
  @ApiProperty({ type: CampaignPaymentTransactionResponse, nullable: true })
  payment_transaction: CampaignPaymentTransactionResponse | null;
}

export class CampaignInvoiceResponse {
  @ApiProperty() id: string;
  @ApiProperty() uuid: string;
  @ApiProperty({ type: 'integer', nullable: true }) number: number | null;
  @ApiProperty() status: string;
  @ApiProperty({ type: MoneyResponse }) due: MoneyResponse;
  @ApiProperty({ format: 'date-time' }) due_date: string;
}

/** A campaign: a dunning campaign of an unpaid invoice, or the signature reminders of a contract. */
export class CampaignResponse {
  @ApiProperty({ example: 'cpn_01jz3k4m5n6p7q8r9s0t1v2w3x' }) id: string;
  @ApiProperty({ enum: CAMPAIGN_TYPES }) type: string;
  @ApiProperty({
    enum: CAMPAIGN_STATUSES,
    description:
      'ACTIVE (steps left), COMPLETED (every step ran), STOPPED (paid, voided, signed, or POST /campaigns/{id}/stop: see stop_reason)',
  })
  status: string;
  @ApiProperty({ type: String, nullable: true, description: 'invoice_paid, invoice_voided, contract_signed, stopped_by_request…' })
  stop_reason: string | null;
  @ApiProperty({ type: MoneyResponse, nullable: true, description: 'what the invoice had due when the campaign started' })
  amount: MoneyResponse | null;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: CustomerSummaryResponse, nullable: true }) customer: CustomerSummaryResponse | null;
  @ApiProperty({ type: String, nullable: true }) invoice_id: string | null;
  @ApiProperty({ type: CampaignInvoiceResponse, nullable: true }) invoice: CampaignInvoiceResponse | null;
  @ApiProperty({ type: String, nullable: true }) contract_id: string | null;
  @ApiProperty({ type: 'integer', description: 'the number of the last step run (0 before the first)' }) current_step: number;
  @ApiProperty({ type: 'integer' }) total_steps: number;
  @ApiProperty({ type: String, nullable: true, description: 'the action of the next step (null when none is left)' })
  next_action_type: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'seconds until the next step is due (0 when due now; null when none is left)',
  })
  next_action_in: number | null;
  @ApiProperty({
    format: 'date-time',
    description: "the instant the steps' days count from: the first declined charge, the due date, or the request for signatures",
  })
  reference_date: string;
  @ApiProperty({ type: [CampaignStepResponse] }) steps: CampaignStepResponse[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
