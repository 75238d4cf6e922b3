import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../platform/database/columns';
import type { Frequency } from '../billing-math/periods';
import type { StoredConfigItem } from '../subscriptions/subscription.entity';

export const CONTRACT_STATUSES = ['DRAFT', 'PENDING_SIGNATURES', 'EXECUTED', 'EXPIRED', 'VOID'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** Statuses that still take signatures and edits. */
export const OPEN_STATUSES: readonly ContractStatus[] = ['DRAFT', 'PENDING_SIGNATURES'];

/**
 * A contract: the plan the customer will be subscribed to (validated like a subscription's
 * plan when the contract is created) and its signatories. When every signatory has signed it
 * is EXECUTED and `subscription_id` points at the subscription created for it.
 * `status` is stored; EXPIRED is also derived at read time (expiration_date passed while open).
 */
@Entity('contracts')
export class ContractEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() customer_id: string;
  @TextColumn() title: string;
  @TextColumn() status: ContractStatus;
  @TextColumn() currency: string;
  @Column('text', { array: true }) product_pricing_ids: string[];
  @TextColumn({ nullable: true }) bundle_pricing_id: string | null;
  @JsonColumn() config_items: StoredConfigItem[];
  @Column('integer') term_count: number;
  @TextColumn() term_frequency: Frequency;
  @TimestampColumn({ nullable: true }) start_date: Date | null;
  @TimestampColumn({ nullable: true }) expiration_date: Date | null;
  @Column('boolean') auto_renews: boolean;
  @Column('boolean') auto_charges: boolean;
  @JsonColumn() discounts: Record<string, unknown>[];
  @JsonColumn() onetime_items: Record<string, unknown>[];
  @JsonColumn() custom_variables: Record<string, unknown>;
  @TextColumn({ nullable: true }) content: string | null;
  @JsonColumn() metadata: Record<string, unknown>;
  @TextColumn({ nullable: true }) owner_id: string | null;
  @TimestampColumn({ nullable: true }) completed_date: Date | null;
  @TextColumn({ nullable: true }) subscription_id: string | null;
  /** The template its content was copied from (null: content given directly, or none). */
  @TextColumn({ nullable: true }) template_id: string | null;
  /** The reference's proposal options: the signing page ends with their confirmation message or redirect. */
  @JsonColumn({ nullable: true }) options: Record<string, unknown> | null;
  /** The signing page takes a card before a signature counts, until one is given (`payment_method_id`). */
  @Column('boolean') requires_payment_method: boolean;
  /** The card given on the signing page (a payment method of the customer); the subscription is charged to it. */
  @TextColumn({ nullable: true }) payment_method_id: string | null;
  /** The subscription created at execution starts with this trial. */
  @Column('boolean') trial: boolean;
  @JsonColumn({ nullable: true }) trial_term: { count: number; frequency: Frequency } | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

/**
 * One signatory of a contract, keyed by its e-mail address (lower case). Its hosted signing
 * link (`signature_link`, shown only inside the contract's own responses) has a secret derived
 * from the page key and `signing_nonce` (platform/hosted-pages/page-secrets.ts), never stored:
 * `signing_hash` is the SHA-256 of that secret, unique.
 */
@Entity('contract_signatories')
export class ContractSignatoryEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') contract_id: string;
  @PrimaryColumn('text') email_key: string;
  @TextColumn() email: string;
  @TextColumn({ nullable: true }) name: string | null;
  @TextColumn({ nullable: true }) title: string | null;
  @Column('integer') position: number;
  /** Order of the entry in the list as last given. */
  @Column('integer') sort_index: number;
  @Column('boolean') signed: boolean;
  @TimestampColumn({ nullable: true }) signed_date: Date | null;
  /** The full name typed on the hosted signing page. */
  @TextColumn({ nullable: true }) signed_name: string | null;
  @Column('boolean') declined: boolean;
  @TextColumn({ nullable: true }) signature_id: string | null;
  /** Digest of the terms this signature signed (contractTermsDigest); null while not signed. */
  @TextColumn({ nullable: true }) terms_digest: string | null;
  /** ISO instants the signing page was opened. */
  @JsonColumn() view_timestamps: string[];
  @TextColumn() signing_hash: string;
  @TextColumn() signing_nonce: string;
  /** The hash of the plaintext token of a link handed out before secrets were derived (it keeps opening). */
  @TextColumn({ nullable: true }) signing_legacy_hash: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
