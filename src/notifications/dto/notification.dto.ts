import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { findBodyDto } from '../../platform/search/find-body.dto';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../notification.entity';

/** The body of resend and invoices/send: nothing (an empty object or none; any field is a 400). */
export class NotificationActionBodyDto {}

export class NotificationQueryDto {
  @ApiPropertyOptional({ description: 'messages about this customer (id or identifier)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  customer_id?: string;
  @ApiPropertyOptional({ description: 'messages about this invoice (its id, inv_…, or its uuid)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  invoice_id?: string;
  @ApiPropertyOptional({ description: 'messages about this contract: its signature requests and reminders' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  contract_id?: string;
  @ApiPropertyOptional({ enum: NOTIFICATION_TYPES }) @IsOptional() @IsIn(NOTIFICATION_TYPES) notification_type?: string;
  @ApiPropertyOptional({ enum: NOTIFICATION_STATUSES }) @IsOptional() @IsIn(NOTIFICATION_STATUSES) status?: string;
}

export const FindNotificationsDto = findBodyDto('FindNotificationsBody', NotificationQueryDto, ['createdAtDesc', 'createdAtAsc']);
export type FindNotificationsDto = InstanceType<typeof FindNotificationsDto>;

/** One e-mail Tally sent, is sending, or gave up on (the notification log). */
export class NotificationResponse {
  @ApiProperty({ example: 'ntf_01jz3k4m5n6p7q8r9s0t1v2w3x' }) id: string;
  @ApiProperty({
    enum: NOTIFICATION_TYPES,
    description:
      'INVOICE_FINALIZED (an invoice became final), INVOICE_SENT (POST /invoices/{uuid}/send), PAYMENT_RECEIPT, REFUND_RECEIPT, ' +
      'PAYMENT_FAILED (an automatic charge was declined), PAYMENT_REMINDER and FINAL_NOTICE (steps of a dunning campaign), ' +
      'SIGNATURE_REQUEST and SIGNATURE_REMINDER (a contract awaits a signatory)',
  })
  notification_type: string;
  @ApiProperty({
    enum: NOTIFICATION_STATUSES,
    description:
      'QUEUED (waiting for its first attempt or a retry), SENT (the SMTP server accepted it), SAVED (written as an .eml file: no SMTP_URL), FAILED (the retries are spent, or no transport is configured)',
  })
  status: string;
  @ApiProperty({ type: [String], description: 'the billed customer’s email (a signatory’s, for a signature request)' }) to: string[];
  @ApiProperty({ type: [String], description: 'the billed customer’s billing_emails' }) cc: string[];
  @ApiProperty() subject: string;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty({ type: String, nullable: true }) invoice_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the contract of a signature request or reminder' }) contract_id: string | null;
  @ApiProperty({ type: 'integer', description: 'delivery attempts made' }) attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'why the last attempt failed' }) last_error: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'when the next attempt is due (QUEUED only)' })
  next_attempt_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the notification this one sends again (resend)' }) resent_from: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'when it was sent or saved' }) sent_at: string | null;
}
