/**
 * Generative requests from the OpenAPI document: for every operation, bodies generated from its
 * request schema (valid-looking values, real ids of the tenant's records) and then mutated the
 * way a hostile or careless client would (wrong types, huge numbers, deep nesting, long strings,
 * NUL and lone surrogates, unknown fields, odd dates), and path parameters that are real ids or
 * random strings. Every answer must be below 500 and, when it is an error, in the documented shape.
 */
import fc from 'fast-check';
import request from 'supertest';
import type { Tenant, TestApp } from '../support/app';

type Schema = Record<string, any>;

export interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete' | 'put';
  path: string;
  body: Schema | null;
}

export interface FuzzCase {
  path: string;
  body: unknown;
  raw?: string;
}

export interface Finding {
  operation: string;
  status: number;
  problem: string;
  request: string;
  response: string;
}

/** Every operation of the tenant API (under /api/v1) with its request body schema. */
export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries<Schema>(item)) {
      out.push({ method: method as Operation['method'], path, body: op.requestBody?.content?.['application/json']?.schema ?? null });
    }
  }
  return out;
}

const HUGE_NUMBERS = [
  1e20,
  -1e20,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 31,
  -1,
  -0.5,
  0.5,
  1e-9,
  0,
  1e15,
  1e12 + 1,
  999999999999999,
];
const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '%00',
  "' OR 1=1 --",
  '../../etc/passwd',
  '😀'.repeat(50),
  '2030-W05-1',
  '2030-123',
  '2030-02-30',
  '0000-01-01',
  '99999-01-01T00:00:00Z',
  '2030-01-01T10:00:00',
  '-infinity',
  'infinity',
  'NaN',
  '1e400',
  '-1',
  'true',
  'null',
  'cus_00000000000000000000000000',
  '00000000-0000-0000-0000-000000000000',
];

/** A value nested `depth` levels deep in arrays or objects. */
function nested(depth: number, asObject: boolean, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
}

export class FuzzGenerator {
  private readonly schemas: Record<string, Schema>;

  constructor(
    doc: Schema,
    private readonly ids: string[],
  ) {
    this.schemas = doc.components?.schemas ?? {};
  }

