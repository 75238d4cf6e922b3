/**
 * Run in a child process by platform-embedded-socket.e2e-spec.ts (PGlite needs a real dynamic
 * import, which jest's module sandbox refuses): starts the embedded database on a folder and
 * prints, as one JSON line, what a local user could reach.
 *   node embedded-probe.js serve <dataDir | ->
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';
import { resolveDatabase, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

/** Inodes of the TCP sockets this process listens on (Linux /proc). */
function listeningTcpInodes(): Set<string> {
  const mine = new Set<string>();
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`));
      if (m) mine.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[3] === '0A' && mine.has(cols[9])) listening.add(cols[9]);
    }
  }
  return listening;
}

async function selectOne(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ x: number }>('SELECT 1 AS x')).rows[0].x;
  } finally {
    await client.end();
  }
}

async function createTable(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS probe_rows (id serial PRIMARY KEY, note text)');
    await client.query("INSERT INTO probe_rows (note) SELECT 'row ' || g FROM generate_series(1, 500) g");
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** Files and folders under `dir` that the group or other users may open, as `mode path`. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  const visit = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (!entry.isFile() && !entry.isDirectory()) continue;
      const mode = fs.lstatSync(file).mode & 0o777;
      if (mode & 0o077) open.push(`${mode.toString(8)} ${path.relative(dir, file)}`);
      if (entry.isDirectory()) visit(file);
    }
  };
  visit(dir);
  return open;
}

async function serve(dataDir: string | null) {
  const before = listeningTcpInodes();
  const db = await startEmbeddedPostgres(dataDir);
  const socketDir = new URLSearchParams(db.url.split('?')[1] ?? '').get('host');
  const socket = socketDir ? path.join(socketDir, '.s.PGSQL.5432') : null;
  try {
    const second = dataDir ? await resolveDatabase(null, dataDir) : null;
    return {
      url: db.url,
      newTcpListeners: [...listeningTcpInodes()].filter((inode) => !before.has(inode)).length,
      socketDir,
      socketIsSocket: socket ? fs.statSync(socket).isSocket() : false,
      socketMode: socket ? modeOf(socket) : null,
      socketDirMode: socketDir ? modeOf(socketDir) : null,
      dataDirMode: dataDir ? modeOf(dataDir) : null,
      select: await selectOne(db.url),
      // after the database has created files of its own (a table, its index)
      openEntries: dataDir ? (await createTable(db.url), openEntries(dataDir)) : null,
      secondUrl: second?.url ?? null,
      secondSelect: second ? await selectOne(second.url) : null,
    };
  } finally {
    await db.stop();
  }
}

/** The detector itself: a loopback TCP server is seen as one new listener. */
async function control(): Promise<number> {
  const before = listeningTcpInodes();
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const seen = [...listeningTcpInodes()].filter((inode) => !before.has(inode)).length;
  await new Promise((resolve) => server.close(resolve));
  return seen;
}

async function main() {
  const [command, dir] = process.argv.slice(2);
  if (command !== 'serve') throw new Error(`unknown command ${command}`);
  const dataDir = dir === '-' ? null : dir;
  const result = await serve(dataDir);
  const socketDir = result.socketDir;
  const after = {
    socketLeft: socketDir ? fs.existsSync(path.join(socketDir, '.s.PGSQL.5432')) : null,
    socketDirLeft: socketDir ? fs.existsSync(socketDir) : null,
  };
  process.stdout.write(JSON.stringify({ ...result, ...after, controlTcpListeners: await control() }) + '\n');
}

main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
