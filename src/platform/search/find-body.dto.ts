import { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
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

/**
 * The `owner_ids` set of customers, subscriptions and invoices: the reference's own sample sends
 * `{condition: "AND", values: []}` meaning "any owner", so an empty list is no filter here (the
 * other sets still need a value: an empty tag set would say nothing a client meant).
 */
export class OwnerIdsFilterDto {
  @ApiProperty({ enum: ['AND', 'OR'] }) @IsIn(['AND', 'OR']) condition: 'AND' | 'OR';
  @ApiProperty({ type: [String], description: 'owner ids; an empty list is no filter' })
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  values: string[];
}

/** The `owner_ids` filter property (see OwnerIdsFilterDto). */
export function OwnerIdsFilter(description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: OwnerIdsFilterDto, description: `${description}; an empty values list is no filter` })(target, key);
    IsOptional()(target, key);
    IsObject()(target, key);
    ValidateNested()(target, key);
    Type(() => OwnerIdsFilterDto)(target, key);
  };
}

/**
 * `statuses` (and other lists of names) given as one string, as the reference's newer samples
 * send it: read as a one-item list; anything else is left for the validators.
 */
export const oneOrMany = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? [value] : value);

/** The OpenAPI schema of such a filter: one of the names, or a list of them. */
export function oneOrManySchema(names?: readonly string[]): { oneOf: object[] } {
  const one = names ? { type: 'string', enum: [...names] } : { type: 'string' };
  return { oneOf: [one, { type: 'array', items: one }] };
}

export interface FindBody<Q> {
  pagination?: PaginationDto | null;
  query?: Q | null;
  sort_key?: string | null;
  include_meta?: boolean | null;
}

/**
 * The find body of one resource: the shared shape with that resource's query DTO and its
 * whitelist of sort keys (anything else is a 400). Every field is optional, as a generated
 * client's minimal body `{}` needs: pagination defaults to 20 rows, sort_key to createdAtDesc.
 */
export function findBodyDto<Q>(name: string, Query: ClassType<Q>, sortKeys: readonly string[]): ClassType<FindBody<Q>> {
  class FindBodyDto {
    @ApiPropertyOptional({ nullable: true, type: PaginationDto })
    @IsOptional()
    @ValidateNested()
    @Type(() => PaginationDto)
    pagination?: PaginationDto | null;

    @ApiPropertyOptional({ nullable: true, type: Query })
    @IsOptional()
    @ValidateNested()
    @Type(() => Query)
    query?: Q | null;

    @ApiPropertyOptional({ nullable: true, enum: sortKeys, default: 'createdAtDesc' })
    @IsOptional()
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
