import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { SERVER_NODE_FLAGS } from '../src/platform/config/node-flags';

/**
 * What the HTTP benchmarks share: the database (PostgreSQL or embedded), the Tally server run as
 * in production (`node dist/main.js` in a child process, its JSON logs at `info` going to
 * /dev/null), bare node:http baselines in child processes, and autocannon as the load generator
 * (in this process, so neither server shares its event loop with the load).
 */

export const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432';
const BENCH_DB = 'tally_bench';

export const log = (line: string) => process.stderr.write(`${line}\n`);

/** A wrong command line: `npm run bench` prints its message on one line, then the usage, and exits 2. */
export class UsageError extends Error {}

/** The whole-number flag `name` (its default when absent), refused with a UsageError outside `min`..`max`. */
export function wholeFlag(
  flags: Record<string, string>,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(
      `--${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`} (got "${raw}")`,
    );
  }
  return n;
}

/** `--embedded` or TALLY_BENCH_EMBEDDED=1: the embedded database instead of PostgreSQL. */
export function wantsEmbedded(flags: Record<string, string>): boolean {
  return flags.embedded !== undefined || process.env.TALLY_BENCH_EMBEDDED === '1';
}

export interface BenchDatabase {
  /** DATABASE_URL for the server; undefined = embedded (in `dataDir`). */
  databaseUrl: string | undefined;
  /** The server's data folder (the embedded database, the demo credentials). */
  dataDir: string;
  cleanup(): void;
}

/** DATABASE_URL, else a fresh `tally_bench` on 127.0.0.1:5432; with `embedded`, a fresh embedded folder. */
export async function benchDatabase(embedded: boolean): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-'));
  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (embedded) return { databaseUrl: undefined, dataDir, cleanup };
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    // found empty by this process before (`--repeat`): what it holds now is an earlier repetition's
    await (claimed.has(url) ? emptyDatabase(url) : requireEmpty(url)).catch((err) => {
      cleanup();
      throw err;
    });
    claimed.add(url);
    return { databaseUrl: url, dataDir, cleanup };
  }
  const admin = new Client({ connectionString: `${DEFAULT_SERVER}/postgres` });
  await admin.connect();
  try {
    log(`recreating database ${BENCH_DB} on ${DEFAULT_SERVER}`);
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  return { databaseUrl: `${DEFAULT_SERVER}/${BENCH_DB}`, dataDir, cleanup };
}

/** The DATABASE_URLs this process found empty: the benchmark's own, which a repetition may empty again. */
const claimed = new Set<string>();

/** Drops every schema the benchmark's earlier repetition made, and makes `public` again, empty. */
async function emptyDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'`,
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    await client.query('CREATE SCHEMA IF NOT EXISTS public');
  } finally {
    await client.end();
  }
}

/**
 * A benchmark makes its own demo company and data, so DATABASE_URL must name an empty database: on
 * one that already holds Tally's tables the demo company exists without its token in this run's
 * data folder, and earlier runs' rows would be billed, de-duplicated or read with the new ones.
 */
async function requireEmpty(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].n > 0) {
      throw new Error(
        `the database of DATABASE_URL already holds ${rows[0].n} table(s); a benchmark needs an empty database ` +
          `(create a new one, or unset DATABASE_URL to use a fresh ${BENCH_DB} on ${DEFAULT_SERVER})`,
      );
    }
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, stderr: () => string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr().slice(-2000)}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export interface Server {
  port: number;
  /** SIGINT, then the exit (a CPU profile is written then). */
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT');
    });
}

export interface TallyServer extends Server {
  companyId: string;
  token: string;
  /** The URL of the database the server uses (the embedded one's socket too). */
  databaseUrl: string;
}

/**
 * `node dist/main.js` on the bench database, with its demo company (its token read from the
 * data folder), the scheduler off and a rate limit too high to refuse (it still counts).
 * Started as `npm run start:prod` starts it (SERVER_NODE_FLAGS). `profileDir`: the server also
 * runs with `--cpu-prof` and writes its profile there when stopped.
 */
export async function startTally(db: BenchDatabase, opts: { logLevel: string; profileDir?: string }): Promise<TallyServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TALLY_DATA_DIR: db.dataDir,
    TALLY_DEMO: 'on',
    TALLY_SCHEDULER: 'off',
    TALLY_RATE_LIMIT: '1000000000',
    LOG_LEVEL: opts.logLevel,
  };
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else delete env.DATABASE_URL;
  const nodeArgs = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, path.resolve(__dirname, '..', 'src', 'main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return stoppedOnFailure(child, async (stderr) => {
    await waitFor(`http://127.0.0.1:${port}/health`, child, stderr);
    const creds = JSON.parse(fs.readFileSync(path.join(db.dataDir, 'demo-credentials.json'), 'utf8')) as {
      company_id: string;
      token: string;
    };
    const databaseUrl =
      db.databaseUrl ?? (JSON.parse(fs.readFileSync(path.join(db.dataDir, 'embedded-server.json'), 'utf8')) as { url: string }).url;
    return { port, companyId: creds.company_id, token: creds.token, databaseUrl, stop: stopper(child) };
  });
}

