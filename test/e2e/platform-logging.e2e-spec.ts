import * as http from 'node:http';
import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import pino from 'pino';
import request from 'supertest';
import { requestLogging } from '../../src/platform/logging/request-log';
import { TallyLogger } from '../../src/platform/logging/tally-logger';

/** JSON lines written to a stream, parsed. */
function capture(): { lines: Record<string, any>[]; stream: Writable } {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { lines, stream };
}

const tick = () => new Promise((r) => setImmediate(r));

/** The request log line of the service's middleware, captured from a stream. */
describe('request logs', () => {
  const { lines, stream } = capture();
  const middleware = requestLogging(pino({ level: 'info' }, stream));
  const server = http.createServer((req, res) => {
    middleware(req, res, () => {
      if (req.url === '/hang') return; // never answered: the client gives up
      res.statusCode = req.url === '/fail' ? 500 : req.url === '/missing' ? 404 : 200;
      res.end('{}');
    });
  });

  it('writes one JSON line per request with the request id and no token or secret', async () => {
    const secret = 'tally_sk_cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_SECRETSECRETSECRETSECRETSECRETSECRETSECR';
    const res = await request(server)
      .get('/things?x=1')
      .set('Authorization', `Bearer ${secret}`)
      .set('Cookie', `session=${secret}`)
      .set('X-Request-Id', 'trace-42')
      .set('Idempotency-Key', 'key-7')
      .set('User-Agent', 'bench/1')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('trace-42');
    await tick();
    const mine = lines.filter((l) => l.request_id === 'trace-42');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'trace-42', method: 'GET', url: '/things?x=1', user_agent: 'bench/1', idempotency_key: 'key-7' },
      res: { status_code: 200 },
    });
    expect(typeof mine[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('SECRET');
    expect(JSON.stringify(lines)).not.toContain('Bearer');
  });

  it('makes up an id when none (or one too long) is given, the same in the answer and the line', async () => {
    const res = await request(server).get('/things').set('X-Request-Id', 'x'.repeat(129)).expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await tick();
    expect(lines.filter((l) => l.request_id === id)).toHaveLength(1);
  });

  it('redacts the secret of hosted-page links', async () => {
    const secret = 'A'.repeat(20) + 'b'.repeat(23);
    await request(server).get(`/contracts/sign/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_${secret}`).set('X-Request-Id', 'trace-sign').expect(200);
    await tick();
    const line = lines.find((l) => l.request_id === 'trace-sign');
    expect(line?.req.url).toBe('/contracts/sign/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_[redacted]');
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('redacts a percent-encoded page secret, in the path and in the query', async () => {
    const secret = 'C'.repeat(20) + 'd'.repeat(23);
    const encoded = [...secret].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const company = 'cmp_01jzzzzzzzzzzzzzzzzzzzzzzz';
    await request(server).get(`/contracts/sign/${company}%5F${encoded}`).set('X-Request-Id', 'trace-enc').expect(200);
    await request(server)
      .get(`/invoices/pay/${company}_${secret.slice(0, 10)}%2541${secret.slice(11)}`)
      .set('X-Request-Id', 'trace-double');
    await request(server).get(`/checkout?token=${company}_${encoded}&step=2`).set('X-Request-Id', 'trace-query').expect(200);
    await tick();
    const url = (id: string) => lines.find((l) => l.request_id === id)?.req.url;
    expect(url('trace-enc')).toBe(`/contracts/sign/${company}_[redacted]`);
    expect(url('trace-double')).toBe(`/invoices/pay/${company}_[redacted]`);
    expect(url('trace-query')).toBe(`/checkout?token=${company}_[redacted]&step=2`);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(encoded);
    expect(logged).not.toContain(secret.slice(11));
  });

  it('logs server errors at error level and client errors at warn level', async () => {
    await request(server).get('/fail').set('X-Request-Id', 'trace-500').expect(500);
    await request(server).get('/missing').set('X-Request-Id', 'trace-404').expect(404);
    await tick();
    expect(lines.find((l) => l.request_id === 'trace-500')).toMatchObject({ level: 50, res: { status_code: 500 } });
    expect(lines.find((l) => l.request_id === 'trace-404')).toMatchObject({ level: 40, res: { status_code: 404 } });
  });

  it('logs a request the client abandoned before its answer, at warn level', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const req = http.get({ port, host: '127.0.0.1', path: '/hang', headers: { 'x-request-id': 'trace-gone' } });
      req.on('error', () => undefined);
      await new Promise((r) => setTimeout(r, 50));
      req.destroy();
      for (let i = 0; i < 50 && !lines.some((l) => l.request_id === 'trace-gone'); i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines.find((l) => l.request_id === 'trace-gone')).toMatchObject({ level: 40, msg: 'request aborted' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('writes nothing for a request below the level, but still gives it an id', async () => {
    const quiet = capture();
    const mw = requestLogging(pino({ level: 'warn' }, quiet.stream));
    const s = http.createServer((req, res) => mw(req, res, () => res.end('{}')));
    const res = await request(s).get('/ok').expect(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    await tick();
    expect(quiet.lines).toEqual([]);
  });
});

/** Nest's `Logger` calls, as the service's logger writes them. */
describe('TallyLogger', () => {
  const { lines, stream } = capture();
  const logger = new TallyLogger(pino({ level: 'info' }, stream));
  beforeAll(() => Logger.overrideLogger(logger));
  afterAll(() => Logger.overrideLogger(false));

  it('merges an object message into the line, with the context', async () => {
    new Logger('Errors').error({ err: { message: 'boom' }, path: '/x' }, 'unhandled error');
    await tick();
    expect(lines.pop()).toMatchObject({ level: 50, context: 'Errors', msg: 'unhandled error', err: { message: 'boom' }, path: '/x' });
  });

  it('keeps a string message, its stack on errors, and drops lines below the level', async () => {
    new Logger('Runs').log('billing run done');
    await tick();
    expect(lines.pop()).toMatchObject({ level: 30, context: 'Runs', msg: 'billing run done' });
    logger.error('failed', 'Error: failed\n    at x', 'Runs');
    await tick();
    expect(lines.pop()).toMatchObject({ level: 50, context: 'Runs', msg: 'failed', stack: 'Error: failed\n    at x' });
    const before = lines.length;
    new Logger('Runs').debug('not written');
    await tick();
    expect(lines).toHaveLength(before);
  });

  it('writes an Error as err with its message', async () => {
    logger.warn(new Error('redis down'), 'RateLimit');
    await tick();
    expect(lines.pop()).toMatchObject({ level: 40, context: 'RateLimit', msg: 'redis down', err: { message: 'redis down' } });
  });
});
