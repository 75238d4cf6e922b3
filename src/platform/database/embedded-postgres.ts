import * as fs from 'node:fs';
import * as path from 'node:path';
import * as lockfile from 'proper-lockfile';

/**
 * Embedded PostgreSQL: PGlite (PostgreSQL compiled to WASM) served on a loopback socket by
 * pglite-socket, so the app talks to it with the ordinary `pg` driver — one code path for
 * embedded and real PostgreSQL.
 *
 * PGlite does not protect its data folder against a second process (both open it, one
 * silently loses writes), so the folder is locked here. A second process (the CLI while
 * the service runs) finds the lock and connects to the running server's socket instead.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// TypeScript would compile `import()` to `require()` under CommonJS; PGlite wants a real import.
const dynamicImport = new Function('specifier', 'return import(specifier)') as (s: string) => Promise<any>;

const SERVER_FILE = 'embedded-server.json';

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedDatabase> {
  const { PGlite } = await dynamicImport('@electric-sql/pglite');
  const { PGLiteSocketServer } = await dynamicImport('@electric-sql/pglite-socket');
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '.tally.lock'),
      stale: 15000,
      update: 5000,
      retries: 0,
    });
  }
  try {
    const db = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata')) : await PGlite.create();
    // The socket server's default is one connection; the app's pool holds several.
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 40 });
    await server.start();
    const url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
    if (dataDir) {
      fs.writeFileSync(path.join(dataDir, SERVER_FILE), JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
    }
    return {
      url,
      async stop() {
        await server.stop();
        await db.close();
        if (dataDir) fs.rmSync(path.join(dataDir, SERVER_FILE), { force: true });
        if (release) await release();
      },
    };
  } catch (err) {
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
  const running = await runningEmbeddedServer(dataDir);
  if (running) return { url: running, stop: async () => undefined };
  return startEmbeddedPostgres(dataDir);
}
