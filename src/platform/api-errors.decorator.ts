import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

const errorSchema = {
  type: 'object',
  properties: {
    error_message: { type: 'string' },
    error_type: { type: 'string' },
    error_code: { type: 'string' },
    error_status: { type: 'integer' },
    validation_errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** OpenAPI for a tenant controller: bearer security and the error body of every failure. */
export function ApiTenantController() {
  return applyDecorators(
    ApiBearerAuth(),
    ApiBadRequestResponse({ description: 'validation_error / request_error', schema: errorSchema }),
    ApiUnauthorizedResponse({ description: 'missing, malformed, unknown or revoked token', schema: errorSchema }),
    ApiForbiddenResponse({ description: 'the token is for another company', schema: errorSchema }),
    ApiNotFoundResponse({ description: 'no such record in this company', schema: errorSchema }),
    ApiTooManyRequestsResponse({
      description: 'rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after `Retry-After` seconds',
      schema: errorSchema,
      headers: { 'Retry-After': { description: 'seconds until the window ends', schema: { type: 'integer' } } },
    }),
  );
}
