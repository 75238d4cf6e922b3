import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

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
