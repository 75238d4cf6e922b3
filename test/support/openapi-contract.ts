import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI document as a contract for the e2e suite: every answer the test app gives is
 * checked against the document's schema for its route, method and status (see app.ts, which
 * hooks this into every supertest request made against a test app).
 *
 * - A route and method in the document: the status must be documented, and a JSON body must
 *   match that status's schema. Objects with `properties` are closed: an answer carrying a
 *   field the document does not list is drift too (a generated client would not know it).
 * - A route or method not in the document: only the documented 404 error body is allowed (an
 *   unknown route), except the pages that are outside the JSON API by design (OUTSIDE_API).
 *
 * Each schema is compiled on first use. Compiling is most of the check's cost and every test file
 * runs in a fresh module registry, so a compiled validator is also kept on disk as Ajv's
 * standalone code in node_modules/.cache, under a folder named by the hash of the whole document:
 * the next file (or run) with the same document loads it instead of compiling again; a changed
 * document starts a new folder and removes the old ones.
 */
const CACHE_ROOT = join(__dirname, '..', '..', 'node_modules', '.cache', 'tally-openapi-contract');

/** Served by the app but not part of the JSON API: the reference itself, the hosted HTML pages, the Prometheus text. */
const OUTSIDE_API = [
  /^\/api\/docs(-json)?(\/|$)/,
  /^\/metrics$/,
  /^\/checkout\/pay\//,
  /^\/contracts\/sign\//,
  /^\/invoices\/pay\//,
  /^\/portal\//,
  /^\/usage\//,
];
const DOC_ID = 'tally-openapi';
const ERROR_SCHEMA = '#/components/schemas/ErrorResponse';

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Route {
  template: string;
  pattern: RegExp;
  params: number;
  methods: Record<string, Operation>;
}

export interface ContractAnswer {
  status: number;
  body: unknown;
  text?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** OpenAPI 3.0 schema → JSON Schema (draft-07) for ajv: nullable, $refs, closed objects. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const {
    nullable,
    example: _example,
    examples: _examples,
    deprecated: _deprecated,
    discriminator: _d,
    xml: _x,
    externalDocs: _e,
    ...rest
  } = schema as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = `${DOC_ID}#/definitions/${value.replace('#/components/schemas/', '')}`;
    else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, s]) => [name, toJsonSchema(s)]));
    } else if (key === 'enum' || key === 'required' || key === 'default') out[key] = value;
    else out[key] = toJsonSchema(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // OpenAPI 3.0 (draft 4) spells an exclusive bound as a boolean beside minimum/maximum.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound];
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  if (nullable === true) {
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return { anyOf: [{ type: 'null' }, out] };
  }
  return out;
}

export class OpenApiContract {
  private readonly ajv: Ajv;
  private readonly routes: Route[];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly cacheDir: string;

