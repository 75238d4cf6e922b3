import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AGGREGATOR_TYPES, AggregatorType, ENTITLEMENT_TYPES, EntitlementType } from '../entitlement.entity';
import { findBodyDto, BASE_SORT_KEYS } from '../../platform/search/find-body.dto';

export const ENTITLEMENT_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export class CreateEntitlementDto {
  @ApiProperty({ enum: AGGREGATOR_TYPES })
  @IsIn(AGGREGATOR_TYPES)
  aggregator_type: AggregatorType;

  @ApiProperty({ description: '1–64 ASCII letters, digits, "_" or "-"; unique in the company', example: 'max_seats' })
  @IsString()
  @Matches(ENTITLEMENT_KEY, { message: 'must be 1 to 64 ASCII letters, digits, "_" or "-" (no spaces, unicode or other characters)' })
  key: string;

  @ApiProperty({ example: 'Maximum seats' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @ApiProperty({ enum: ENTITLEMENT_TYPES })
  @IsIn(ENTITLEMENT_TYPES)
  type: EntitlementType;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @IsBoolean()
  adjust_for_quantity?: boolean | null;

  @ApiPropertyOptional({ nullable: true, type: [String], description: 'Required (non-empty) for ENUM, not allowed otherwise' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(255, { each: true })
  possible_values?: string[] | null;
}

export class UpdateEntitlementDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) name?: string;

  @ApiPropertyOptional({ enum: AGGREGATOR_TYPES })
  @IsOptional()
  @IsIn(AGGREGATOR_TYPES)
  aggregator_type?: AggregatorType;

  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @IsBoolean()
  adjust_for_quantity?: boolean | null;

  @ApiPropertyOptional({ nullable: true, type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(255, { each: true })
  possible_values?: string[] | null;
}

export class EntitlementQueryDto {
  @ApiPropertyOptional({ enum: AGGREGATOR_TYPES }) @IsOptional() @IsIn(AGGREGATOR_TYPES) aggregator_type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() key?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of key or name' }) @IsOptional() @IsString() search?: string;
  @ApiPropertyOptional({ enum: ENTITLEMENT_TYPES }) @IsOptional() @IsIn(ENTITLEMENT_TYPES) type?: string;
}

export const FindEntitlementsDto = findBodyDto('FindEntitlementsBody', EntitlementQueryDto, BASE_SORT_KEYS);
export type FindEntitlementsDto = InstanceType<typeof FindEntitlementsDto>;

export class EntitlementResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ENTITLEMENT_TYPES }) type: string;
  @ApiProperty({ enum: AGGREGATOR_TYPES }) aggregator_type: string;
  @ApiProperty() adjust_for_quantity: boolean;
  @ApiProperty({ type: [String], description: 'ENUM: its values; [] for the other types (the reference answers a list for every type)' })
  possible_values: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
