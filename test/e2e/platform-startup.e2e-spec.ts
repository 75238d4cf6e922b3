import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * `npm start` in embedded mode, as a real process: a data folder, migrations, a demo company
 * printed once and kept across a restart, and the command line talking to the running service.
 */
const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist-test');

interface Started {
  proc: ChildProcess;
  url: string;
  companyId: string;
  token: string | null;
  output: string;
}

function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TALLY_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    TALLY_SCHEDULER: 'off',
  };
  delete env.DATABASE_URL;
  return env;
}

function start(dataDir: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(DIST, 'main.js')], { env: envFor(dataDir), cwd: ROOT });
    let output = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`no start within 120 s:\n${output}`));
    }, 120_000);
    proc.stderr!.on('data', (d) => (output += d.toString()));
    proc.stdout!.on('data', (d) => {
      output += d.toString();
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      const company = /demo company:\s+(cmp_[0-9a-z]{26})/.exec(output)?.[1];
      if (url && company && /demo token:/.test(output)) {
        clearTimeout(timer);
        const token = /demo token:\s+(tally_sk_\S+)/.exec(output)?.[1] ?? null;
        resolve({ proc, url, companyId: company, token, output });
      }
    });
    proc.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function stop(s: Started): Promise<number | null> {
  return new Promise((resolve) => {
    s.proc.removeAllListeners('exit');
    s.proc.on('exit', (code) => resolve(code));
    s.proc.kill('SIGTERM');
  });
}

async function api(s: Started, method: string, p: string, body?: unknown) {
  const res = await fetch(`${s.url}/api/v1/companies/${s.companyId}${p}`, {
    method,
    headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('npm start on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-start-'));

  beforeAll(() => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/swc'), ['src', '-d', DIST, '--strip-leading-paths', '--copy-files', '--quiet'], {
      cwd: ROOT,
    });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('says which port is taken and how to choose another, without a stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const portDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-port-'));
    try {
      const r = spawnSync(process.execPath, [path.join(DIST, 'main.js')], {
        env: { ...envFor(portDir), PORT: String(port) },
        cwd: ROOT,
        timeout: 120_000,
      });
      const stderr = r.stderr.toString();
      expect(r.status).toBe(1);
      expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(stderr).toContain(`PORT=${port + 1} npm start`);
      expect(stderr).not.toMatch(/\n\s+at |EADDRINUSE/);
      // said before opening (here: creating) the embedded database
      expect(fs.existsSync(path.join(portDir, 'pgdata'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      fs.rmSync(portDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('starts, serves, prints a demo company and keeps it across a restart', async () => {
    const first = await start(dataDir);
    try {
      expect(first.token).toMatch(/^tally_sk_/);
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
      const ready = await fetch(`${first.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
      const created = await api(first, 'POST', '/entitlements', { key: 'kept', name: 'Kept', type: 'BOOL', aggregator_type: 'OR' });
      expect(created.status).toBe(201);

      // the command line reaches the running service's database through its socket
      const out = execFileSync(process.execPath, [path.join(DIST, 'cli/main.js'), 'company', 'create', '--name', 'Second', '--json'], {
        env: envFor(dataDir),
        cwd: ROOT,
      }).toString();
      expect(JSON.parse(out)).toMatchObject({ company_id: expect.stringMatching(/^cmp_/), token: expect.stringMatching(/^tally_sk_/) });
      // through npm as the README says (`-s`: npm prints no lines of its own), still exactly one line
      const viaNpm = execFileSync('npm', ['run', '-s', 'cli', '--', 'token', 'list', '--company', first.companyId, '--json'], {
        env: envFor(dataDir),
        cwd: ROOT,
      }).toString();
      expect(viaNpm.split('\n')).toEqual([expect.any(String), '']);
      expect(JSON.parse(viaNpm)).toMatchObject({
        company_id: first.companyId,
        tokens: [expect.objectContaining({ token_id: expect.any(String) })],
      });
    } finally {
      expect(await stop(first)).toBe(0);
    }

    const second = await start(dataDir);
    try {
      expect(second.companyId).toBe(first.companyId);
      expect(second.token).toBe(first.token);
      const found = await api(second, 'POST', '/entitlements/find', { query: { key: 'kept' }, include_meta: true });
      expect(found.status).toBe(200);
      expect(found.body.pagination.total).toBe(1);
      const kept = await api(second, 'GET', `/entitlements/${found.body.results[0].id}`);
      expect(kept.body).toMatchObject({ key: 'kept', company_id: first.companyId });
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 300_000);
});
