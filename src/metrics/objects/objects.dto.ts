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

const TEXT_MAX = 255;

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
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
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
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'replaces the properties' })
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
}

export const FindObjectsDto = findBodyDto('FindObjectsBody', ObjectQueryDto, BASE_SORT_KEYS);
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
  @ApiProperty() item_id: string;
  @ApiProperty() object_identifier: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) properties: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deleted_at: string | null;
}

export class IngestObjectsResponse {
  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: { index: { type: 'integer' }, action: { type: 'string' }, object: { $ref: '#/components/schemas/ObjectResponse' } },
    },
  })
  processed: { index: number; action: string; object: ObjectResponse }[];
  @ApiProperty({ type: 'array', items: { type: 'object' } })
  errors: { index: number; object_identifier: string | null; error_code: string; error_message: string }[];
}
