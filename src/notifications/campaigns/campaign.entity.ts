import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MoneyColumn, TextColumn, TimestampColumn } from '../../platform/database/columns';

export const CAMPAIGN_TYPES = ['DUNNING', 'SIGNATURE_REMINDER'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** ACTIVE while steps are left; COMPLETED after its last step; STOPPED by a payment, a void, a signature or a request. */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'COMPLETED', 'STOPPED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** PENDING until due; RUNNING while an action that commits on its own (a cancellation) is under way; then one of the others. */
export const CAMPAIGN_STEP_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'CANCELLED'] as const;
export type CampaignStepStatus = (typeof CAMPAIGN_STEP_STATUSES)[number];

/** A campaign (`campaigns`): the steps run for one cause — an unpaid invoice, a contract awaiting signatures. */
@Entity('campaigns')
export class CampaignEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() type: CampaignType;
  @TextColumn() status: CampaignStatus;
  /** Unique per company: `dunning:<invoice>`, `signature:<contract>` — one campaign per cause. */
  @TextColumn() cause: string;
  @TextColumn() customer_id: string;
  @TextColumn({ nullable: true }) invoice_id: string | null;
  @TextColumn({ nullable: true }) contract_id: string | null;
  @TextColumn({ nullable: true }) currency: string | null;
  @MoneyColumn({ nullable: true }) amount_cents: number | null;
  /** The instant the steps' days count from (the first declined charge, the due date, the request for signatures). */
  @TimestampColumn() reference_at: Date;
  @TextColumn({ nullable: true }) stop_reason: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/** One step of a campaign (`campaign_steps`), run once when due. */
@Entity('campaign_steps')
export class CampaignStepEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() campaign_id: string;
  @Column('integer') step_number: number;
  @TextColumn() action_type: string;
  @TextColumn() status: CampaignStepStatus;
  @TimestampColumn() due_at: Date;
  @TimestampColumn({ nullable: true }) lease_until: Date | null;
  @TimestampColumn({ nullable: true }) enqueued_at: Date | null;
  @TimestampColumn({ nullable: true }) completed_at: Date | null;
  @TextColumn({ nullable: true }) notification_id: string | null;
  /** The charge attempt a RETRY_PAYMENT step queued (its payment transaction once it settled). */
  @TextColumn({ nullable: true }) payment_attempt_id: string | null;
  @TextColumn({ nullable: true }) note: string | null;
  @TimestampColumn() updated_at: Date;
}
