import { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDateTime } from '../validation/limits';

export const BASE_SORT_KEYS = ['createdAtDesc', 'createdAtAsc', 'updatedAtAsc', 'updatedAtDesc'] as const;

export class PaginationDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Opaque cursor: the pagination.from_key of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  from_key?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 100,
    default: 20,
    description: 'at most this many rows; a page may hold fewer when its rows pass about 1 MiB (then from_key is set)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number | null;
}

/** Numeric range in cents: `{eq, gt, gte, lt, lte}`. */
export class RangeFilterDto {
  @ApiPropertyOptional() @IsOptional() @IsNumber() eq?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() gt?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() gte?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() lt?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() lte?: number;
}

/** Date range, ISO 8601 instants: `{eq, gt, gte, lt, lte}`. */
export class DateRangeFilterDto {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateTime() eq?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateTime() gt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateTime() gte?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateTime() lt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsDateTime() lte?: string;
}

/** A set: `{condition: "AND"|"OR", values: [...]}`. */
export class SetFilterDto {
  @ApiProperty({ enum: ['AND', 'OR'] }) @IsIn(['AND', 'OR']) condition: 'AND' | 'OR';
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  values: string[];
}

export interface FindBody<Q> {
  pagination?: PaginationDto | null;
  query?: Q | null;
  sort_key?: string | null;
  include_meta?: boolean | null;
}

export interface FindBodyOptions {
  /** Fields the spec marks required for this resource's find. */
  required?: ('pagination' | 'sort_key')[];
}

/**
 * The find body of one resource: the shared shape with that resource's query DTO and its
 * whitelist of sort keys (anything else is a 400).
 */
export function findBodyDto<Q>(
  name: string,
  Query: ClassType<Q>,
  sortKeys: readonly string[],
  options: FindBodyOptions = {},
): ClassType<FindBody<Q>> {
  const requirePagination = options.required?.includes('pagination') ?? false;
  const requireSortKey = options.required?.includes('sort_key') ?? false;

  class FindBodyDto {
    @ApiProperty({ nullable: true, type: PaginationDto, required: requirePagination })
    @(requirePagination ? IsDefined() : IsOptional())
    @ValidateNested()
    @Type(() => PaginationDto)
    pagination?: PaginationDto | null;

    @ApiPropertyOptional({ nullable: true, type: Query })
    @IsOptional()
    @ValidateNested()
    @Type(() => Query)
    query?: Q | null;

    @ApiProperty({ nullable: true, enum: sortKeys, default: 'createdAtDesc', required: requireSortKey })
    @(requireSortKey ? IsDefined() : IsOptional())
    @IsIn(sortKeys as string[])
    sort_key?: string | null;

    @ApiPropertyOptional({ type: Boolean, nullable: true })
    @IsOptional()
    @IsBoolean()
    include_meta?: boolean | null;
  }
  Object.defineProperty(FindBodyDto, 'name', { value: name });
  return FindBodyDto;
}
