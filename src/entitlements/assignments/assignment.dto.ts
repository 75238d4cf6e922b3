import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import { ASSIGNMENT_OWNER_TYPES } from './entitlement-assignment.entity';
import { ENTITLEMENT_TYPES } from '../entitlement.entity';

/**
 * One entry of `entitlements` on a product or pricing (and `override_entitlements` on a
 * subscription): the entitlement is named by `entitlement_id` or `key`; `value` must suit its
 * type. `id` (an existing assignment of the same owner) keeps that assignment's id.
 */
export class EntitlementAssignmentInputDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'ent_01j...' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  entitlement_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'id of an existing assignment of this owner (kept)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'the entitlement key, instead of entitlement_id' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  key?: string | null;

  @ApiProperty({
    description: 'boolean, number or string, of the entitlement type ("10" and "true" are accepted)',
    oneOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'string' }],
  })
  @Allow()
  value?: unknown;
}

/** The spec's "Entitlement assignment". */
export class EntitlementAssignmentResponse {
  @ApiProperty() entitlement_id: string;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) inherited_from_id: string | null;
  @ApiProperty({ type: String, enum: ASSIGNMENT_OWNER_TYPES, nullable: true }) inherited_from_type: string | null;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty({
    description: 'the value it replaced when overridden, else null',
    oneOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'string', nullable: true }],
  })
  original_value: unknown;
  @ApiProperty({ type: Boolean }) overridden: boolean;
  @ApiProperty({ enum: ENTITLEMENT_TYPES }) type: string;
  @ApiProperty({ oneOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'string' }] }) value: unknown;
}
