import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { DISPLAY_TYPES, ITEM_TYPES } from '../billable-item.entity';
import { METRIC_TYPES } from '../billable-metric.entity';
import { AGGREGATORS, COMPARISON_TYPES, LOGICAL_TYPES } from '../metering-rule';
import { IsDateTime } from '../../platform/validation/limits';
import { IsDisplayText } from '../../platform/validation/display-text';

export const STATES = ['ACTIVE', 'ARCHIVED'] as const;
const TEXT_MAX = 255;
const DESCRIPTION_MAX = 2000;

// ---------------------------------------------------------------- billable items

export class CreateBillableItemDto {
  @ApiProperty({ example: 'API calls' }) @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(TEXT_MAX) name: string;
  @ApiProperty({ enum: ITEM_TYPES }) @IsIn(ITEM_TYPES) type: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) external_name?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: DISPLAY_TYPES, default: 'UNITS' }) @IsOptional() @IsIn(DISPLAY_TYPES) display_type?:
    string | null;
}

export class UpdateBillableItemDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'null keeps the name' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) external_name?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: STATES, description: 'archive (ARCHIVED) or restore (ACTIVE)' })
  @IsOptional()
  @IsIn(STATES)
  state?: string | null;
}

export class BillableItemQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() external_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ enum: STATES, description: 'case-insensitive' }) @IsOptional() @IsString() state?: string;
  @ApiPropertyOptional({ enum: [...ITEM_TYPES, 'LICENSE'] }) @IsOptional() @IsString() type?: string;
}

export const FindBillableItemsDto = findBodyDto('FindBillableItemsBody', BillableItemQueryDto, BASE_SORT_KEYS);
export type FindBillableItemsDto = InstanceType<typeof FindBillableItemsDto>;

export class BillableItemResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: DISPLAY_TYPES }) display_type: string;
  @ApiProperty({ enum: [...ITEM_TYPES, 'LICENSE'] }) type: string;
  @ApiProperty() standard: boolean;
  @ApiProperty() editable: boolean;
  @ApiProperty({ enum: STATES }) state: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

// ---------------------------------------------------------------- billable metrics

class RuleItemDoc {
  @ApiProperty({ type: Object, nullable: true, description: 'always null' }) comparator: null;
  @ApiProperty({ enum: ['PROPERTY', 'VALUE'] }) item_type: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'property name, or a dotted path to a nested scalar, e.g. `tokens.input` (PROPERTY)',
  })
  property: string | null;
  @ApiProperty({
    description:
      'the value (VALUE): a string, number or boolean (stored as text); for IN a list or a comma-separated string; null for PROPERTY',
    oneOf: [
      { type: 'string', nullable: true },
      { type: 'array', items: { type: 'string' } },
    ],
  })
  value: string | string[] | null;
}

class ComparatorDoc {
  @ApiProperty({ enum: [...LOGICAL_TYPES, ...COMPARISON_TYPES] }) type: string;
  @ApiProperty({ type: 'array', items: { type: 'object' }, nullable: true, description: 'AND/OR: the nested comparators' }) items:
    unknown[] | null;
  @ApiProperty({ type: RuleItemDoc, nullable: true }) left_item: RuleItemDoc | null;
  @ApiProperty({ type: RuleItemDoc, nullable: true }) right_item: RuleItemDoc | null;
}

class RuleDoc {
  @ApiProperty({ type: ComparatorDoc }) comparator: ComparatorDoc;
}

export class MeteringRuleDoc {
  @ApiProperty({ enum: AGGREGATORS }) aggregator: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'the property aggregated, required except for COUNT: a name, or a dotted path to a nested scalar (`tokens.input`, at most 5 names, none empty). ' +
      'A name read on an event that has a key of that exact name (dots included) reads that key. A missing value, null, an object or an array is skipped as a missing property is',
  })
  property: string | null;
  @ApiProperty({
    type: [String],
    description:
      'properties the usage is broken down by: names or dotted paths (`model.name`); a value that is missing, null, an object or an array groups as null',
  })
  group_keys: string[];
  @ApiProperty({ type: RuleDoc, nullable: true, description: 'null: every event counts' }) rule: RuleDoc | null;
}

// What a request sends: the same tree, with what the validator fills in optional (the answer's
// MeteringRuleDoc always carries every key).
class RuleItemInput {
  @ApiProperty({ enum: ['PROPERTY', 'VALUE'] }) item_type: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'property name (PROPERTY)' }) property?: string | null;
  @ApiPropertyOptional({
    description: 'the value (VALUE): a string, number or boolean (stored as text); for IN a list or a comma-separated string',
    oneOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }],
  })
  value?: string | number | boolean | string[] | null;
}

class ComparatorInput {
  @ApiProperty({ enum: [...LOGICAL_TYPES, ...COMPARISON_TYPES] }) type: string;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    nullable: true,
    description: 'AND/OR: the nested comparators (each of this shape)',
  })
  items?: unknown[] | null;
  @ApiPropertyOptional({ type: RuleItemInput, nullable: true, description: 'comparisons: the left operand' })
  left_item?: RuleItemInput | null;
  @ApiPropertyOptional({ type: RuleItemInput, nullable: true, description: 'comparisons: the right operand' })
  right_item?: RuleItemInput | null;
}

