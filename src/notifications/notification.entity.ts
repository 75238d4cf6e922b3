import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TextColumn, TimestampColumn } from '../platform/database/columns';

export const NOTIFICATION_TYPES = [
  'INVOICE_FINALIZED',
  'INVOICE_SENT',
  'PAYMENT_RECEIPT',
  'REFUND_RECEIPT',
  'PAYMENT_FAILED',
  'PAYMENT_REMINDER',
  'FINAL_NOTICE',
  'SIGNATURE_REQUEST',
  'SIGNATURE_REMINDER',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** QUEUED until sent (SENT), written as an .eml file (SAVED), or given up on (FAILED). */
export const NOTIFICATION_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'SAVED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One e-mail (`notifications`): the outbox row while QUEUED, the log entry after. */
@Entity('notifications')
export class NotificationEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() notification_type: NotificationType;
  /** What caused the message (unique per company): one cause, one message. */
  @TextColumn() cause: string;
  @TextColumn() status: NotificationStatus;
  @Column('text', { array: true }) to_addresses: string[];
  @Column('text', { array: true }) cc_addresses: string[];
  @TextColumn({ nullable: true }) reply_to: string | null;
  @TextColumn() subject: string;
  @TextColumn() html_body: string;
  @TextColumn() text_body: string;
  /** The invoice whose PDF is attached (rendered when the message is sent). */
  @TextColumn({ nullable: true }) pdf_invoice_id: string | null;
  @TextColumn({ nullable: true }) customer_id: string | null;
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @TextColumn({ nullable: true }) contract_id: string | null;
  /** The notification this one sends again (POST /notifications/{id}/resend). */
  @TextColumn({ nullable: true }) resent_from: string | null;
  @Column({ type: 'integer' }) attempts: number;
  @TimestampColumn({ nullable: true }) next_attempt_at: Date | null;
  @TimestampColumn({ nullable: true }) lease_until: Date | null;
  @TimestampColumn({ nullable: true }) last_attempt_at: Date | null;
  @TextColumn({ nullable: true }) last_error: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn({ nullable: true }) sent_at: Date | null;
  @TimestampColumn() updated_at: Date;
}
