import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';

/** The sort keys of objects/find: the shared four, and by object_identifier (aToZ, zToA; then by id). */
export const OBJECT_SORT_KEYS = [...BASE_SORT_KEYS, 'aToZ', 'zToA'] as const;

const TEXT_MAX = 255;

const PROPERTIES_DOC =
  'a JSON object of any JSON values, nested objects and arrays included (rules read a nested scalar by a dotted path, `specs.size`), ' +
  'within bounds: at most 5 levels of objects and arrays (the properties object is the first), at most 100 keys and array elements in all, ' +
  'keys of 1 to 255 characters, strings of at most 1024; outside them a 400 names the value (`properties.specs.size`)';

export class CreateObjectDto {
  @ApiProperty({ description: 'a CUSTOM_OBJ billable item' }) @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) item_id: string;
  @ApiProperty({ description: "the caller's id of the object; unique among the live objects of the customer and item" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  object_identifier: string;
  @ApiPropertyOptional({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: PROPERTIES_DOC,
  })
  @IsOptional()
  @IsObject()
  properties?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'customer id or identifier (this or customer_identifier)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(TEXT_MAX)
  customer_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) customer_identifier?:
    string | null;
}

export class UpdateObjectDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: `replaces the properties: ${PROPERTIES_DOC}` })
  @IsDefined()
  @IsObject()
  properties: Record<string, unknown>;
}

export class ObjectQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_identifier?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() item_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() object_identifier?: string;
  @ApiPropertyOptional({ description: 'also list deleted objects (default false)' }) @IsOptional() @IsBoolean() include_deleted?: boolean;
  @ApiPropertyOptional({
    description:
      'a matching rule as a JSON string, over the objects\' properties: `{"comparator": {...}}` or the comparator itself, as in a metering rule ' +
      '(EQUAL, NOT_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, LESS_THAN, LESS_THAN_OR_EQUAL, CONTAINS, IN; AND/OR with items; ' +
      'left_item/right_item {item_type: PROPERTY, property} or {item_type: VALUE, value})',
    example:
      '{"comparator":{"type":"EQUAL","left_item":{"item_type":"PROPERTY","property":"is_active"},"right_item":{"item_type":"VALUE","value":"true"}}}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20_000)
  matching_rule_string?: string;
}

export const FindObjectsDto = findBodyDto('FindObjectsBody', ObjectQueryDto, OBJECT_SORT_KEYS);
export type FindObjectsDto = InstanceType<typeof FindObjectsDto>;

export class IngestObjectsDto {
  @ApiProperty({
    description:
      '1 to 100 of {action: CREATE|UPDATE|DELETE, id?, item_id, object_identifier, customer_id|customer_identifier, properties}; ' +
      'UPDATE and DELETE name the object by id, or by item_id + object_identifier + customer',
    type: 'array',
    items: { type: 'object' },
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  objects: unknown[];
}

export class ObjectResponse {
  @ApiProperty() id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() customer_id: string;
  @ApiProperty({ type: String, nullable: true, description: "the customer's identifier (null when it has none)" }) customer_identifier:
    string | null;
  @ApiProperty() item_id: string;
  @ApiProperty() object_identifier: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) properties: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deleted_at: string | null;
}

export class EnqueuedObjectResponse {
  @ApiProperty({ enum: ['CREATE', 'UPDATE', 'DELETE'] }) action: string;
  @ApiProperty() object_identifier: string;
  @ApiProperty({ type: 'integer', description: 'the position of the entry in `objects`' }) index: number;
  @ApiProperty({ description: 'the object written (obj_…)' }) id: string;
}

export class RefusedObjectResponse {
  @ApiProperty({ type: 'integer' }) index: number;
  @ApiProperty({ type: String, nullable: true }) object_identifier: string | null;
  @ApiProperty() error_code: string;
  @ApiProperty() error_message: string;
}

/**
 * The answer of `POST /objects/ingest`, as the reference documents it (`enqueued`). Tally applies
 * each entry before answering (nothing is left queued); `errors` lists the entries refused.
 */
export class IngestObjectsResponse {
  @ApiProperty({ type: [EnqueuedObjectResponse], description: 'the entries applied, in order' })
  enqueued: EnqueuedObjectResponse[];
  @ApiProperty({ type: [RefusedObjectResponse], description: 'the entries refused (nothing written for them)' })
  errors: RefusedObjectResponse[];
}
