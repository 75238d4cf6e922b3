import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { MAX_PAGE_BYTES } from './search';

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
              from_key: {
                type: 'string',
                nullable: true,
                description:
                  `the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at ` +
                  `\`limit\` rows or at about ${MAX_PAGE_BYTES} bytes of rows, whichever comes first (always at least one row)`,
              },
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
