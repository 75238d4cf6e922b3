import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, Tenant, TestApp } from '../support/app';
import { FailingModule } from '../support/failing.module';
import { OpenApiContract } from '../support/openapi-contract';
import { EXAMPLE_IDS, REQUEST_EXAMPLES } from '../../src/platform/openapi-request-examples';

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

  it('the reference a newcomer tries: no made-up company id, one error example per status, customers first, a phone viewport', async () => {
    const problems: string[] = [];
    for (const [p, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        const param = (op.parameters ?? []).find((x: any) => x.name === 'company_id');
        if (param && (param.example !== undefined || param.schema?.example !== undefined))
          problems.push(`${method} ${p}: company_id example`);
        for (const status of ['401', '403', '404']) {
          const example = op.responses?.[status]?.content?.['application/json']?.example;
          if (p.startsWith('/api/v1/companies/') && example?.error_status !== Number(status))
            problems.push(`${method} ${p}: ${status} example`);
        }
      }
    expect(problems).toEqual([]);
    expect(doc.tags[0].name).toBe('customers');
    const page = await request(t.http).get('/api/docs/').expect(200);
    expect(page.text).toContain('<title>Tally API reference</title>');
    const init = await request(t.http).get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('persistAuthorization');
    expect(page.text).toContain("m.name='viewport'");
  });

  it("the request examples are small bodies the API takes, once their ids are the company's own", async () => {
    const a = await t.tenant();
    const send = async (key: string, ids: Record<string, string>) => {
      const [method, template] = key.split(' ');
      expect(doc.paths[template][method].requestBody.content['application/json'].example).toEqual(REQUEST_EXAMPLES[key]);
      let body = JSON.stringify(REQUEST_EXAMPLES[key]);
      for (const [kind, id] of Object.entries(ids)) body = body.split(EXAMPLE_IDS[kind as keyof typeof EXAMPLE_IDS]).join(id);
      expect(body).not.toContain('"string"');
      const res = await a.post(template.replace('/api/v1/companies/{company_id}', ''), JSON.parse(body));
      expect({ key, status: res.status, body: res.status < 300 ? null : res.body }).toEqual({ key, status: res.status, body: null });
      return res.body;
    };
    const T = '/api/v1/companies/{company_id}';
    const customer = await send(`post ${T}/customers`, {});
    const product = (await a.post('/products', { name: 'Team' }).expect(200)).body;
    const pricing = await send(`post ${T}/pricing`, { product: product.id });
    const item = (await a.post('/billable_items', { name: 'API calls', type: 'CUSTOM_USAGE' }).expect(200)).body;
    const ids = { customer: customer.id, pricing: pricing.id, seatPrice: pricing.product_metric_pricings[0].id, item: item.id };
    await send(`post ${T}/subscriptions`, ids);
    await send(`post ${T}/events/ingest`, ids);
    expect((await send(`post ${T}/invoices/find`, ids)).results).toBeDefined();
  });

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

  it("lints clean under Redocly's recommended rules (no error, no warning)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tally-openapi-'));
    try {
      await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc));
      await writeFile(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
      await writeFile(path.join(dir, '.redocly.lint-ignore.yaml'), JSON.stringify(LINT_IGNORE));
      const args = ['lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000'];
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const out = await run(REDOCLY, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout: string }) => e);
      const report = JSON.parse(out.stdout) as {
        totals: Record<string, number>;
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The hook of test/support/app.ts: every answer of the e2e suite is checked against the document. */
describe('OpenAPI contract of e2e answers', () => {
  let t: TestApp;
  let a: Tenant;
  let contract: OpenApiContract;
  const json = { 'content-type': 'application/json; charset=utf-8' };
  beforeAll(async () => {
    t = await createTestApp({ imports: [FailingModule] });
    a = await t.tenant();
    contract = new OpenApiContract((await request(t.http).get('/api/docs-json').expect(200)).body);
  });
  afterAll(() => t.close());

  it('fails a request whose answer carries a field the document does not list', async () => {
    await expect(a.post('/__test/drift', {}).expect(200)).rejects.toThrow(/answer differs from the OpenAPI document[\s\S]*surprise/);
  });

  it('accepts real answers, and refuses extra fields, wrong types, nulls where none are documented', async () => {
    const customer = (await a.post('/customers', { name: 'Ada' }).expect(201)).body;
    const path = `${a.base}/customers/${customer.id}`;
    expect(contract.check('GET', path, { status: 200, body: customer, headers: json })).toEqual([]);
    expect(contract.check('GET', path, { status: 200, body: { ...customer, colour: 'red' }, headers: json })).toEqual([
      'GET /api/v1/companies/{company_id}/customers/{customer_id} 200: (body) must NOT have additional properties (colour)',
    ]);
    expect(contract.check('GET', path, { status: 200, body: { ...customer, created_at: {} }, headers: json })).toEqual([
      'GET /api/v1/companies/{company_id}/customers/{customer_id} 200: /created_at must be string',
    ]);
    expect(contract.check('GET', path, { status: 200, body: { ...customer, id: null }, headers: json })).toEqual([
      'GET /api/v1/companies/{company_id}/customers/{customer_id} 200: /id must be string',
    ]);
    const { name: _name, ...nameless } = customer;
    expect(contract.check('GET', path, { status: 200, body: nameless, headers: json })).toEqual([
      "GET /api/v1/companies/{company_id}/customers/{customer_id} 200: (body) must have required property 'name'",
    ]);
  });

  it('refuses undocumented statuses, error bodies of another shape, and undocumented routes other than a 404', () => {
    const path = `${a.base}/customers/cus_x`;
    const error = { error_message: 'customer not found', error_type: 'request_error', error_code: 'not_found', error_status: 404 };
    expect(contract.check('GET', path, { status: 404, body: error, headers: json })).toEqual([]);
    expect(contract.check('GET', path, { status: 418, body: error, headers: json })[0]).toMatch(/418: status not documented/);
    expect(contract.check('GET', path, { status: 404, body: { message: 'nope' }, headers: json })).toContain(
      "GET /api/v1/companies/{company_id}/customers/{customer_id} 404: (body) must have required property 'error_message'",
    );
    expect(contract.check('GET', `${a.base}/nowhere`, { status: 404, body: error, headers: json })).toEqual([]);
    expect(contract.check('DELETE', path, { status: 200, body: {}, headers: json })).toEqual([
      `DELETE ${path} (not in the OpenAPI document): answered 200; an undocumented route may only answer 404 (or 400, 413, 415)`,
    ]);
    expect(contract.check('GET', path, { status: 200, body: {}, text: '<html>', headers: { 'content-type': 'text/html' } })).toEqual([
      'GET /api/v1/companies/{company_id}/customers/{customer_id} 200: answered text/html where the document has JSON',
    ]);
  });

  it('gives the same verdicts with validators loaded from its disk cache as with freshly compiled ones', async () => {
    const document = (await request(t.http).get('/api/docs-json').expect(200)).body;
    const customer = (await a.post('/customers', { name: 'Grace' }).expect(201)).body;
    const path = `${a.base}/customers/${customer.id}`;
    const answers = [customer, { ...customer, colour: 'red' }, { ...customer, id: null }, { ...customer, created_at: {} }];
    const fresh = answers.map((body) => contract.check('GET', path, { status: 200, body, headers: json }));
    // a second contract over the same document reads the validators the first one wrote
    const cached = new OpenApiContract(document);
    expect(answers.map((body) => cached.check('GET', path, { status: 200, body, headers: json }))).toEqual(fresh);
    expect(fresh.map((problems) => problems.length)).toEqual([0, 1, 1, 1]);
  });
});
