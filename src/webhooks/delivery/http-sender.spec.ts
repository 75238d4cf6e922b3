import * as dns from 'node:dns';
import * as http from 'node:http';
import * as os from 'node:os';
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
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining('refused, not connected: 127.0.0.1 is a loopback') });
    const named = await postOnce(`${base.replace('127.0.0.1', 'localhost')}/ok`, {}, '{}', { timeoutMs: 5000, blockPrivate: true });
    expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
    // the machine's own name resolves to a loopback address (/etc/hosts): refused by the agent's lookup
    const host = os.hostname();
    const own = await postOnce(`${base.replace('127.0.0.1', host)}/ok`, {}, '{}', { timeoutMs: 5000, blockPrivate: true });
    expect(own).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(new RegExp(`^refused, not connected: ${host} resolves to `)),
    });
    expect(hits).toEqual([]);
  });

  it('checks the address the connection uses: a DNS answer that turns private is refused at connect', async () => {
    const lookup = jest.spyOn(jest.requireActual<typeof dns>('node:dns'), 'lookup').mockImplementation(((
      _host: string,
      _options: unknown,
      callback: (err: null, addresses: dns.LookupAddress[]) => void,
    ) =>
      callback(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '::ffff:127.0.0.1', family: 6 },
      ])) as unknown as typeof dns.lookup);
    try {
      const port = (server.address() as AddressInfo).port;
      const r = await postOnce(`http://rebind.example:${port}/ok`, {}, '{}', { timeoutMs: 5000, blockPrivate: true });
      expect(r).toMatchObject({ statusCode: null, error: expect.stringContaining('rebind.example resolves to ::ffff:127.0.0.1') });
      expect(lookup).toHaveBeenCalledWith('rebind.example', expect.anything(), expect.any(Function));
    } finally {
      lookup.mockRestore();
    }
    expect(hits).toEqual([]);
  });

  it('an allowed host is exempt exactly as written: its literal address is reached, a name resolving to it is not', async () => {
    const options = { timeoutMs: 5000, blockPrivate: true, allowedHosts: ['127.0.0.1'] };
    expect(await postOnce(`${base}/ok`, {}, '{}', options)).toMatchObject({ statusCode: 204, error: null });
    const mapped = await postOnce(`${base.replace('127.0.0.1', '[::ffff:127.0.0.1]')}/ok`, {}, '{}', options);
    expect(mapped).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
    const named = await postOnce(`${base.replace('127.0.0.1', os.hostname())}/ok`, {}, '{}', options);
    expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('refused') });
    expect(hits).toEqual(['/ok']);
  });
});
