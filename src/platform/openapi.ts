import { applyRequestExamples } from './openapi-request-examples';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponse } from './api-errors.decorator';

export const TENANT_PATH_PREFIX = '/api/v1/companies/{company_id}/';

/** The error answers every tenant operation may give (docs/api.md, "Conventions"). */
const TENANT_ERRORS: Record<string, string> = {
  400: 'validation_error (with validation_errors, by dotted field path) or request_error',
  401: 'auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer)',
  403: 'auth_error: the token is for another company',
  404: 'request_error / not_found: no such record in this company',
  429: 'request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds',
  500: 'api_error: anything unexpected (never SQL or a stack)',
};
/** …and those of operations that write (idempotency keys, bodies). */
const WRITE_ERRORS: Record<string, string> = {
  409: 'request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use)',
  413: 'request_error / payload_too_large: a body over 1 MiB',
  415: 'request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding',
};

/** One realistic error body per status, so each answer of the reference shows its own. */
const ERROR_EXAMPLES: Record<string, Record<string, unknown>> = {
  400: {
    error_message: 'email must be an email',
    error_type: 'validation_error',
    error_code: 'invalid_field',
    error_status: 400,
    validation_errors: { email: 'must be an email' },
  },
  401: { error_message: 'missing bearer token', error_type: 'auth_error', error_code: 'unauthorized', error_status: 401 },
  403: { error_message: 'the token is not for this company', error_type: 'auth_error', error_code: 'forbidden', error_status: 403 },
  404: { error_message: 'customer not found', error_type: 'request_error', error_code: 'not_found', error_status: 404 },
  409: { error_message: 'the invoice is PAID', error_type: 'request_error', error_code: 'invalid_state', error_status: 409 },
  413: { error_message: 'the body is larger than 1 MiB', error_type: 'request_error', error_code: 'payload_too_large', error_status: 413 },
  415: {
    error_message: 'the body must be JSON (application/json)',
    error_type: 'request_error',
    error_code: 'unsupported_media_type',
    error_status: 415,
  },
  429: { error_message: 'too many requests', error_type: 'request_error', error_code: 'rate_limited', error_status: 429 },
  500: { error_message: 'something went wrong', error_type: 'api_error', error_code: 'internal_error', error_status: 500 },
};

/** The tags in the order a newcomer meets them (customers first, then what they buy and are billed), described. */
const TAGS: [string, string][] = [
  ['customers', 'The people and organisations a company bills: start here.'],
  ['catalog', 'Products, their pricings and prices: what customers can buy.'],
  ['subscriptions', 'A customer on a plan: terms, quantities, changes and cancellation.'],
  ['metrics', 'Usage events and the metrics that count them for usage prices.'],
  ['invoicing', 'Invoices: drafts, finalization, lines, links to the hosted page and PDF.'],
  ['payments', 'Cards on file, charges, refunds and payment transactions.'],
  ['checkout', 'Hosted checkout sessions that sign a customer up and take the first payment.'],
  ['contracts', 'Contracts signed on a hosted page that start a subscription.'],
  ['credits', 'Credit grants and their balance, applied to invoices.'],
  ['entitlements', 'What a customer may use, from their subscriptions.'],
  ['customer dashboards', 'Links to the hosted customer portal and usage page.'],
  ['webhooks', 'Endpoints that receive events.'],
  ['webhook events', 'The events sent to webhook endpoints, and their deliveries.'],
  ['companies', 'The company itself: settings and tokens.'],
  ['platform', 'Health and service information.'],
];

