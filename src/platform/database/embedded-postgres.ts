import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { DataFolderError, DataFolderInUseError, FolderLock, LockHolder, isStopped, liveHolder, lockDataFolder } from './data-folder-lock';

export { DataFolderError, DataFolderInUseError } from './data-folder-lock';

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
 * silently loses writes), so the folder is locked (`data-folder-lock.ts`). A second process (the
 * CLI while the service runs) finds the lock and connects to the running server's socket
 * instead; when that server cannot answer (paused), it stops with a message naming the holder.
 *
 * PGlite writes its files with modes of its own (0666 from its initdb image): every file in the
 * folder is set to 0600 and every folder to 0700 at start, and the process's umask becomes 077
 * so that the files it creates later are private too.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// TypeScript would compile `import()` to `require()` under CommonJS; PGlite wants a real import.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the module's shape is typed where it is used
const dynamicImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

/** The name `pg` (like libpq) looks for in a socket directory, for port 5432. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** sun_path holds 108 bytes on Linux (104 on macOS); keep a margin. */
const MAX_SOCKET_PATH = 100;

/** `name (uid N)` from /etc/passwd where it names the uid, else `uid N`. */
function userName(uid: number): string {
  try {
    const line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[2] === String(uid));
    if (line) return `${line.split(':')[0]} (uid ${uid})`;
  } catch {
    // no /etc/passwd: the number alone
  }
  return `uid ${uid}`;
}

function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

function refuseOtherOwner(what: string, dataDir: string, owner: number, uid: number): never {
  throw new DataFolderError(
    `${what} belongs to ${userName(owner)}, not to the user running Tally (${userName(uid)}): the embedded database must ` +
      `be in a folder of the user running it. Run Tally as that user, or set TALLY_DATA_DIR to a folder of yours ` +
      `(or, if the folder is yours, "chown -R ${uid} ${dataDir}")`,
  );
}

/**
 * Creates the data folder at mode 0700, or checks an existing one: a folder that the group or
 * other users can read or enter is set back to 0700 (with a warning on stderr, as older Tally
 * versions created it with the umask's mode); a folder owned by another user (also when Tally
 * runs as root: root would otherwise write files that user cannot use, in a folder that user
 * controls), or one whose mode cannot be changed, stops the start with a message.
 */
export function secureDataFolder(
  dataDir: string,
  warn: (message: string) => void = (m) => process.stderr.write(m + '\n'),
  uid: number | null = currentUid(),
): void {
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) throw new DataFolderError(`the data folder ${dataDir} is not a directory`);
  if (uid !== null && stat.uid !== uid) refuseOtherOwner(`the data folder ${dataDir}`, dataDir, stat.uid, uid);
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

/**
 * Sets every file under the data folder to 0600 and every folder to 0700, and refuses a file
 * owned by another user than `uid` (the process's). Returns how many modes it changed.
 */
export function secureDataFiles(dataDir: string, uid: number | null = currentUid()): number {
  let changed = 0;
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (!entry.isDirectory() && !entry.isFile()) continue; // the socket (0600 already), no links expected
      try {
        const stat = fs.lstatSync(file);
        if (uid !== null && stat.uid !== uid) refuseOtherOwner(`the file ${file} in the data folder`, dataDir, stat.uid, uid);
        if (stat.mode & 0o077) {
          fs.chmodSync(file, entry.isDirectory() ? 0o700 : 0o600);
          changed++;
        }
        if (entry.isDirectory()) visit(file);
      } catch (err) {
        // A lock's or holder file's short-lived entry, gone meanwhile.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  };
  visit(dataDir);
  return changed;
}

/** A connection URL for the pg driver to a unix socket `<dir>/.s.PGSQL.5432`. */
export function socketUrl(dir: string): string {
  return `postgresql://postgres@/postgres?host=${encodeURIComponent(dir)}&sslmode=disable`;
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedDatabase> {
  const { PGlite } = await dynamicImport('@electric-sql/pglite');
  const { PGLiteSocketServer } = await dynamicImport('@electric-sql/pglite-socket');
  let lock: FolderLock | null = null;
  if (dataDir) {
    // What this process creates in the folder from now on stays private: PostgreSQL asks for
    // 0600 files and 0700 folders, but some files (and the lock's folders) get the umask's mode.
    process.umask(0o077);
    secureDataFolder(dataDir);
    lock = await lockDataFolder(dataDir);
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
    if (dataDir) {
      const fixed = secureDataFiles(dataDir);
      if (fixed > 0) {
        process.stderr.write(
          `warning: ${fixed} files and folders in ${dataDir} were open to other users; they are now 600 (folders 700)\n`,
        );
      }
    }
    const db = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata')) : await PGlite.create();
    // A new database's files come from PGlite's initdb image with mode 0666.
    if (dataDir) secureDataFiles(dataDir);
    // The socket server's default is one connection; the app's pool holds several.
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 40 });
    await server.start();
    fs.chmodSync(socketPath, 0o600);
    const url = socketUrl(socketDir);
    lock?.publish(url);
    return {
      url,
      async stop() {
        await server.stop();
        await db.close();
        fs.rmSync(socketPath, { force: true });
        cleanup();
        if (lock) await lock.release();
      },
    };
  } catch (err) {
    cleanup();
    if (lock) await lock.release();
    throw err;
  }
}

/** How long a second process waits for the holder's server to start listening. */
const LISTEN_WAIT_MS = 60_000;
/** How long a second process waits for the holder's server to answer a connection. */
export const ANSWER_WAIT_MS = 10_000;

function resumeAdvice(holder: LockHolder | null): string {
  const pid = holder?.pid ?? '<pid>';
  return `Resume it (fg in its terminal, or kill -CONT ${pid}) and retry, or stop it (kill ${pid}; kill -CONT ${pid} if it is paused).`;
}

/**
 * The URL of the embedded server that another live process holds for this folder, or null when
 * nobody holds it. Waits for a holder that is still starting; throws `DataFolderInUseError`
 * (naming the holder) when the holder cannot answer: stopped, or silent for `ANSWER_WAIT_MS`.
 */
export async function runningEmbeddedServer(dataDir: string, answerWaitMs = ANSWER_WAIT_MS): Promise<string | null> {
  if (!fs.existsSync(dataDir)) return null;
  const deadline = Date.now() + LISTEN_WAIT_MS;
  for (;;) {
    const live = liveHolder(dataDir);
    if (!live) return null;
    const holder = live.holder;
    if (holder && isStopped(holder.pid)) {
      throw new DataFolderInUseError(dataDir, holder, 'which is stopped (paused by Ctrl-Z or a debugger)', resumeAdvice(holder));
    }
    if (holder?.url) {
      if (await answers(holder.url, answerWaitMs)) return holder.url;
      throw new DataFolderInUseError(dataDir, holder, `which did not answer within ${answerWaitMs / 1000} s`, resumeAdvice(holder));
    }
    if (Date.now() > deadline) throw new DataFolderInUseError(dataDir, holder, 'which has not opened the database');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answers(url: string, timeoutMs: number): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
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