  private resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; i < 10 && s.$ref; i++) s = this.schemas[String(s.$ref).split('/').pop()!] ?? {};
    return s;
  }

  private idArb(): fc.Arbitrary<string> {
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...this.ids) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });
  }

  /** A plausible value of a schema (depth-limited). */
  value(schema: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const options: fc.Arbitrary<unknown>[] = [];
    if (s.enum) options.push(fc.constantFrom(...s.enum));
    else if (s.oneOf || s.anyOf) options.push(fc.oneof(...(s.oneOf ?? s.anyOf).map((x: Schema) => this.value(x, name, depth + 1))));
    else if (s.allOf) options.push(this.value(Object.assign({}, ...s.allOf.map((x: Schema) => this.resolve(x))), name, depth + 1));
    else options.push(this.typed(s, name, depth));
    if (s.nullable) options.push(fc.constant(null));
    return options.length === 1 ? options[0] : fc.oneof(...options);
  }

  private typed(s: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
    const type = s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
    switch (type) {
      case 'string':
        if (s.format === 'date-time' || /date|_at$/.test(name)) {
          return fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms).toISOString());
        }
        if (/(^|_)ids?$|uuid/.test(name)) return this.idArb();
        if (/email/.test(name)) return fc.constantFrom('a@example.com', 'billing@acme.test');
        if (/currency/.test(name)) return fc.constantFrom('USD', 'EUR', 'usd', 'XXX');
        return fc.string({ maxLength: 20 });
      case 'integer':
        return fc.integer({ min: Math.max(s.minimum ?? 0, -1000), max: Math.min(s.maximum ?? 1000, 1_000_000) });
      case 'number':
        return fc.double({
          min: Math.max(s.minimum ?? 0, -1000),
          max: Math.min(s.maximum ?? 1000, 1_000_000),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (depth > 4) return fc.constant([]);
        return fc.array(this.value(s.items, name.replace(/s$/, ''), depth + 1), { maxLength: 3 });
      case 'object': {
        if (depth > 4 || !s.properties)
          return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 });
        const props: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries<Schema>(s.properties)) props[k] = this.value(v, k, depth + 1);
        return fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
      }
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
    }
  }

  /** A hostile replacement for one value. */
  private hostile(): fc.Arbitrary<unknown> {
    return fc.oneof(
      fc.constantFrom(...HUGE_NUMBERS),
      fc.constantFrom(...ODD_STRINGS),
      fc.constantFrom(null, true, false, [], {}, [null], { '': null }),
      fc.integer({ min: 1, max: 3000 }).chain((d) => fc.boolean().map((o) => nested(d, o))),
      fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
      fc.array(fc.integer(), { minLength: 200, maxLength: 2000 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.double(),
    );
  }

  /** Applies `count` mutations at random places of a generated body. */
  mutate(body: unknown): fc.Arbitrary<unknown> {
    return fc
      .array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'unknown', 'delete', 'wrap'), this.hostile()), { maxLength: 3 })
      .map((mutations) => {
        let root: unknown = structuredClone(body);
        for (const [pick, kind, value] of mutations) {
          const slots = collectSlots(root);
          const slot = slots[pick % slots.length];
          if (!slot) {
            root = value;
            continue;
          }
          const [parent, key] = slot;
          if (parent === null) {
            root =
              kind === 'unknown' && root && typeof root === 'object' && !Array.isArray(root)
                ? { ...(root as object), __unknown_field: value }
                : value;
          } else if (kind === 'replace') (parent as any)[key] = value;
          else if (kind === 'wrap') (parent as any)[key] = [(parent as any)[key], value];
          else if (kind === 'delete') {
            if (Array.isArray(parent)) parent.splice(Number(key), 1);
            else delete (parent as any)[key];
          } else if (typeof (parent as any)[key] === 'object' && (parent as any)[key] !== null && !Array.isArray((parent as any)[key])) {
            (parent as any)[key][`unknown_${pick % 7}`] = value;
          } else (parent as any)[key] = value;
        }
        return root;
      });
  }

  /** One request of an operation: a path with its parameters, a body (mutated or not). */
  caseOf(op: Operation, companyId: string): fc.Arbitrary<FuzzCase> {
    const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).filter((p) => p !== 'company_id');
    const paramArb = fc.tuple(
      ...params.map(() =>
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...this.ids) },
          { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('%00', '%ZZ', '..', 'x'.repeat(300), '%F0%9F%98%80', 'cus_00000000000000000000000000', ' '),
          },
        ),
      ),
    );
    const bodyArb: fc.Arbitrary<{ body: unknown; raw?: string }> = op.body
      ? this.value(op.body).chain((valid) =>
          fc.oneof(
            { weight: 2, arbitrary: fc.constant({ body: valid }) },
            { weight: 6, arbitrary: this.mutate(valid).map((body) => ({ body })) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom('{', '[1,', '{"a":1}x', '"\\u0000"', '{"a":"\\ud800"}', 'null', '123')
                .map((raw) => ({ body: undefined, raw })),
            },
          ),
        )
      : fc.oneof(
          fc.constant({ body: undefined }),
          this.mutate({}).map((body) => ({ body })),
        );
    return fc.tuple(paramArb, bodyArb).map(([values, b]) => {
      let path = op.path.replace('{company_id}', companyId);
      params.forEach((p, i) => {
        const v = values[i];
        path = path.replace(`{${p}}`, /^%|^\.\.$/.test(v) ? v : encodeURIComponent(v));
      });
      return { path, body: b.body, raw: b.raw };
    });
  }
}

function collectSlots(root: unknown): [unknown, string | number][] {
  const out: [unknown, string | number][] = [[null, '']];
  const stack: unknown[] = [root];
  let guard = 0;
  while (stack.length && guard++ < 500) {
    const v = stack.pop();
    if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), stack.push(x)));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push([v, k]);
        stack.push(x);
      }
  }
  return out;
}

const ERROR_KEYS = new Set(['error_message', 'error_type', 'error_code', 'error_status', 'validation_errors']);

/** Why an answer breaks the contract, or null. */
export function contractProblem(status: number, body: any): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  if (typeof body.error_message !== 'string' || typeof body.error_type !== 'string' || typeof body.error_code !== 'string')
    return 'error body lacks fields';
  if (body.error_status !== status) return `error_status ${body.error_status} differs from the status ${status}`;
  if (Object.keys(body).some((k) => !ERROR_KEYS.has(k))) return 'error body has other fields';
  if (body.validation_errors !== undefined) {
    const v = body.validation_errors;
    if (!v || typeof v !== 'object' || Object.values(v).some((x) => typeof x !== 'string'))
      return 'validation_errors is not {field: message}';
  }
  return null;
}

/** Sends one case; returns a finding when the answer breaks the contract. */
export async function sendCase(t: TestApp, tenant: Tenant, op: Operation, c: FuzzCase): Promise<Finding | null> {
  let req = (request(t.http) as any)[op.method](c.path).set('Authorization', `Bearer ${tenant.token}`);
  if (c.raw !== undefined) req = req.set('Content-Type', 'application/json').send(c.raw);
  else if (c.body !== undefined) req = req.send(c.body === null ? 'null' : c.body).set('Content-Type', 'application/json');
  const res = await req;
  const problem = contractProblem(res.status, res.body);
  if (!problem) return null;
  const shown = c.raw ?? JSON.stringify(c.body) ?? '';
  return {
    operation: `${op.method.toUpperCase()} ${op.path}`,
    status: res.status,
    problem,
    request: `${op.method.toUpperCase()} ${c.path} ${shown.length > 400 ? `${shown.slice(0, 400)}… (${shown.length} chars)` : shown}`,
    response: JSON.stringify(res.body).slice(0, 300),
  };
}