class RuleInput {
  @ApiProperty({ type: ComparatorInput }) comparator: ComparatorInput;
}

class MeteringRuleInput {
  @ApiProperty({ enum: AGGREGATORS }) aggregator: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'required except for COUNT' }) property?: string | null;
  @ApiPropertyOptional({ type: [String], nullable: true, description: 'none when left out' }) group_keys?: string[] | null;
  @ApiPropertyOptional({ type: RuleInput, nullable: true, description: 'left out or null: every event counts' }) rule?: RuleInput | null;
}

export class CreateBillableMetricDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) item_id: string;
  @ApiProperty({ type: MeteringRuleInput, description: 'validated as a tree; a 400 names the bad node' })
  @IsDefined()
  @IsObject()
  metering_rule: Record<string, unknown>;
  @ApiProperty() @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(TEXT_MAX) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) external_name?:
    string | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, default: true }) @IsOptional() @IsBoolean() is_billable?: boolean | null;
}

export class UpdateBillableMetricDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'null keeps the name' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsDisplayText() @MaxLength(TEXT_MAX) external_name?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string | null;
  @ApiPropertyOptional({ nullable: true, enum: STATES }) @IsOptional() @IsIn(STATES) state?: string | null;
  /** Declared only to answer with a clear message: the rule is immutable. */
  @ApiPropertyOptional({ description: 'not allowed: a metering rule is immutable (create a new metric)', deprecated: true })
  @IsOptional()
  metering_rule?: unknown;
}

export class BillableMetricQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() item_id?: string;
  @ApiPropertyOptional({ enum: STATES, description: 'case-insensitive' }) @IsOptional() @IsString() state?: string;
}

export const FindBillableMetricsDto = findBodyDto('FindBillableMetricsBody', BillableMetricQueryDto, BASE_SORT_KEYS);
export type FindBillableMetricsDto = InstanceType<typeof FindBillableMetricsDto>;

export class BillableMetricResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() item_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: METRIC_TYPES }) type: string;
  @ApiProperty() is_billable: boolean;
  @ApiProperty() standard: boolean;
  @ApiProperty() editable: boolean;
  @ApiProperty({ enum: STATES }) state: string;
  @ApiProperty({ type: MeteringRuleDoc, nullable: true }) metering_rule: unknown;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

// ---------------------------------------------------------------- usage

export class UsagePeriodDto {
  @ApiProperty({ format: 'date-time', description: 'inclusive' }) @IsDateTime() start_date: string;
  @ApiProperty({ format: 'date-time', description: 'exclusive' }) @IsDateTime() end_date: string;
}

export class CustomerUsageDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) metric_id: string;
  @ApiProperty({ type: UsagePeriodDto }) @IsDefined() @ValidateNested() @Type(() => UsagePeriodDto) period: UsagePeriodDto;
}

export class UsageBreakdownEntry {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', nullable: true },
    description: 'group key → value (null when missing)',
  })
  grouping: Record<string, string | null>;
  @ApiProperty() value: number;
}

export class CustomerUsageResponse {
  @ApiProperty() metric_id: string;
  @ApiProperty({ description: 'the metric aggregated over the period [start_date, end_date)' }) value: number;
  @ApiProperty({ type: [UsageBreakdownEntry] }) breakdown: UsageBreakdownEntry[];
}

// ---------------------------------------------------------------- usage events

export class IngestEventsDto {
  @ApiProperty({
    description:
      '1 to 100 events {customer_id | customer_identifier, item_id, transaction_id (1..255), timestamp (ISO 8601 with a time zone), properties}. ' +
      '`properties` is a JSON object of any JSON values, nested objects and arrays included (a metering rule reads a nested scalar by a dotted path, `tokens.input`; the event keeps the whole object), ' +
      'within bounds: at most 5 levels of objects and arrays (the properties object is the first), at most 100 keys and array elements in all, keys of 1 to 255 characters, strings of at most 1024, ' +
      'every number finite, from -10^12 to 10^12, at most 12 decimals. Each event is validated on its own: a refused one is listed in `errors` (index, transaction_id, error_code, ' +
      'error_message naming the event and the property, e.g. `events[3].properties.tokens.input`), the others are stored; the status says whether any was refused (200, 207, or 400 when all were)',
    type: 'array',
    items: { type: 'object' },
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  events: unknown[];
}

class EnqueuedEvent {
  @ApiProperty() transaction_id: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

class DuplicateEvent {
  @ApiProperty() transaction_id: string;
}

class EventError {
  @ApiProperty() index: number;
  @ApiProperty({ type: String, nullable: true }) transaction_id: string | null;
  @ApiProperty({ example: 'invalid_field' }) error_code: string;
  @ApiProperty() error_message: string;
}

export class IngestEventsResponse {
  @ApiProperty({ type: [EnqueuedEvent], description: 'events stored by this call' }) enqueued: EnqueuedEvent[];
  @ApiProperty({
    type: [DuplicateEvent],
    description: 'transaction_ids already seen for the customer in the last 35 days (or earlier in the batch)',
  })
  duplicates: DuplicateEvent[];
  @ApiProperty({ type: [EventError] }) errors: EventError[];
}
