import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiParam, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CATEGORIES } from './errors/domain-error';

const ERROR_TYPES = [...new Set(Object.values(ERROR_CATEGORIES).map((c) => c.type))];

/** The one error body of the service (docs/api.md, "Conventions"), whatever raised it. */
export class ErrorResponse {
  @ApiProperty({ example: 'customer_id must be a string' }) error_message: string;
  @ApiProperty({ enum: ERROR_TYPES, example: 'validation_error' }) error_type: string;
  @ApiProperty({ description: 'a stable snake_case word per cause (not_found, invalid_field, invalid_state, …)', example: 'invalid_field' })
  error_code: string;
  @ApiProperty({ type: 'integer', description: 'the HTTP status', example: 400 }) error_status: number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'validation_error only: the problem of each bad field, keyed by dotted path',
    example: { customer_id: 'must be a string' },
  })
  validation_errors?: Record<string, string>;
}

/**
 * No example: a made-up id answers 403 to every "Try it out"; the reader types the id of their
 * own token's company (printed by `token create`).
 */
export const COMPANY_ID_PARAM = {
  name: 'company_id',
  description: 'your company (cmp_…): the one the bearer token belongs to, printed by `npm run cli -- token create`',
};

/**
 * OpenAPI for a tenant controller: bearer security and the `{company_id}` path parameter of
 * every route. The error answers of every tenant operation are added where the document is
 * built (src/platform/openapi.ts), by method.
 */
export function ApiTenantController() {
  return applyDecorators(ApiBearerAuth(), ApiParam(COMPANY_ID_PARAM), ApiExtraModels(ErrorResponse));
}
