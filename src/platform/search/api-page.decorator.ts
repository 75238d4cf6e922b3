import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/** OpenAPI: a 200 answer `{pagination: {from_key, limit, total?}, results: Model[]}`. */
export function ApiPageResponse(model: Type<unknown>) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: ['pagination', 'results'],
        properties: {
          pagination: {
            type: 'object',
            required: ['from_key', 'limit'],
            properties: {
              from_key: { type: 'string', nullable: true },
              limit: { type: 'integer' },
              total: { type: 'integer', description: 'only with include_meta: true' },
            },
          },
          results: { type: 'array', items: { $ref: getSchemaPath(model) } },
        },
      },
    }),
  );
}
