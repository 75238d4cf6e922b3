import request from 'supertest';
import { createTestApp, FixedClock, Tenant, TestApp } from '../support/app';
import { expectError } from '../support/errors';
import { createCustomer, createPricing, createProduct, ISO, ok, seatPricing5800 } from '../support/fixtures';

/**
 * Contract templates: POST /contract_templates, GET /contract_templates/{id},
 * POST /contract_templates/find, and a contract made from one (template_id): its content is the
 * template's text, its custom_variables fill the placeholders (defaults for those left out).
 */
const NOW = '2027-03-01T12:00:00.000Z';
const MSA = 'Agreement between ACME and {{customer_name}} for {{seats}} seats, paid {{ terms }}.';

describe('contract templates', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const clock = new FixedClock(new Date(NOW));
  let seats: any;
  let customer: any;

  const template = async (body: Record<string, unknown> = {}, tenant: Tenant = a) =>
    ok(
      await tenant.post('/contract_templates', {
        name: 'MSA',
        content: MSA,
        variables: [
          { name: 'customer_name', description: 'legal name of the customer' },
          { name: 'seats' },
          { name: 'terms', default_value: 'monthly' },
        ],
        ...body,
      }),
    );
  const contract = (over: Record<string, unknown>) =>
    a.post('/contracts', {
      customer_id: customer.id,
      title: 'From a template',
      product_pricing_ids: [seats.id],
      config_items: [{ product_metric_pricing_id: seats.product_metric_pricings[0].id, num_licenses: 2 }],
      signatories: [{ email: 'ceo@acme.test', name: 'Ada Lovelace' }],
      ...over,
    });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.tenant('A');
    b = await t.tenant('B');
    const product = await createProduct(a, { name: 'Templates' });
    seats = await createPricing(a, seatPricing5800(product.id));
    customer = await createCustomer(a, { name: 'Acme Corp' });
  });
  afterAll(() => t.close());

  describe('create, get, find', () => {
    it('creates a template (200) and gets it back', async () => {
      const created = await template({ description: 'our standard', metadata: { v: 2 } });
      expect(created).toEqual({
        id: expect.stringMatching(/^ctpl_[0-9a-z]{26}$/),
        company_id: a.companyId,
        name: 'MSA',
        description: 'our standard',
        content: MSA,
        variables: [
          { name: 'customer_name', description: 'legal name of the customer', default_value: null },
          { name: 'seats', description: null, default_value: null },
          { name: 'terms', description: null, default_value: 'monthly' },
        ],
        metadata: { v: 2 },
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expect(await ok(await a.get(`/contract_templates/${created.id}`))).toEqual(created);
    });

    it('finds templates by name and search, paginated', async () => {
      const x = await template({ name: 'Find me X', description: 'reseller terms' });
      const y = await template({ name: 'Find me Y' });
      const byName = await ok(await a.post('/contract_templates/find', { query: { name: 'Find me X' } }));
      expect(byName.results.map((r: any) => r.id)).toEqual([x.id]);
      const bySearch = await ok(await a.post('/contract_templates/find', { query: { search: 'find ME' }, sort_key: 'createdAtAsc' }));
      expect(bySearch.results.map((r: any) => r.id)).toEqual([x.id, y.id]);
      const byDescription = await ok(await a.post('/contract_templates/find', { query: { search: 'reseller' } }));
      expect(byDescription.results.map((r: any) => r.id)).toEqual([x.id]);
      const first = await ok(
        await a.post('/contract_templates/find', { query: { search: 'find me' }, sort_key: 'createdAtAsc', pagination: { limit: 1 } }),
      );
      expect(first.results.map((r: any) => r.id)).toEqual([x.id]);
      const second = await ok(
        await a.post('/contract_templates/find', {
          query: { search: 'find me' },
          sort_key: 'createdAtAsc',
          pagination: { limit: 1, from_key: first.pagination.from_key },
        }),
      );
      expect(second.results.map((r: any) => r.id)).toEqual([y.id]);
      expectError(await a.post('/contract_templates/find', { query: { owner_id: 'x' } }), 400, 'validation_error');
    });

    it.each([
      ['no name', { name: undefined }, 'name'],
      ['no content', { content: undefined }, 'content'],
      ['an empty content', { content: '' }, 'content'],
      ['an undeclared placeholder', { content: 'Hello {{who}} and {{seats}}', variables: [{ name: 'seats' }] }, 'content'],
      ['a variable declared twice', { content: 'x', variables: [{ name: 'a' }, { name: 'a' }] }, 'variables[1].name'],
      ['a bad variable name', { content: 'x', variables: [{ name: 'two words' }] }, 'variables[0].name'],
      ['variables not a list', { variables: { seats: 1 } }, 'variables'],
      ['a default not a string', { content: 'x', variables: [{ name: 'a', default_value: 3 }] }, 'variables[0].default_value'],
      ['an undocumented field', { engine: 'handlebars' }, 'engine'],
    ])('%s is a 400 naming it, and creates nothing', async (_label, fields, field) => {
      const name = `Bad ${_label}`;
      const res = await a.post('/contract_templates', {
        name,
        content: MSA,
        variables: [{ name: 'customer_name' }, { name: 'seats' }, { name: 'terms' }],
        ...fields,
      });
      const e = expectError(res, 400, 'validation_error');
      expect(Object.keys(e.validation_errors!)[0]).toBe(field);
      expect((await ok(await a.post('/contract_templates/find', { query: { name } }))).results).toEqual([]);
    });

    it("templates are the company's own: another company gets 404 and does not find them", async () => {
      const mine = await template({ name: 'Private MSA' });
      expectError(await b.get(`/contract_templates/${mine.id}`), 404, 'request_error', 'not_found');
      expect((await ok(await b.post('/contract_templates/find', { query: { name: 'Private MSA' } }))).results).toEqual([]);
      expectError(await a.get('/contract_templates/ctpl_01jzzzzzzzzzzzzzzzzzzzzzzz'), 404, 'request_error', 'not_found');
      expectError(await a.get('/contract_templates/nope'), 404, 'request_error', 'not_found');
    });
  });

  describe('a contract from a template', () => {
    it('copies the content and fills its variables (defaults for those left out); the signing page shows the filled text', async () => {
      const tpl = await template();
      const c = await ok(await contract({ template_id: tpl.id, custom_variables: { customer_name: 'Acme Corp', seats: 2 } }));
      expect(c).toMatchObject({
        template_id: tpl.id,
        content: MSA,
        content_template: MSA,
        custom_variables: { customer_name: 'Acme Corp', seats: 2, terms: 'monthly' },
        rendered_content: 'Agreement between ACME and Acme Corp for 2 seats, paid monthly.',
      });
      const page = await request(t.http).get(new URL(c.signatories[0].signature_link).pathname);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Agreement between ACME and Acme Corp for 2 seats, paid monthly.');

      // a PATCH of custom_variables renders again
      const patched = await ok(
        await a.patch(`/contracts/${c.id}`, { custom_variables: { customer_name: 'Acme Corp', seats: 5, terms: 'yearly' } }),
      );
      expect(patched.rendered_content).toBe('Agreement between ACME and Acme Corp for 5 seats, paid yearly.');
    });

    it('a variable without default must be given (400 naming it), content and template_id together are a 400, nothing is created', async () => {
      const tpl = await template();
      const c = await createCustomer(a);
      const missing = expectError(
        await contract({ customer_id: c.id, template_id: tpl.id, custom_variables: { customer_name: 'X' } }),
        400,
        'validation_error',
      );
      expect(Object.keys(missing.validation_errors!)).toEqual(['custom_variables.seats']);
      const both = expectError(
        await contract({ customer_id: c.id, template_id: tpl.id, content: 'Mine', custom_variables: { customer_name: 'X', seats: 1 } }),
        400,
        'validation_error',
      );
      expect(Object.keys(both.validation_errors!)).toEqual(['content']);
      expect((await ok(await a.post('/contracts/find', { query: { customer_id: c.id } }))).results).toEqual([]);
    });

    it("another company's template, or an unknown one, is a 404 naming template_id", async () => {
      const theirs = await template({}, b);
      for (const id of [theirs.id, 'ctpl_01jzzzzzzzzzzzzzzzzzzzzzzz', 'nope']) {
        const e = expectError(
          await contract({ template_id: id, custom_variables: { customer_name: 'X', seats: 1 } }),
          404,
          'request_error',
          'not_found',
        );
        expect(Object.keys(e.validation_errors ?? {})).toEqual(['template_id']);
      }
    });
  });
});
