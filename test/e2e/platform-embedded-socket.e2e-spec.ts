import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataFolderError, secureDataFiles, secureDataFolder } from '../../src/platform/database/embedded-postgres';

/**
 * The embedded database has no password, so nobody but the user running Tally may reach it:
 * no TCP listener at all, a unix socket inside a data folder of mode 0700.
 * PGlite needs a real dynamic import (refused inside jest's sandbox), so the database itself is
 * started in a child process (test/support/embedded-probe.ts, compiled with swc).
 */
const ROOT = path.resolve(__dirname, '../..');
const OUT = path.join(ROOT, 'dist-test', `embedded-probe-${process.pid}`);
const PROBE = path.join(OUT, 'test/support/embedded-probe.js');

interface ProbeResult {
  url: string;
  newTcpListeners: number;
  controlTcpListeners: number;
  socketDir: string;
  socketIsSocket: boolean;
  socketMode: number;
  socketDirMode: number;
  dataDirMode: number | null;
  select: number;
  openEntries: string[] | null;
  secondUrl: string | null;
  secondSelect: number | null;
  socketLeft: boolean;
  socketDirLeft: boolean;
}

function probe(dataDir: string | null): { result: ProbeResult; stderr: string } {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const stderrFile = path.join(OUT, `stderr-${Date.now()}`);
  const fd = fs.openSync(stderrFile, 'w');
  try {
    const out = execFileSync(process.execPath, [PROBE, 'serve', dataDir ?? '-'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', fd] });
    return { result: JSON.parse(out.toString()) as ProbeResult, stderr: fs.readFileSync(stderrFile, 'utf8') };
  } finally {
    fs.closeSync(fd);
  }
}

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe('embedded database access', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-sock-'));
  beforeAll(() => {
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/swc'),
      [
        'src/platform/database/embedded-postgres.ts',
        'src/platform/database/data-folder-lock.ts',
        'test/support/embedded-probe.ts',
        '-d',
        OUT,
        '--quiet',
      ],
      { cwd: ROOT },
    );
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(OUT, { recursive: true, force: true });
  });

  describe('the data folder mode', () => {
    it('creates a missing folder at mode 0700', () => {
      const dir = path.join(root, 'fresh', 'data');
      secureDataFolder(dir, () => undefined);
      expect(modeOf(dir)).toBe(0o700);
    });

    it('sets a folder readable by others back to 0700 and says so', () => {
      const dir = path.join(root, 'open');
      fs.mkdirSync(dir);
      fs.chmodSync(dir, 0o755);
      const warnings: string[] = [];
      secureDataFolder(dir, (m) => warnings.push(m));
      expect(modeOf(dir)).toBe(0o700);
      expect(warnings).toEqual([expect.stringContaining('had mode 755')]);
    });

    it('leaves a private folder alone, silently', () => {
      const dir = path.join(root, 'private');
      fs.mkdirSync(dir, { mode: 0o700 });
      const warnings: string[] = [];
      secureDataFolder(dir, (m) => warnings.push(m));
      expect(modeOf(dir)).toBe(0o700);
      expect(warnings).toEqual([]);
    });

    // Root may chown a folder to another user (the case that matters: root accepting another
    // user's folder); anyone else checks against a uid other than their own.
    const isRoot = process.getuid?.() === 0;
    const foreign = (p: string) => {
      if (isRoot) fs.chownSync(p, 65534, 65534);
      return isRoot ? undefined : process.getuid!() + 1;
    };

    it("refuses another user's folder, also when run as root", () => {
      const dir = path.join(root, 'theirs');
      fs.mkdirSync(dir, { mode: 0o700 });
      const uid = foreign(dir);
      expect(() => secureDataFolder(dir, () => undefined, uid)).toThrow(DataFolderError);
      expect(() => secureDataFolder(dir, () => undefined, uid)).toThrow(
        new RegExp(`the data folder ${dir} belongs to .*uid ${isRoot ? 65534 : ''}`),
      );
    });

    it("refuses a folder holding another user's file, naming it", () => {
      const dir = path.join(root, 'their-file');
      fs.mkdirSync(path.join(dir, 'pgdata'), { recursive: true, mode: 0o700 });
      const file = path.join(dir, 'pgdata', 'PG_VERSION');
      fs.writeFileSync(file, '17', { mode: 0o600 });
      const uid = foreign(file) ?? process.getuid!();
      expect(() => secureDataFiles(dir, isRoot ? undefined : uid)).toThrow(`the file ${isRoot ? file : path.join(dir, 'pgdata')}`);
    });

    it('sets files open to others to 0600 and folders to 0700, and counts them', () => {
      const dir = path.join(root, 'open-files');
      fs.mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true, mode: 0o755 });
      fs.chmodSync(dir, 0o700);
      fs.writeFileSync(path.join(dir, 'pgdata', 'base', '1'), 'x', { mode: 0o666 });
      fs.chmodSync(path.join(dir, 'pgdata', 'base', '1'), 0o666);
      fs.writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '17', { mode: 0o600 });
      expect(secureDataFiles(dir)).toBe(3); // pgdata, pgdata/base, pgdata/base/1
      expect(modeOf(path.join(dir, 'pgdata'))).toBe(0o700);
      expect(modeOf(path.join(dir, 'pgdata', 'base'))).toBe(0o700);
      expect(modeOf(path.join(dir, 'pgdata', 'base', '1'))).toBe(0o600);
      expect(modeOf(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(0o600);
      expect(secureDataFiles(dir)).toBe(0);
    });

    it('refuses a data folder that is a file', () => {
      const file = path.join(root, 'a-file');
      fs.writeFileSync(file, 'x');
      expect(() => secureDataFolder(file, () => undefined)).toThrow(DataFolderError);
    });
  });

  describe('the socket', () => {
    it('listens on no TCP port, only on a unix socket inside the 0700 data folder', () => {
      const dir = path.join(root, 'served');
      fs.mkdirSync(dir);
      fs.chmodSync(dir, 0o777);
      const { result, stderr } = probe(dir);
      expect(result.controlTcpListeners).toBe(1); // the detector sees a loopback TCP server
      expect(result.newTcpListeners).toBe(0);
      expect(result.url).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(result.socketDir).toBe(dir);
      expect(result.socketIsSocket).toBe(true);
      expect(result.socketMode).toBe(0o600);
      expect(result.dataDirMode).toBe(0o700); // a world-open folder was fixed at start
      expect(stderr).toContain('had mode 777');
      expect(result.select).toBe(1);
      // PGlite's own files (0666 from its initdb image) and those it creates later are private
      expect(result.openEntries).toEqual([]);
      // a second process on the locked folder (the CLI) reaches the same database through it
      expect(result.secondUrl).toBe(result.url);
      expect(result.secondSelect).toBe(1);
      expect(result.socketLeft).toBe(false);
    });

    it('makes files left open by an older version private at start, with a warning', () => {
      const dir = path.join(root, 'served');
      const opened = ['pgdata/PG_VERSION', 'pgdata/global', 'pgdata/postgresql.conf'];
      for (const f of opened) fs.chmodSync(path.join(dir, f), f.endsWith('global') ? 0o777 : 0o666);
      const { result, stderr } = probe(dir);
      expect(stderr).toContain(`warning: 3 files and folders in ${dir} were open to other users`);
      expect(result.openEntries).toEqual([]);
      expect(result.select).toBe(1);
    });

    it('replaces a socket file left by a process that died', () => {
      const dir = path.join(root, 'stale');
      fs.mkdirSync(dir, { mode: 0o700 });
      fs.writeFileSync(path.join(dir, '.s.PGSQL.5432'), '');
      const { result } = probe(dir);
      expect(result.socketIsSocket).toBe(true);
      expect(result.select).toBe(1);
    });

    it('puts the socket of a deeply nested data folder in a private temporary folder', () => {
      const dir = path.join(root, 'x'.repeat(60), 'y'.repeat(40));
      const { result } = probe(dir);
      expect(result.socketDir).not.toBe(dir);
      expect(result.socketDirMode).toBe(0o700);
      expect(result.newTcpListeners).toBe(0);
      expect(result.select).toBe(1);
      expect(result.secondSelect).toBe(1);
      expect(result.socketDirLeft).toBe(false);
    });

    it('serves an in-memory database on a private socket folder too', () => {
      const { result } = probe(null);
      expect(result.newTcpListeners).toBe(0);
      expect(result.socketDirMode).toBe(0o700);
      expect(result.select).toBe(1);
      expect(result.socketDirLeft).toBe(false);
    });
  });
});
