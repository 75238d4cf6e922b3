import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from './database/columns';

/** A tenant. Its key is named company_id so that company_id leads every key of every table. */
@Entity('companies')
export class CompanyEntity {
  @PrimaryColumn('text') company_id: string;
  @TextColumn() name: string;
  @Column('boolean', { default: false }) demo: boolean;
  @JsonColumn({ default: {} }) settings: Record<string, unknown>;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}

@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() token_hash: string;
  @TextColumn({ nullable: true }) name: string | null;
  @TimestampColumn() created_at: Date;
  @TimestampColumn({ nullable: true }) revoked_at: Date | null;
}

@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') key: string;
  @TextColumn() request_hash: string;
  @TextColumn() state: 'running' | 'committed' | 'done' | 'unsettled';
  @Column('integer', { nullable: true }) response_status: number | null;
  @JsonColumn({ nullable: true }) response_body: unknown;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() expires_at: Date;
}
