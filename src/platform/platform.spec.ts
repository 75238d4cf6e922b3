import { ValidationError } from 'class-validator';
import { QueryFailedError } from 'typeorm';
import { isId, newId } from './ids/ids';
import { generateToken, hashToken, parseToken, sameHash } from './auth/token-format';
import { flattenValidationErrors } from './errors/validation';
import { renderError } from './errors/error-body';
import { DomainError } from './errors/domain-error';
import { ConfigError, loadConfig } from './config/config';
import { requestFingerprint } from './idempotency/idempotency.service';
import { bigintTransformer } from './database/transformers';

describe('ids', () => {
  it('are prefixed, URL-safe and sortable by creation', () => {
    const ids = Array.from({ length: 200 }, () => newId('customer'));
    for (const id of ids) {
      expect(id).toMatch(/^cus_[0-9a-z]{26}$/);
      expect(isId('customer', id)).toBe(true);
      expect(isId('subscription', id)).toBe(false);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it.each(['cus_', 'cus_01jzzzzzzzzzzzzzzzzzzzzzz', 'cus_01JZZZZZZZZZZZZZZZZZZZZZZZ', 'xcus_01jzzzzzzzzzzzzzzzzzzzzzzz', 42, null])(
    'rejects %p',
    (v) => {
      expect(isId('customer', v)).toBe(false);
    },
  );
});

describe('tokens', () => {
  it('carry the company, 32 random bytes and are hashed with SHA-256', () => {
    const company = newId('company');
    const token = generateToken(company);
    expect(token).toMatch(/^tally_sk_cmp_[0-9a-z]{26}_[A-Za-z0-9_-]{43}$/);
    expect(parseToken(token)).toEqual({ companyId: company });
    expect(generateToken(company)).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sameHash(hashToken(token), hashToken(token))).toBe(true);
    expect(sameHash(hashToken(token), hashToken(token + 'x'))).toBe(false);
  });
  it.each(['', 'tally_sk_', 'Bearer x', 'tally_sk_cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_short'])('does not parse %p', (s) => {
    expect(parseToken(s)).toBeNull();
  });
});

describe('validation error paths', () => {
  const err = (property: string, value: unknown, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError =>
    Object.assign(new ValidationError(), { property, value, constraints, children });
  it('joins nested properties with dots and array indexes with brackets', () => {
    const tree = [
      err('metering_rule', {}, undefined, [
        err('rule', {}, undefined, [
          err('comparator', {}, undefined, [
            err('items', [{}, {}], undefined, [err('1', {}, undefined, [err('type', 'X', { isIn: 'type must be one of A, B' })])]),
          ]),
        ]),
      ]),
      err('extra', 1, { whitelistValidation: 'property extra should not exist' }),
    ];
    expect(flattenValidationErrors(tree)).toEqual({
      'metering_rule.rule.comparator.items[1].type': 'must be one of A, B',
      extra: 'is not an allowed field',
    });
  });
});

describe('error rendering', () => {
  it('maps categories to statuses and types', () => {
    expect(renderError(DomainError.notFound('customer', 'customer_id'))).toEqual({
      status: 404,
      body: {
        error_message: 'customer_id: customer not found',
        error_type: 'request_error',
        error_code: 'not_found',
        error_status: 404,
        validation_errors: { customer_id: 'customer not found' },
      },
    });
    expect(renderError(DomainError.invalidState('paid')).status).toBe(409);
    expect(renderError(new DomainError('idempotency_key_in_use', 'idempotency', 'x')).body.error_type).toBe('idempotency_error');
  });
  it('never leaks SQL or driver messages', () => {
    const q = new QueryFailedError('SELECT * FROM secrets', [], Object.assign(new Error('syntax error at "secrets"'), { code: '42601' }));
    const rendered = renderError(q);
    expect(rendered.status).toBe(500);
    expect(JSON.stringify(rendered.body)).not.toMatch(/secrets|SELECT/);
    const unique = new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key value violates "x_key"'), { code: '23505' }));
    expect(renderError(unique)).toMatchObject({ status: 409, body: { error_type: 'request_error', error_code: 'already_exists' } });
    expect(JSON.stringify(renderError(unique).body)).not.toMatch(/x_key/);
    expect(renderError(new TypeError('cannot read x of undefined')).body.error_message).toBe('an unexpected error occurred');
  });
});

describe('config', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      scheduler: true,
      logLevel: 'info',
      publicUrl: 'http://127.0.0.1:3000',
    });
    expect(c.dataDir).toMatch(/data$/);
  });
  it('makes a demo company by default only on the embedded database; TALLY_DEMO overrides', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', TALLY_DEMO: 'on' }).demo).toBe(true);
    expect(loadConfig({ TALLY_DEMO: 'OFF' }).demo).toBe(false);
  });
  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      TALLY_DATA_DIR: '/tmp/x',
      PUBLIC_URL: 'https://bill.example/',
      LOG_LEVEL: 'DEBUG',
      TALLY_SCHEDULER: 'off',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      dataDir: '/tmp/x',
      publicUrl: 'https://bill.example',
      logLevel: 'debug',
      scheduler: false,
    });
  });
  it('sizes the pool by the CPUs on PostgreSQL (twice, at most 10), one connection embedded; DB_POOL_SIZE overrides', () => {
    const pg = { DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig(pg, 1).dbPoolSize).toBe(2);
    expect(loadConfig(pg, 2).dbPoolSize).toBe(4);
    expect(loadConfig(pg, 4).dbPoolSize).toBe(8);
    expect(loadConfig(pg, 64).dbPoolSize).toBe(10);
    expect(loadConfig({}, 8).dbPoolSize).toBe(1);
    expect(loadConfig({ ...pg, DB_POOL_SIZE: '25' }, 2).dbPoolSize).toBe(25);
  });
  it.each([
    { PORT: 'x' },
    { PORT: '70000' },
    { DATABASE_URL: 'mysql://x' },
    { LOG_LEVEL: 'loud' },
    { DB_POOL_SIZE: '0' },
    { TALLY_DEMO: 'yes' },
  ])('fails fast on %p', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

describe('idempotency fingerprint', () => {
  it('differs by method, path and body', () => {
    const base = requestFingerprint('POST', '/a', { x: 1 });
    expect(requestFingerprint('POST', '/a', { x: 1 })).toBe(base);
    expect(requestFingerprint('PATCH', '/a', { x: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/b', { x: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/a', { x: 2 })).not.toBe(base);
  });
});

describe('bigint transformer', () => {
  it('converts strings to safe integers and refuses the rest', () => {
    expect(bigintTransformer.from('9007199254740991')).toBe(9007199254740991);
    expect(bigintTransformer.from(null)).toBeNull();
    expect(() => bigintTransformer.from('9007199254740993')).toThrow();
  });
});
