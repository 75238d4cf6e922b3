import * as http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import pinoHttp from 'pino-http';
import request from 'supertest';
import { loggerOptions } from '../../src/platform/logging/logger.options';

/** The request log line of the service's logger configuration, captured from a stream. */
describe('request logs', () => {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  const opts = loggerOptions('info').pinoHttp as Record<string, unknown>;
  const middleware = pinoHttp({ ...opts, logger: pino({ level: 'info', redact: opts.redact as never }, stream) } as never);
  const server = http.createServer((req, res) => {
    middleware(req, res);
    res.statusCode = req.url === '/fail' ? 500 : 200;
    res.end('{}');
  });

  it('writes one JSON line per request with the request id and no token or secret', async () => {
    const secret = 'tally_sk_cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_SECRETSECRETSECRETSECRETSECRETSECRETSECR';
    const res = await request(server)
      .get('/things?x=1')
      .set('Authorization', `Bearer ${secret}`)
      .set('X-Request-Id', 'trace-42')
      .expect(200);
    expect(res.headers['x-request-id']).toBe('trace-42');
    await new Promise((r) => setImmediate(r));
    const line = lines.find((l) => l.request_id === 'trace-42');
    expect(line).toBeDefined();
    expect(line).toMatchObject({ level: 30, req: { method: 'GET', url: '/things?x=1' }, res: { status_code: 200 } });
    expect(JSON.stringify(lines)).not.toContain('SECRET');
    expect(JSON.stringify(lines)).not.toContain('Bearer');
  });

  it('redacts the secret of hosted-page links', async () => {
    const secret = 'A'.repeat(20) + 'b'.repeat(23);
    await request(server).get(`/contracts/sign/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_${secret}`).set('X-Request-Id', 'trace-sign').expect(200);
    await new Promise((r) => setImmediate(r));
    const line = lines.find((l) => l.request_id === 'trace-sign');
    expect(line?.req.url).toBe('/contracts/sign/cmp_01jzzzzzzzzzzzzzzzzzzzzzzz_[redacted]');
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('logs server errors at error level', async () => {
    await request(server).get('/fail').expect(500);
    await new Promise((r) => setImmediate(r));
    expect(lines[lines.length - 1]).toMatchObject({ level: 50, res: { status_code: 500 } });
  });
});