/** Records of a tenant for path parameters and `*_id` fields: one of each kind. */
export async function seedRecords(tenant: Tenant): Promise<string[]> {
  const ok = async (res: Promise<request.Response> | request.Test, what: string) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`fuzz set-up: ${what} answered ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const customer = await ok(
    tenant.post('/customers', { name: 'Fuzz', email: 'fuzz@example.com', identifier: 'fuzz-customer' }),
    'customer',
  );
  const entitlement = await ok(
    tenant.post('/entitlements', { key: 'fuzz_seats', name: 'Seats', type: 'NUMBER', aggregator_type: 'MAXIMUM' }),
    'entitlement',
  );
  const item = await ok(tenant.post('/billable_items', { name: 'Calls', type: 'CUSTOM_USAGE' }), 'billable item');
  const metric = await ok(
    tenant.post('/billable_metrics', { item_id: item.id, name: 'Calls', metering_rule: { aggregator: 'COUNT', group_keys: [] } }),
    'billable metric',
  );
  const product = await ok(tenant.post('/products', { name: 'Fuzz product' }), 'product');
  const pricing = await ok(
    tenant.post('/pricing', {
      product_id: product.id,
      name: 'Seats',
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: 1000 },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    }),
    'pricing',
  );
  const seatConfig = [{ product_metric_pricing_id: pricing.product_metric_pricings[0].id, num_licenses: 1 }];
  const bundle = await ok(
    tenant.post('/bundles', { name: 'Bundle', currency: 'USD', term: { count: 1, frequency: 'MONTH' }, product_pricing_ids: [pricing.id] }),
    'bundle',
  );
  const pm = await ok(tenant.post(`/customers/${customer.id}/payment_methods`, { token: 'tok_visa' }), 'payment method');
  const sub = await ok(tenant.post('/subscriptions', { customer_id: customer.id, product_pricing_ids: [pricing.id] }), 'subscription');
  const oneTimes = await ok(
    tenant.post('/one_times', {
      customer_id: customer.id,
      type: 'IMMEDIATE',
      auto_charges: true,
      onetime_items: [{ custom_price: { amount: { currency: 'USD', value_in_cents: 5000 } } }],
    }),
    'one-time',
  );
  const txns = await ok(
    tenant.post('/payments/transactions/find', { pagination: { limit: 10 }, sort_key: 'createdAtDesc' }),
    'transactions',
  );
  const credit = await ok(
    tenant.post('/credits', {
      customer_id: customer.id,
      name: 'Credit',
      type: 'AMOUNT',
      amount: { currency: 'USD', value_in_cents: 1000 },
    }),
    'credit',
  );
  const contract = await ok(
    tenant.post('/contracts', {
      customer_id: customer.id,
      title: 'MSA',
      product_pricing_ids: [pricing.id],
      signatories: [{ email: 's@acme.test', name: 'S', position: 1 }],
    }),
    'contract',
  );
  const checkout = await ok(
    tenant.post('/checkout', {
      type: 'CHECKOUT_SESSION',
      customer_id: customer.id,
      product_pricing_ids: [pricing.id],
      config_items: seatConfig,
    }),
    'checkout',
  );
  const objItem = await ok(tenant.post('/billable_items', { name: 'Seats', type: 'CUSTOM_OBJ' }), 'object item');
  const objectRes = await tenant.post('/objects', {
    customer_id: customer.id,
    item_id: objItem.id,
    object_identifier: 'obj-1',
    properties: {},
  });
  const object = objectRes.status < 300 ? objectRes.body : null;
  const ids = [
    customer.id,
    'fuzz-customer',
    entitlement.id,
    item.id,
    objItem.id,
    metric.id,
    product.id,
    pricing.id,
    ...(pricing.product_metric_pricings ?? []).map((p: { id: string }) => p.id),
    bundle.id,
    pm.id,
    sub.id,
    ...(Array.isArray(oneTimes) ? oneTimes.map((o: { invoice_uuid: string }) => o.invoice_uuid) : []),
    ...txns.results.map((x: { id: string }) => x.id),
    credit.id,
    contract.id,
    checkout.id,
    ...(object?.id ? [object.id] : []),
  ];
  return [...new Set(ids.filter((x): x is string => typeof x === 'string'))];
}
