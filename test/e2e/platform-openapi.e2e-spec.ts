import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';

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

  it('documents every tenant route with bearer security, a request schema and a response schema', () => {
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
      }
    }
    expect(operations).toBeGreaterThanOrEqual(4);
    expect(problems).toEqual([]);
  });

  it('lists the entitlements routes and the bearer scheme', () => {
    const base = '/api/v1/companies/{company_id}/entitlements';
    expect(Object.keys(doc.paths[base])).toEqual(['post']);
    expect(Object.keys(doc.paths[`${base}/find`])).toEqual(['post']);
    expect(Object.keys(doc.paths[`${base}/{id}`]).sort()).toEqual(['get', 'patch']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.CreateEntitlementDto.required.sort()).toEqual(['aggregator_type', 'key', 'name', 'type']);
  });
});
