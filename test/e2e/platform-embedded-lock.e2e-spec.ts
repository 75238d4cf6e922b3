import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataFolderInUseError, HOLDER_FILE, LOCK_DIR, lockDataFolder } from '../../src/platform/database/data-folder-lock';

/**
 * One embedded data folder, one process: the lock is never taken from a live holder, however
 * long it has been paused; a second process names the holder and exits non-zero; a dead
 * holder's lock is taken over. The service runs as a real process (compiled with swc).
 */
const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist-test', `lock-${process.pid}`);
/** Longer than the 15 s after which the lock's mtime used to make it stale. */
const PAUSE_MS = 17_000;

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

interface Server {
  proc: ChildProcess;
  url: string;
}

function startServer(dataDir: string): Promise<Server> {
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
      if (url && /demo token:/.test(output)) {
        clearTimeout(timer);
        resolve({ proc, url });
      }
    });
    proc.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function stopServer(s: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    s.proc.removeAllListeners('exit');
    s.proc.on('exit', (code) => resolve(code));
    s.proc.kill(signal);
  });
}

function cliOn(dataDir: string, ...args: string[]) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(DIST, 'cli/main.js'), ...args], { env: envFor(dataDir), cwd: ROOT, timeout: 90_000 });
  return { code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString(), ms: Date.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded data folder lock', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-lock-'));
  beforeAll(() => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/swc'), ['src', '-d', DIST, '--strip-leading-paths', '--copy-files', '--quiet'], {
      cwd: ROOT,
    });
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(DIST, { recursive: true, force: true });
  });

  describe('in one process', () => {
    it('refuses a second lock while the first is held, and gives the folder back on release', async () => {
      const dir = path.join(root, 'twice');
      fs.mkdirSync(dir, { mode: 0o700 });
      const first = await lockDataFolder(dir);
      const second = lockDataFolder(dir);
      await expect(second).rejects.toThrow(DataFolderInUseError);
      await expect(second).rejects.toThrow(new RegExp(`in use by pid ${process.pid} \\(".*", since \\d{4}-\\d\\d-\\d\\dT`));
      await first.release();
      expect(fs.existsSync(path.join(dir, LOCK_DIR))).toBe(false);
      expect(fs.existsSync(path.join(dir, HOLDER_FILE))).toBe(false);
      const again = await lockDataFolder(dir);
      await again.release();
    });

    it('keeps a live holder whose lock has not been refreshed for an hour', async () => {
      const dir = path.join(root, 'old-but-alive');
      fs.mkdirSync(path.join(dir, LOCK_DIR), { recursive: true, mode: 0o700 });
      const sleeper = spawn('sleep', ['60']);
      try {
        fs.writeFileSync(
          path.join(dir, HOLDER_FILE),
          JSON.stringify({ pid: sleeper.pid, hostname: os.hostname(), command: 'sleep 60', since: '2026-01-02T03:04:05.000Z' }),
        );
        const hourAgo = new Date(Date.now() - 3_600_000);
        fs.utimesSync(path.join(dir, LOCK_DIR), hourAgo, hourAgo);
        await expect(lockDataFolder(dir)).rejects.toThrow(`in use by pid ${sleeper.pid} ("sleep 60", since 2026-01-02T03:04:05.000Z)`);
        expect(fs.existsSync(path.join(dir, LOCK_DIR))).toBe(true);
      } finally {
        sleeper.kill('SIGKILL');
      }
    });

    it("takes over the lock of a holder that is gone, however fresh the lock's mtime", async () => {
      const dir = path.join(root, 'dead');
      fs.mkdirSync(path.join(dir, LOCK_DIR), { recursive: true, mode: 0o700 });
      const gone = spawnSync('true').pid;
      fs.writeFileSync(path.join(dir, HOLDER_FILE), JSON.stringify({ pid: gone, hostname: os.hostname(), command: 'true' }));
      const lock = await lockDataFolder(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, HOLDER_FILE), 'utf8')).pid).toBe(process.pid);
      await lock.release();
    });
  });

  it('never lets a second process in while the service is paused, and the service answers on resume', async () => {
    const dir = path.join(root, 'paused');
    const server = await startServer(dir);
    try {
      expect((await fetch(`${server.url}/ready`)).status).toBe(200);
      server.proc.kill('SIGSTOP');
      await sleep(PAUSE_MS);

      const refused = cliOn(dir, 'company', 'create', '--name', 'Intruder', '--json');
      expect(refused.code).not.toBe(0);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(`the data folder ${dir} is in use by pid ${server.proc.pid}`);
      expect(refused.stderr).toMatch(/main\.js", since \d{4}-\d\d-\d\dT/);
      expect(refused.stderr).toContain(`kill -CONT ${server.proc.pid}`);
      expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace
      // the paused server's socket and lock are where it left them
      expect(fs.statSync(path.join(dir, '.s.PGSQL.5432')).isSocket()).toBe(true);
      expect(JSON.parse(fs.readFileSync(path.join(dir, HOLDER_FILE), 'utf8')).pid).toBe(server.proc.pid);

      // a second service is refused the same way
      const second = spawnSync(process.execPath, [path.join(DIST, 'main.js')], { env: envFor(dir), cwd: ROOT, timeout: 90_000 });
      expect(second.status).toBe(1);
      expect(second.stderr.toString()).toContain(`is in use by pid ${server.proc.pid}`);

      server.proc.kill('SIGCONT');
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ database: 'ok' });
      // once it runs again, the command line goes through its socket as usual
      const created = cliOn(dir, 'company', 'create', '--name', 'After resume', '--json');
      expect(created.stderr).toBe('');
      expect(JSON.parse(created.stdout)).toMatchObject({ company_id: expect.stringMatching(/^cmp_/) });
      expect(server.proc.exitCode).toBeNull();
    } finally {
      server.proc.kill('SIGCONT');
      expect(await stopServer(server)).toBe(0);
    }
  }, 300_000);

  it('starts on a folder whose previous service was killed', async () => {
    const dir = path.join(root, 'killed');
    const first = await startServer(dir);
    await stopServer(first, 'SIGKILL');
    expect(fs.existsSync(path.join(dir, LOCK_DIR))).toBe(true); // no chance to release it
    const second = await startServer(dir);
    try {
      expect((await fetch(`${second.url}/ready`)).status).toBe(200);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  }, 300_000);
});
