import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { FREQUENCIES } from '../catalog.entity';
import { parseUnitPrice, UNIT_PRICE_PROBLEM } from '../pricing.rules';
import { IsMoneyCents, MAX_MONEY_CENTS, MAX_TERM_COUNT } from '../../platform/validation/limits';

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const ISO_4217 = new Set<string>(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code in upper case (USD, EUR, ...). */
export function IsCurrencyCode(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCurrencyCode',
      validator: {
        validate: (v: unknown) => typeof v === 'string' && CURRENCY_PATTERN.test(v) && ISO_4217.has(v),
        defaultMessage: () => 'must be an ISO 4217 currency code in upper case (e.g. USD)',
      },
    },
    options,
  );
}

/** A unit price in cents: a non-negative JSON number or numeric string, possibly fractional. */
export function IsUnitPrice(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUnitPrice',
      validator: {
        validate: (v: unknown) => parseUnitPrice(v) !== null,
        defaultMessage: () => UNIT_PRICE_PROBLEM,
      },
    },
    options,
  );
}

export const UNIT_PRICE_SCHEMA = {
  oneOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^\\d+(\\.\\d+)?$' },
  ],
  description: 'cents, may be fractional',
};

/** UNIT_PRICE_SCHEMA or null: OpenAPI 3.0 takes `nullable` only beside a `type`, so on each branch. */
export const NULLABLE_UNIT_PRICE_SCHEMA = {
  anyOf: UNIT_PRICE_SCHEMA.oneOf.map((branch) => ({ ...branch, nullable: true })),
  description: UNIT_PRICE_SCHEMA.description,
};

export class MoneyDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'USD', description: "must be the pricing's currency (defaults to it)" })
  @IsOptional()
  @IsString()
  @Matches(CURRENCY_PATTERN, { message: 'must be an ISO 4217 currency code in upper case (e.g. USD)' })
  currency?: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MONEY_CENTS, example: 1000 })
  @IsMoneyCents()
  value_in_cents: number;
}

export class TermDto {
  @ApiProperty({ minimum: 1, maximum: MAX_TERM_COUNT, example: 1 })
  @IsInt()
  @Min(1)
  @Max(MAX_TERM_COUNT)
  count: number;

  @ApiProperty({ enum: FREQUENCIES, example: 'MONTH' })
  @IsIn(FREQUENCIES)
  frequency: (typeof FREQUENCIES)[number];
}

/** Response money. */
export class MoneyResponse {
  @ApiProperty() currency: string;
  @ApiProperty() value_in_cents: number;
}

export class TermResponse {
  @ApiProperty() count: number;
  @ApiProperty({ enum: FREQUENCIES }) frequency: string;
}
