import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';

const run = promisify(execFile);
const REDOCLY = path.join(__dirname, '../../node_modules/.bin/redocly');

/**
 * The only exceptions to Redocly's recommended rules, each with its reason. The health probes
 * have no client error to document (no token, no input), so `operation-4xx-response` does not
 * apply to them; every other operation must document its 4xx answers.
 */
const LINT_IGNORE = {
  'openapi.json': {
    'operation-4xx-response': ['#/paths/~1health/get/responses', '#/paths/~1ready/get/responses'],
  },
};

/** The OpenAPI document is generated from the code: every route, its schemas, bearer security. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  // Operations that take no body by design (spec: "No body").
  const NO_BODY = [/\/start_managing$/, /\/finalize$/, /\/undo_cancel$/, /\/resume$/];

  it('documents every tenant route with bearer security, company_id, a summary, request, answer and error schemas', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        operations++;
        const where = `${method.toUpperCase()} ${path}`;
        if (!(op.security ?? doc.security ?? []).some((s: object) => 'bearer' in s)) problems.push(`${where}: no bearer security`);
        const ok = Object.entries<any>(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code));
        if (!ok || !ok[1].content?.['application/json']?.schema) problems.push(`${where}: no 2xx response schema`);
        if (['post', 'patch', 'put'].includes(method) && !NO_BODY.some((re) => re.test(path))) {
          if (!op.requestBody?.content?.['application/json']?.schema) problems.push(`${where}: no request body schema`);
        }
        if (!path.includes('{company_id}')) problems.push(`${where}: not under a company`);
        if (!(op.parameters ?? []).some((p: any) => p.in === 'path' && p.name === 'company_id' && p.required)) {
          problems.push(`${where}: company_id is not a declared path parameter`);
        }
        if (!op.summary) problems.push(`${where}: no summary`);
        const errors = ['400', '401', '403', '404', '429', '500', ...(method === 'get' ? [] : ['409', '413'])];
        for (const code of errors) {
          if (op.responses?.[code]?.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ErrorResponse') {
            problems.push(`${where}: ${code} is not documented as an ErrorResponse`);
          }
        }
      }
    }
    expect(operations).toBeGreaterThanOrEqual(70);
    expect(problems).toEqual([]);
  });

  it('lists the entitlements routes, the bearer scheme and the error shape', () => {
    const base = '/api/v1/companies/{company_id}/entitlements';
    expect(Object.keys(doc.paths[base])).toEqual(['post']);
    expect(Object.keys(doc.paths[`${base}/find`])).toEqual(['post']);
    expect(Object.keys(doc.paths[`${base}/{id}`]).sort()).toEqual(['get', 'patch']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.CreateEntitlementDto.required.sort()).toEqual(['aggregator_type', 'key', 'name', 'type']);
    expect(doc.components.schemas.ErrorResponse.required.sort()).toEqual(['error_code', 'error_message', 'error_status', 'error_type']);
  });

  it('lints clean under Redocly\'s recommended rules (no error, no warning)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tally-openapi-'));
    try {
      await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
      await writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
      await writeFile(path.join(dir, '.redocly.lint-ignore.yaml'), JSON.stringify(LINT_IGNORE));
      const args = ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000'];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const out = await run(REDOCLY, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout: string }) => e);
      const report = JSON.parse(out.stdout) as { totals: Record<string, number>; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
