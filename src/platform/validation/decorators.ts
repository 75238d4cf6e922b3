import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateBy, ValidateNested } from 'class-validator';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Dto = Function;

/** An optional (nullable) array of nested DTOs, validated element by element (`field[i].x` paths). */
export function OptionalNestedArray(type: Dto, maxItems: number, api: ApiPropertyOptions = {}) {
  return applyDecorators(
    ApiPropertyOptional({ ...api, type: [type] } as ApiPropertyOptions),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(maxItems),
    ValidateNested({ each: true }),
    Type(() => type),
  );
}

/** An optional (nullable) array of strings. */
export function OptionalStringArray(maxItems: number, maxLength = 255, api: ApiPropertyOptions = {}) {
  return applyDecorators(
    ApiPropertyOptional({ ...api, type: [String] } as ApiPropertyOptions),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(maxItems),
    IsString({ each: true }),
    MaxLength(maxLength, { each: true }),
  );
}

/**
 * A field a billing system is expected to take that Tally does not act on yet: documented, and
 * refused with a 400 naming it (`is not supported yet: <why>`) when it asks for anything (a
 * value other than null, false or an empty list), so a request is never stored and ignored.
 */
export function NotSupportedYet(why: string, api: ApiPropertyOptions) {
  return applyDecorators(
    ApiPropertyOptional({ ...api, nullable: true, description: `Not supported yet: ${why}` } as ApiPropertyOptions),
    IsOptional(),
    ValidateBy({
      name: 'notSupportedYet',
      validator: {
        validate: (value: unknown) => value === false || (Array.isArray(value) && value.length === 0),
        defaultMessage: () => `is not supported yet: ${why}`,
      },
    }),
  );
}
