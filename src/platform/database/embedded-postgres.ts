import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as lockfile from 'proper-lockfile';

/**
 * Embedded PostgreSQL: PGlite (PostgreSQL compiled to WASM) served by pglite-socket, so the app
 * talks to it with the ordinary `pg` driver — one code path for embedded and real PostgreSQL.
 *
 * pglite-socket has no authentication: whoever reaches its socket is the superuser. So it never
 * listens on TCP. It serves a unix socket inside the data folder, and the folder is kept at mode
 * 0700: only the user running Tally can open the socket (or read the database files and the
 * demo credentials). An in-memory database (the test suite) gets a private 0700 folder in the
 * system's temporary directory for its socket.
 *
 * PGlite does not protect its data folder against a second process (both open it, one
 * silently loses writes), so the folder is locked here. A second process (the CLI while
 * the service runs) finds the lock and connects to the running server's socket instead.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A data folder Tally will not use (owned by another user, or its mode cannot be fixed). */
export class DataFolderError extends Error {}

// TypeScript would compile `import()` to `require()` under CommonJS; PGlite wants a real import.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the module's shape is typed where it is used
const dynamicImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

const SERVER_FILE = 'embedded-server.json';
/** The name `pg` (like libpq) looks for in a socket directory, for port 5432. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** sun_path holds 108 bytes on Linux (104 on macOS); keep a margin. */
const MAX_SOCKET_PATH = 100;

/**
 * Creates the data folder at mode 0700, or checks an existing one: a folder that the group or
 * other users can read or enter is set back to 0700 (with a warning on stderr, as older Tally
 * versions created it with the umask's mode); a folder owned by another user, or one whose mode
 * cannot be changed, stops the start with a message.
 */
export function secureDataFolder(dataDir: string, warn: (message: string) => void = (m) => process.stderr.write(m + '\n')): void {
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) throw new DataFolderError(`the data folder ${dataDir} is not a directory`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  if (uid !== null && uid !== 0 && stat.uid !== uid) {
    throw new DataFolderError(
      `the data folder ${dataDir} belongs to another user (uid ${stat.uid}); the embedded database must be in a folder ` +
        'of the user running Tally (set TALLY_DATA_DIR)',
    );
  }
  if ((stat.mode & 0o077) === 0) return;
  const was = (stat.mode & 0o777).toString(8);
  try {
    fs.chmodSync(dataDir, 0o700);
  } catch (err) {
    throw new DataFolderError(
      `the data folder ${dataDir} has mode ${was}: other users could reach the embedded database; ` +
        `run "chmod 700 ${dataDir}" (changing it failed: ${(err as Error).message})`,
    );
  }
  warn(`warning: the data folder ${dataDir} had mode ${was} (readable by other users); it is now 700`);
}

/** A connection URL for the pg driver to a unix socket `<dir>/.s.PGSQL.5432`. */
export function socketUrl(dir: string): string {
  return `postgresql://postgres@/postgres?host=${encodeURIComponent(dir)}&sslmode=disable`;
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedDatabase> {
  const { PGlite } = await dynamicImport('@electric-sql/pglite');
  const { PGLiteSocketServer } = await dynamicImport('@electric-sql/pglite-socket');
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    secureDataFolder(dataDir);
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '.tally.lock'),
      stale: 15000,
      update: 5000,
      retries: 0,
    });
  }
  // A socket path too long for sun_path (a deeply nested data folder) goes to a private folder.
  let socketDir = dataDir && path.join(dataDir, SOCKET_NAME).length <= MAX_SOCKET_PATH ? dataDir : null;
  const privateSocketDir = socketDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'tally-pg-'));
  socketDir = socketDir ?? privateSocketDir!;
  const socketPath = path.join(socketDir, SOCKET_NAME);
  const cleanup = () => {
    if (privateSocketDir) fs.rmSync(privateSocketDir, { recursive: true, force: true });
  };
  try {
    // We hold the folder's lock: a socket file left there is from a process that died.
    fs.rmSync(socketPath, { force: true });
    const db = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata')) : await PGlite.create();
    // The socket server's default is one connection; the app's pool holds several.
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 40 });
    await server.start();
    fs.chmodSync(socketPath, 0o600);
    const url = socketUrl(socketDir);
    if (dataDir) {
      fs.writeFileSync(path.join(dataDir, SERVER_FILE), JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
    }
    return {
      url,
      async stop() {
        await server.stop();
        await db.close();
        if (dataDir) fs.rmSync(path.join(dataDir, SERVER_FILE), { force: true });
        fs.rmSync(socketPath, { force: true });
        cleanup();
        if (release) await release();
      },
    };
  } catch (err) {
    cleanup();
    if (release) await release();
    throw err;
  }
}

/** The URL of the embedded server another live process holds for this folder, if any. */
export async function runningEmbeddedServer(dataDir: string): Promise<string | null> {
  if (!fs.existsSync(dataDir)) return null;
  const locked = await lockfile.check(dataDir, { lockfilePath: path.join(dataDir, '.tally.lock'), stale: 15000 });
  if (!locked) return null;
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as { url: string };
    return info.url;
  } catch {
    return null;
  }
}

/**
 * The database the service would use: DATABASE_URL when set; else the embedded server of
 * a running service for this data folder; else a new embedded server started here.
 */
export async function resolveDatabase(databaseUrl: string | null, dataDir: string): Promise<EmbeddedDatabase> {
  if (databaseUrl) return { url: databaseUrl, stop: async () => undefined };
  if (fs.existsSync(dataDir)) secureDataFolder(dataDir);
  const running = await runningEmbeddedServer(dataDir);
  if (running) return { url: running, stop: async () => undefined };
  return startEmbeddedPostgres(dataDir);
}