  constructor(document: OpenAPIObject) {
    this.ajv = new Ajv({ strict: false, allErrors: true, logger: false, code: { source: true } });
    addFormats(this.ajv);
    const definitions = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s)]));
    this.ajv.addSchema({ $id: DOC_ID, definitions });
    this.routes = Object.entries(document.paths)
      .map(([template, item]) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
        methods: item as unknown as Record<string, Operation>,
      }))
      // the most specific template first: /invoices/next before /invoices/{uuid}
      .sort((a, b) => a.params - b.params);
    const hash = createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16);
    this.cacheDir = join(CACHE_ROOT, hash);
    if (!existsSync(this.cacheDir)) {
      for (const old of existsSync(CACHE_ROOT) ? readdirSync(CACHE_ROOT) : [])
        rmSync(join(CACHE_ROOT, old), { recursive: true, force: true });
    }
  }

  /** The problems of one answer (empty when it keeps the contract). */
  check(method: string, url: string, answer: ContractAnswer): string[] {
    // the path as the server routed it: no dot-segment resolution (a `..` path parameter stays one segment)
    const pathname = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
    if (OUTSIDE_API.some((re) => re.test(pathname))) return [];
    const verb = method.toLowerCase();
    const route = this.routes.find((r) => r.pattern.test(pathname) && r.methods[verb]);
    if (!route) {
      // An unknown route (or method): the 404 error body — or a 400, 413 or 415 one for a
      // request refused before routing (a path that does not decode, a body that is malformed,
      // too large or not JSON).
      const where = `${method.toUpperCase()} ${pathname} (not in the OpenAPI document)`;
      if (![404, 400, 413, 415].includes(answer.status))
        return [`${where}: answered ${answer.status}; an undocumented route may only answer 404 (or 400, 413, 415)`];
      return this.validate(`unknown route ${answer.status}`, { $ref: ERROR_SCHEMA }, where, answer);
    }
    const where = `${method.toUpperCase()} ${route.template} ${answer.status}`;
    const operation = route.methods[verb];
    const status = String(answer.status);
    const response = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      return [`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${clip(answer)}`];
    }
    const json = response.content?.['application/json'];
    if (!json?.schema) {
      if (answer.text) return [`${where}: answered a body where the document has none: ${clip(answer)}`];
      return [];
    }
    const type = String(answer.headers['content-type'] ?? '');
    // another media type the document lists for this answer (a report's text/csv): a text body
    if (Object.keys(response.content ?? {}).some((t) => t !== 'application/json' && type.startsWith(t))) return [];
    if (!type.startsWith('application/json')) return [`${where}: answered ${type || 'no content type'} where the document has JSON`];
    if (answer.status >= 400 && (json.schema as Schema).$ref !== ERROR_SCHEMA)
      return [`${where}: error answer not documented as ErrorResponse`];
    return this.validate(`${verb} ${route.template} ${status}`, json.schema, where, answer);
  }

  /** A validator from the disk cache, or compiled and written there (atomically: two workers may race). */
  private load(key: string, schema: unknown): ValidateFunction {
    const file = join(this.cacheDir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.js`);
    try {
      return evaluate(readFileSync(file, 'utf8'));
    } catch {
      // not cached yet (or unreadable): compile
    }
    const validate = this.ajv.compile(toJsonSchema(schema) as Schema);
    try {
      mkdirSync(this.cacheDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, standaloneCode(this.ajv, validate));
      renameSync(temporary, file);
    } catch {
      // a cache that cannot be written (read-only folder, removed meanwhile) only costs speed
    }
    return validate;
  }

  private validate(key: string, schema: unknown, where: string, answer: ContractAnswer): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.load(key, schema);
      this.compiled.set(key, validate);
    }
    if (validate(answer.body)) return [];
    return (validate.errors ?? [])
      .filter((e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && e.params.type === 'null'))
      .slice(0, 10)
      .map(
        (e) =>
          `${where}: ${e.instancePath || '(body)'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${e.params.additionalProperty})` : ''}`,
      );
  }
}

/** Ajv's standalone code is a CommonJS module whose requires are Ajv's runtime and ajv-formats. */
const nodeRequire = createRequire(__filename);
function evaluate(code: string): ValidateFunction {
  const module = { exports: {} as { default?: ValidateFunction } };
  new Function('require', 'module', 'exports', code)(nodeRequire, module, module.exports);
  return (module.exports.default ?? module.exports) as ValidateFunction;
}

function clip(answer: ContractAnswer): string {
  const text = answer.text ?? JSON.stringify(answer.body);
  return text && text.length > 300 ? `${text.slice(0, 300)}…` : String(text);
}

/** Every violation also goes to this file when OPENAPI_CONTRACT_LOG is set (a survey over a whole run). */
export function logViolations(problems: string[]): void {
  const file = process.env.OPENAPI_CONTRACT_LOG;
  if (file && problems.length) appendFileSync(file, problems.map((p) => `${p}\n`).join(''));
}
