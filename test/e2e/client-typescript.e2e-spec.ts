import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { BillingRunService } from '../../src/invoicing/billing-engine/billing-run.service';
import { createTallyClient } from '../../clients/typescript';
import { walkLifecycle } from '../../clients/typescript/examples/lifecycle';
import { walkMinimalBodies } from '../../clients/typescript/examples/minimal-bodies';
import { createTestApp, TestApp } from '../support/app';
import { OpenApiContract } from '../support/openapi-contract';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '../..');
const SCHEMA_FILE = path.join(ROOT, 'clients/typescript/schema.ts');

/** schema.ts as `npm run client:generate` would write it for this document (openapi-typescript needs plain Node: a child process). */
async function renderSchemaTypes(document: object): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tally-client-'));
  try {
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(document));
    const args = ['clients/typescript/generate.js', '--document', path.join(dir, 'openapi.json'), '--stdout'];
    return (await run(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** clients/typescript: generated from the OpenAPI document, type-checked, and used against a running service. */
describe('TypeScript client (openapi-typescript + openapi-fetch)', () => {
  let t: TestApp;
  let document: object;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await request(t.http).get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());
  let port: number | undefined;
  async function listening(): Promise<{ port: number }> {
    if (port === undefined) {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as { port: number }).port;
    }
    return { port };
  }

  it('is not stale: the committed schema.ts is what the served document generates (else run `npm run client:generate`)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await renderSchemaTypes(document);
    expect(committed.length).toBeGreaterThan(10_000);
    // one assertion on the whole file, after a cheap one that names the first differing line
    const committedLines = committed.split('\n');
    const firstDiff = fresh.split('\n').findIndex((line, i) => line !== committedLines[i]);
    expect({ firstDifferingLine: firstDiff === -1 ? null : firstDiff + 1 }).toEqual({ firstDifferingLine: null });
    expect(fresh === committed).toBe(true);
  });

  it('type-checks the client and its lifecycle example (tsc --noEmit)', async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const out = await run(process.execPath, [tsc, '-p', 'clients/typescript/tsconfig.json'], { cwd: ROOT }).catch(
      (e: { stdout: string }) => e,
    );
    expect(out.stdout).toBe('');
  }, 180_000); // a whole tsc run: slow on a busy two-core machine

  it('request schemas carry no `default` (generators would make those fields required); answers still mark what is always present', () => {
    const schemas = (document as { components: { schemas: Record<string, { properties?: Record<string, object>; required?: string[] }> } })
      .components.schemas;
    const withDefault = Object.entries(schemas).flatMap(([name, s]) =>
      Object.entries(s.properties ?? {})
        .filter(([, p]) => 'default' in p)
        .map(([k]) => `${name}.${k}`),
    );
    expect(withDefault).toEqual([]);
    expect(schemas.CreateCustomerDto.required ?? []).not.toContain('managed_externally');
    expect(schemas.CreateCustomerDto.properties?.managed_externally).toMatchObject({
      description: expect.stringContaining('Default: `false`'),
    });
    expect(schemas.CustomerResponse.required).toEqual(expect.arrayContaining(['id', 'managed_externally', 'name']));
    // every find takes {}: pagination and sort_key have defaults
    const finds = Object.entries(schemas).filter(([name]) => /^Find\w+Body$/.test(name));
    expect(finds.map(([name]) => name)).toEqual(expect.arrayContaining(['FindBillableItemsBody', 'FindPaymentTransactionsBody']));
    expect(finds.filter(([, s]) => (s.required ?? []).length > 0).map(([name]) => name)).toEqual([]);
  });

  it('sends the walk-through with minimal bodies (examples/minimal-bodies.ts, type-checked above) and every answer matches the document', async () => {
    const address = await listening();
    const a = await t.tenant();
    const contract = new OpenApiContract(document as never);
    const problems: string[] = [];
    const checkedFetch: typeof fetch = async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const res = await fetch(req);
      const text = await res.clone().text();
      const headers = Object.fromEntries(res.headers.entries());
      problems.push(
        ...contract.check(req.method, req.url, { status: res.status, body: text ? JSON.parse(text) : undefined, text, headers }),
      );
      return res;
    };
    const client = createTallyClient({ baseUrl: `http://127.0.0.1:${address.port}`, token: a.token, fetch: checkedFetch });
    const { customer, subscription, found } = await walkMinimalBodies(client, a.companyId, 'min');
    expect(problems).toEqual([]);
    expect(customer).toMatchObject({ managed_externally: false, identifier: 'ada-min' });
    expect(subscription).toMatchObject({ customer_id: customer.id, auto_renews: true });
    // customers, products, pricings (2), billable items (License + API calls), metrics (License's + API calls), Ada's subscriptions
    expect(found.slice(0, 6)).toEqual([1, 1, 2, 2, 2, 1]);
  });

  it('walks customer → product → pricing → subscription → invoice against the service on a free port', async () => {
    const address = await listening();
    const a = await t.tenant();

    // every answer the client receives is checked against the document too
    const contract = new OpenApiContract(document as never);
    const problems: string[] = [];
    const checkedFetch: typeof fetch = async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const res = await fetch(req);
      const text = await res.clone().text();
      const headers = Object.fromEntries(res.headers.entries());
      problems.push(
        ...contract.check(req.method, req.url, { status: res.status, body: text ? JSON.parse(text) : undefined, text, headers }),
      );
      return res;
    };
    const client = createTallyClient({ baseUrl: `http://127.0.0.1:${address.port}`, token: a.token, fetch: checkedFetch });
    const runs = t.app.get(BillingRunService);

    const { preview, invoice } = await walkLifecycle(client, a.companyId, async (at) => {
      await runs.run(at, { companyIds: [a.companyId] });
    });

    expect(problems).toEqual([]);
    expect(preview).toMatchObject({ uuid: null, id: null, status: 'DRAFT', total: { currency: 'USD', value_in_cents: 14700 } });
    expect(invoice).toMatchObject({ status: 'PAID', total: { currency: 'USD', value_in_cents: 14700 }, due: { value_in_cents: 0 } });
    expect(invoice.items.map((i) => [i.name, i.quantity, i.amount.value_in_cents])).toEqual(
      preview.items.map((i) => [i.name, i.quantity, i.amount.value_in_cents]),
    );
    // the end state, read back without the client
    const stored = (await a.get(`/invoices/${invoice.uuid}`).expect(200)).body;
    expect(stored).toEqual(invoice);
    const txns = (
      await a.post('/payments/transactions/find', { query: { invoice_uuid: invoice.uuid }, pagination: { limit: 10 } }).expect(200)
    ).body;
    expect(
      txns.results.map((x: { provider_type: string; total_amount: { value_in_cents: number } }) => [
        x.provider_type,
        x.total_amount.value_in_cents,
      ]),
    ).toEqual([['WIRE', 14700]]);
  });
});