/**
 * The OpenAPI 3 document served at /api/docs-json: built from the controllers' and DTOs'
 * decorators, plus what every tenant operation shares (the error answers). It is a contract:
 * it lints clean under Redocly's recommended rules, every e2e answer is validated against it,
 * and clients/typescript is generated from it.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tally billing API')
      .setDescription(
        'Multi-tenant billing: catalog, usage, subscriptions, invoices, payments, credits. Every tenant route lives under ' +
          '`/api/v1/companies/{company_id}` and needs `Authorization: Bearer <token>` of that company. Errors have one shape ' +
          '(`ErrorResponse`). Start with the [README](/README.md) of the repository; conventions and limits are in ' +
          '[docs/api.md](/docs/api.md).',
      )
      .setVersion('1')
      .setLicense('MIT', 'https://opensource.org/licenses/MIT')
      .addServer('/', 'the service that serves this document')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'tally_sk_… token from `npm run cli -- token create`' })
      .build(),
  );
  const errorRef = { $ref: getSchemaPath(ErrorResponse) };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, { responses: Record<string, unknown>; security?: unknown[] }][]) {
      if (!path.startsWith(TENANT_PATH_PREFIX)) {
        operation.security ??= []; // public routes (health probes): no token
        continue;
      }
      const errors = { ...TENANT_ERRORS, ...(method === 'get' ? {} : WRITE_ERRORS) };
      for (const [status, description] of Object.entries(errors)) {
        operation.responses[status] ??= {
          description,
          ...(status === '429'
            ? { headers: { 'Retry-After': { description: 'seconds until the window ends', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema: errorRef, ...(ERROR_EXAMPLES[status] ? { example: ERROR_EXAMPLES[status] } : {}) } },
        };
      }
      if (method !== 'get') declareIdempotencyKey(operation as unknown as WriteOperation);
    }
  }
  openBareObjects(document);
  keepRequestDefaultsOptional(document);
  applyRequestExamples(document.paths as unknown as Record<string, Record<string, unknown>>);
  const used = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as { tags?: string[] }[]) for (const tag of operation.tags ?? []) used.add(tag);
  const known = new Map(TAGS.map(([name, description], k) => [name, { k, description }]));
  const rank = (t: string) => known.get(t)?.k ?? TAGS.length;
  document.tags = [...used]
    .sort((x, y) => rank(x) - rank(y) || x.localeCompare(y))
    .map((name) => ({ name, description: known.get(name)?.description ?? `The ${name} routes.` }));
  return document;
}

type SchemaNode = Record<string, unknown>;
interface WriteOperation {
  parameters?: { name: string; in: string; [k: string]: unknown }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
}

/** The Idempotency-Key a write may carry (docs/api.md) and its echo on every answer. */
function declareIdempotencyKey(operation: WriteOperation): void {
  operation.parameters ??= [];
  if (!operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
    operation.parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  for (const response of Object.values(operation.responses)) {
    response.headers = {
      ...response.headers,
      'Idempotency-Key': { description: 'the Idempotency-Key the request carried, on every answer to it', schema: { type: 'string' } },
    };
  }
}

/**
 * An object schema with neither `properties` nor `additionalProperties` (metadata, a usage
 * event, a free-form config) says outright that it takes any keys. JSON Schema already reads it
 * so, but generators do not agree: openapi-typescript types it `Record<string, never>`, an object
 * a client could never fill.
 */
function openBareObjects(document: OpenAPIObject): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as SchemaNode;
    const bare =
      schema.type === 'object' &&
      !('properties' in schema) &&
      !('additionalProperties' in schema) &&
      !('$ref' in schema) &&
      !('allOf' in schema) &&
      !('oneOf' in schema) &&
      !('anyOf' in schema);
    if (bare) schema.additionalProperties = true;
    Object.values(schema).forEach(visit);
  };
  visit(document.paths);
  visit(document.components);
}

/**
 * The schemas a request body reaches say their defaults in words only. A property with a
 * `default` is one the server fills in when it is left out, so in a request it is optional; but
 * generators read `default` as "always present" (openapi-typescript, with its default options,
 * makes such a property required), which is true of an answer and false of a request. Answers
 * keep their `required` lists; request schemas keep the default in their description
 * ("Default: …"), where people and generators both read it right.
 */
function keepRequestDefaultsOptional(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const reached = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const ref = (node as SchemaNode).$ref;
    if (typeof ref === 'string') {
      const name = ref.split('/').pop() as string;
      if (!reached.has(name)) {
        reached.add(name);
        walk(schemas[name]);
      }
      return;
    }
    Object.values(node).forEach(walk);
  };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as { requestBody?: unknown; parameters?: unknown }[]) {
      walk(operation.requestBody);
      walk(operation.parameters);
    }
  const moveDefault = (property: SchemaNode): void => {
    if (!('default' in property)) return;
    const said = `Default: \`${JSON.stringify(property.default)}\`.`;
    const description = typeof property.description === 'string' ? property.description : '';
    property.description = description ? `${description.replace(/[.\s]*$/, '')}. ${said}` : said;
    delete property.default;
  };
  for (const name of reached) {
    const schema = schemas[name];
    for (const property of Object.values((schema?.properties ?? {}) as Record<string, SchemaNode>)) {
      moveDefault(property);
      if (property.items && typeof property.items === 'object') moveDefault(property.items as SchemaNode);
    }
  }
}
