import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, ValidationOptions } from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto, SetFilterDto } from '../../platform/search/find-body.dto';
import { EntitlementAssignmentInputDto, EntitlementAssignmentResponse } from '../../entitlements/assignments/assignment.dto';
import { CATALOG_STATES } from '../catalog.entity';
import { OptionalNestedArray, OptionalStringArray } from '../../platform/validation/decorators';
import { IsDisplayText } from '../../platform/validation/display-text';

const isTag = (v: unknown) => typeof v === 'string' && v.length <= 255;

/** `tags` of products/find: a list of up to 100 strings, or `{condition: AND|OR, values: 1–100 strings}` and nothing else. */
function IsTagsFilter(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTagsFilter',
      validator: {
        validate: (v: unknown) => {
          if (Array.isArray(v)) return v.length <= 100 && v.every(isTag);
          if (typeof v !== 'object' || v === null) return false;
          const o = v as Record<string, unknown>;
          return (
            Object.keys(o).every((k) => k === 'condition' || k === 'values') &&
            (o.condition === 'AND' || o.condition === 'OR') &&
            Array.isArray(o.values) &&
            o.values.length >= 1 &&
            o.values.length <= 100 &&
            o.values.every(isTag)
          );
        },
        defaultMessage: () => 'must be a list of tags (strings of at most 255 characters) or {condition: AND|OR, values: [1 to 100 tags]}',
      },
    },
    options,
  );
}

/** The `tags` filter of products/find and pricing/find: a list of tags, or `{condition, values}`. */
export function TagsFilter(subject: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      oneOf: [
        { type: 'array', items: { type: 'string' }, maxItems: 100 },
        {
          type: 'object',
          required: ['condition', 'values'],
          properties: {
            condition: { type: 'string', enum: ['AND', 'OR'] },
            values: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 100 },
          },
          additionalProperties: false,
        },
      ],
      description: `a list of tags (${subject} has every one; [] filters nothing), or {condition: AND|OR, values}`,
    })(target, key);
    IsOptional()(target, key);
    IsTagsFilter()(target, key);
  };
}

class ProductFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'free text' }) @IsOptional() @IsString() @MaxLength(5000) description?:
    string | null;

  @OptionalNestedArray(EntitlementAssignmentInputDto, 200, {
    nullable: true,
    description: "replaces the product's entitlement assignments",
  })
  entitlements?: EntitlementAssignmentInputDto[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'public name' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @MaxLength(255)
  external_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(2048) image_url?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'defaults to external_name, else "Untitled product"' })
  @IsOptional()
  @IsString()
  @IsDisplayText()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string | null;

  @ApiPropertyOptional({ nullable: true, enum: CATALOG_STATES, default: 'ACTIVE' }) @IsOptional() @IsIn(CATALOG_STATES) state?:
    'ACTIVE' | 'ARCHIVED' | null;

  @OptionalStringArray(100, 255, { nullable: true })
  tags?: string[] | null;
}

/** S6: no field is required. */
export class CreateProductDto extends ProductFieldsDto {}
export class UpdateProductDto extends ProductFieldsDto {}

export class ProductQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of name, external_name or description' })
  @IsOptional()
  @IsString()
  search?: string;
  @ApiPropertyOptional({ enum: CATALOG_STATES }) @IsOptional() @IsString() state?: string;
  @TagsFilter('the product')
  tags?: string[] | SetFilterDto;
}

export const FindProductsDto = findBodyDto('FindProductsBody', ProductQueryDto, BASE_SORT_KEYS);
export type FindProductsDto = InstanceType<typeof FindProductsDto>;

/** The spec's "Product". */
export class ProductResponse {
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [EntitlementAssignmentResponse], nullable: true }) entitlements: EntitlementAssignmentResponse[] | null;
  @ApiProperty({ type: String, nullable: true }) external_name: string | null;
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) image_url: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) import_created_at_ref: string | null;
  @ApiProperty({ type: String, nullable: true }) import_ref: string | null;
  @ApiProperty({ type: String, nullable: true }) imported_from: string | null;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty() name: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    nullable: true,
    description: 'product pricings (expanded); null where nested in a pricing',
  })
  product_pricings: unknown[] | null;
  @ApiProperty({ enum: CATALOG_STATES }) state: string;
  @ApiProperty({ type: [String], nullable: true }) tags: string[] | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
