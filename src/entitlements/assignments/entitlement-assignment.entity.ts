import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../../platform/database/columns';

/** Who an assignment belongs to. SUBSCRIPTION ones are a subscription's overrides, written through EntitlementAssignmentsService. */
export const ASSIGNMENT_OWNER_TYPES = ['PRODUCT', 'PRODUCT_PRICING', 'SUBSCRIPTION'] as const;
export type AssignmentOwnerType = (typeof ASSIGNMENT_OWNER_TYPES)[number];

/** One entitlement value given to a product, a product pricing or a subscription. */
@Entity('entitlement_assignments')
export class EntitlementAssignmentEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() owner_type: AssignmentOwnerType;
  @TextColumn() owner_id: string;
  @TextColumn() entitlement_id: string;
  /** A JSON value of the entitlement's type (boolean, number or string), already normalised. */
  @JsonColumn() value: unknown;
  @Column('integer') position: number;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
