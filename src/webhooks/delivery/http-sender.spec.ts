import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postOnce } from './http-sender';

/** One POST against local servers: timeout, no redirect followed, private targets refused before connecting. */
describe('postOnce', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/hang') return; // never answers
      if (req.url === '/redirect') {
        res.writeHead(307, { Location: '/target' });
        return res.end();
      }
      res.writeHead(req.url === '/target' ? 200 : 204);
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => (hits.length = 0));

  it('answers the status and a duration', async () => {
    const r = await postOnce(`${base}/ok`, { 'webhook-id': 'evt_1' }, '{}', { timeoutMs: 5000, blockPrivate: false });
    expect(r).toMatchObject({ statusCode: 204, error: null });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('gives up after the timeout', async () => {
    const r = await postOnce(`${base}/hang`, {}, '{}', { timeoutMs: 200, blockPrivate: false });
    expect(r).toMatchObject({ statusCode: null, error: 'timeout: no complete answer within 0.2 s' });
    expect(r.durationMs).toBeGreaterThanOrEqual(190);
    expect(r.durationMs).toBeLessThan(2000);
  });

  it('does not follow a redirect', async () => {
    const r = await postOnce(`${base}/redirect`, {}, '{}', { timeoutMs: 5000, blockPrivate: false });
    expect(r.statusCode).toBe(307);
    expect(hits).toEqual(['/redirect']);
  });

  it('with blockPrivate, refuses a literal loopback address and a name resolving to one, without connecting', async () => {
    const literal = await postOnce(`${base}/ok`, {}, '{}', { timeoutMs: 5000, blockPrivate: true });
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining('refused: 127.0.0.1') });
    const named = await postOnce(`${base.replace('127.0.0.1', 'localhost')}/ok`, {}, '{}', { timeoutMs: 5000, blockPrivate: true });
    expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
    expect(hits).toEqual([]);
  });
});
