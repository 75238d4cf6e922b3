import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { CATALOG_STATES } from '../catalog.entity';
import { IsCurrencyCode, TermDto, TermResponse } from './common.dto';
import { ProductResponse } from './product.dto';
import { ProductPricingResponse } from './pricing.dto';
import { IsDisplayText } from '../../platform/validation/display-text';

export class CreateBundleDto {
  @ApiProperty({ example: 'Starter bundle' }) @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'USD',
    description: 'defaults to the currency of the first pricing; every pricing must be in it',
  })
  @IsOptional()
  @IsCurrencyCode()
  currency?: string | null;

  @ApiPropertyOptional({ nullable: true, type: TermDto, description: 'default {count: 1, frequency: MONTH}' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TermDto)
  term?: TermDto | null;

  @ApiProperty({ type: [String], description: 'ACTIVE pricings of the company, in the bundle currency' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  product_pricing_ids: string[];

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
}

export class UpdateBundleDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
  @ApiPropertyOptional({ enum: CATALOG_STATES }) @IsOptional() @IsIn(CATALOG_STATES) state?: 'ACTIVE' | 'ARCHIVED';
}

export class BundleQueryDto {
  @ApiPropertyOptional({
    description: 'every bundle is made through POST /bundles, so none is auto-generated: true matches none, false every bundle',
  })
  @IsOptional()
  @IsBoolean()
  is_auto_generated?: boolean;
  @ApiPropertyOptional({ description: 'case-insensitive substring of name or description' }) @IsOptional() @IsString() search?: string;
  @ApiPropertyOptional({ enum: CATALOG_STATES, description: 'any case' }) @IsOptional() @IsString() state?: string;
}

export const FindBundlesDto = findBodyDto('FindBundlesBody', BundleQueryDto, BASE_SORT_KEYS);
export type FindBundlesDto = InstanceType<typeof FindBundlesDto>;

export class BundleProductPricingResponse {
  @ApiProperty() bundle_pricing_id: string;
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: ProductResponse }) product: ProductResponse | null;
  @ApiProperty() product_id: string;
  @ApiProperty({ nullable: true, type: ProductPricingResponse }) product_pricing: ProductPricingResponse | null;
  @ApiProperty() product_pricing_id: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The spec's "Bundle". */
export class BundleResponse {
  @ApiProperty({ type: [BundleProductPricingResponse] }) bundle_product_pricings: BundleProductPricingResponse[];
  @ApiProperty() company_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() id: string;
  @ApiProperty() is_auto_generated: boolean;
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty() name: string;
  @ApiProperty({ minimum: 0 }) num_subs: number;
  @ApiProperty({ enum: CATALOG_STATES }) state: string;
  @ApiProperty({ type: TermResponse }) term: TermResponse;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
