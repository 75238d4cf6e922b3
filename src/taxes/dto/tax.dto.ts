import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy, ValidationOptions } from 'class-validator';
import { taxPercentage } from '../../billing-math';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { IsDisplayText } from '../../platform/validation/display-text';

const CODE = /^[A-Za-z0-9_-]{1,50}$/;
const CODE_PROBLEM = { message: 'must be 1 to 50 letters, digits, _ or -' };
const COUNTRY = /^[A-Za-z]{2}$/;
const COUNTRY_PROBLEM = { message: 'must be an ISO 3166-1 alpha-2 country code' };

/** A JSON number from 0 to 100 with at most 4 decimals, read exactly (`9e-323` has 323 decimals). */
function IsTaxPercentage(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTaxPercentage',
      validator: {
        validate: (v: unknown) => {
          if (typeof v !== 'number' || !Number.isFinite(v)) return false;
          try {
            taxPercentage(v);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: () => 'must be a number from 0 to 100 with at most 4 decimals',
      },
    },
    options,
  );
}

class TaxEditableDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'free text' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'an inactive rate is not applied automatically; overrides naming it still apply',
  })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: Boolean, default: false, description: "true: the lines' amounts already hold the tax" })
  @IsOptional()
  @IsBoolean()
  inclusive?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'ISO 3166-1 alpha-2: the rate applies automatically to customers whose address is in that country; null: company-wide',
  })
  @IsOptional()
  @IsString()
  @Matches(COUNTRY, COUNTRY_PROBLEM)
  country?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'needs country; the rate then applies only to customers whose address state equals it (case-insensitive)',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  state?: string | null;
}

export class CreateTaxDto extends TaxEditableDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @IsDisplayText()
  @MaxLength(100)
  name: string;

  @ApiProperty({ description: 'unique in the company: letters, digits, _ and -, at most 50', pattern: CODE.source })
  @IsString()
  @Matches(CODE, CODE_PROBLEM)
  code: string;

  @ApiProperty({ type: Number, minimum: 0, maximum: 100, description: 'percent (20 = 20 %), at most 4 decimals' })
  @IsTaxPercentage()
  percentage: number;
}

export class UpdateTaxDto extends TaxEditableDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @IsDisplayText()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: 100,
    description: 'percent, at most 4 decimals; a 409 once the rate is on a finalized invoice (make a new rate)',
  })
  @IsOptional()
  @IsTaxPercentage()
  percentage?: number;
}

export class TaxQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2 (case-insensitive)' }) @IsOptional() @IsString() country?: string;
  @ApiPropertyOptional({ description: 'case-insensitive' }) @IsOptional() @IsString() state?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ description: 'case-insensitive substring of name, code or description' })
  @IsOptional()
  @IsString()
  search?: string;
}

export const FindTaxesDto = findBodyDto('FindTaxesBody', TaxQueryDto, BASE_SORT_KEYS);
export type FindTaxesDto = InstanceType<typeof FindTaxesDto>;

export class TaxResponse {
  @ApiProperty({ description: 'tax_…' }) id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() name: string;
  @ApiProperty() code: string;
  @ApiProperty({ type: Number, description: 'percent (20 = 20 %)' }) percentage: number;
  @ApiProperty() inclusive: boolean;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** One rate of an `override_taxes` list (customers, pricings). */
export class TaxOverrideDto {
  @ApiProperty({ description: "a tax rate's id (tax_…) or code" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  tax_id: string;
}

export class TaxOverrideResponse {
  @ApiProperty({ description: 'tax_…' }) tax_id: string;
}