/**
 * A started child's setup (`ready`, given the tail of its stderr): its result, or, when it
 * fails, the child stopped before the error goes on, so that a failed benchmark leaves no server
 * running.
 */
async function stoppedOnFailure<T>(child: ChildProcess, ready: (stderr: () => string) => Promise<T>): Promise<T> {
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-10_000)));
  try {
    return await ready(() => err);
  } catch (e) {
    await stopper(child)();
    throw e;
  }
}

/** A bare node:http server (`script`, CommonJS, listening on process.env.PORT) in a child process. */
export async function startBare(script: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, ...env, PORT: String(port), PG_MODULE: require.resolve('pg') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return stoppedOnFailure(child, async (stderr) => {
    await waitFor(`http://127.0.0.1:${port}/`, child, stderr, 30);
    return { port, stop: stopper(child) };
  });
}

export interface LoadResult {
  /** Requests per second (2xx only). */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  makeBody?: () => string;
  /** Sees each answer's status and body. */
  onResponse?: (status: number, body: string) => void;
}

/** autocannon against `url`; `setupRequest` may give each request its own body. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests:
      opts.makeBody || opts.onResponse
        ? [
            {
              setupRequest: opts.makeBody ? (req) => ({ ...req, body: opts.makeBody!() }) : undefined,
              onResponse: opts.onResponse ? (status, body) => opts.onResponse!(status, body) : undefined,
            },
          ]
        : undefined,
  });
  const ok = result['2xx'];
  const seconds = result.duration;
  return {
    rps: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    seconds,
  };
}

/**
 * The same load spread over several instances of a server (`urls`, one per instance), as a load
 * balancer with keep-alive connections spreads it: one autocannon per instance, all started at
 * once in this process, with the `connections` split between them (32 over 3: 11, 11, 10), so the
 * total concurrency is the same whatever the number of instances. An autocannon connection is one
 * socket to one host and port for its whole run, so rotating the port request by request would
 * mean a new connection per request; splitting the connections is the round-robin a balancer
 * does per connection. `total` sums the requests; its p50 is the median of the instances' p50s,
 * its p99 the highest p99 (autocannon gives percentiles, not mergeable histograms).
 */
export async function loadSpread(urls: string[], opts: Omit<LoadOptions, 'url'>): Promise<{ total: LoadResult; each: LoadResult[] }> {
  if (urls.length === 1) {
    const only = await load({ ...opts, url: urls[0] });
    return { total: only, each: [only] };
  }
  const share = (i: number) => Math.floor(opts.connections / urls.length) + (i < opts.connections % urls.length ? 1 : 0);
  const each = await Promise.all(urls.map((url, i) => load({ ...opts, url, connections: Math.max(1, share(i)) })));
  const p50s = each.map((r) => r.p50).sort((a, b) => a - b);
  const ok = each.reduce((n, r) => n + r.ok, 0);
  const seconds = Math.max(...each.map((r) => r.seconds));
  return {
    total: {
      rps: each.reduce((n, r) => n + r.rps, 0),
      p50: p50s[Math.floor(p50s.length / 2)],
      p99: Math.max(...each.map((r) => r.p99)),
      ok,
      failed: each.reduce((n, r) => n + r.failed, 0),
      seconds,
    },
    each,
  };
}

/** Latency of `n` sequential requests (concurrency 1), taking `urls` in turn: median and p99 in ms. */
export async function sequential(
  urls: string | string[],
  headers: Record<string, string>,
  n: number,
): Promise<{ p50: number; p99: number }> {
  const list = Array.isArray(urls) ? urls : [urls];
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(list[i % list.length], { headers });
    await res.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
}

/**
 * A company's API for a benchmark's setup: POSTs `body` as JSON to `base` + path (`base` is
 * `http://host:port/api/v1/companies/{id}`) with the company's token; the parsed answer, or an
 * error naming the path, the status and the answer.
 */
export function companyApi(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return async (path: string, body: unknown) => {
    const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the benchmark reads fields of its own calls' JSON answers
    const json = (await res.json()) as Record<string, any>;
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function machineLine(pgVersion: string, embedded: boolean): string {
  const db = embedded ? `embedded PostgreSQL (PGlite) ${pgVersion}` : `PostgreSQL ${pgVersion}`;
  return `machine: ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? '?'}; Node ${process.version}; ${db}; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}
