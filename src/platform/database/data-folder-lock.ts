import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as lockfile from 'proper-lockfile';

/**
 * The lock that keeps a second process from opening an embedded data folder.
 *
 * PGlite does not protect its folder: two processes that open it both write, and one silently
 * loses its writes. The lock is proper-lockfile's directory `.tally.lock`, plus a holder file
 * (`embedded-server.json`: pid, host, command, start time, and the socket URL once the server
 * listens).
 *
 * A lock is never taken over because of its age: a paused process (Ctrl-Z, a debugger, a long
 * statement) cannot refresh anything, yet it will resume and write. So proper-lockfile's
 * mtime staleness is switched off, and a lock is stale only when its holder is known to be
 * gone: its pid no longer runs on this host (or runs a newer process with the same number).
 * A lock held from another host, or without a holder file for less than `ORPHAN_MS`, is kept.
 *
 * Taking, taking over and releasing the lock happen under a short guard lock (`.tally.guard.lock`),
 * so that the lock directory and its holder file always change together.
 */
export const LOCK_DIR = '.tally.lock';
export const HOLDER_FILE = 'embedded-server.json';
const GUARD_FILE = '.tally.guard';
/** Effectively "never" for proper-lockfile's mtime staleness. */
const NEVER_STALE = Number.MAX_SAFE_INTEGER / 2;
/** A lock directory without a holder file and not refreshed for this long belongs to nobody. */
const ORPHAN_MS = 15_000;

export interface LockHolder {
  pid: number;
  hostname?: string;
  command?: string;
  since?: string;
  /** The process's start time in clock ticks after boot (Linux), to tell a reused pid. */
  started?: string | null;
  token?: string;
  url?: string | null;
}

/** A data folder Tally will not use (owned by another user, in use, or its mode cannot be fixed). */
export class DataFolderError extends Error {}

/** The data folder is held by another live process. */
export class DataFolderInUseError extends DataFolderError {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
    reason?: string,
    advice = 'Only one process may open it: stop that one, or set TALLY_DATA_DIR to another folder.',
  ) {
    super(`the data folder ${dataDir} is in use by ${describeHolder(holder)}${reason ? `, ${reason}` : ''}. ${advice}`);
  }
}

export function describeHolder(holder: LockHolder | null): string {
  if (!holder) return 'another process (which is starting or stopping)';
  const parts = [`pid ${holder.pid}`];
  if (holder.hostname && holder.hostname !== os.hostname()) parts.push(`on host ${holder.hostname}`);
  const details = [holder.command ? `"${holder.command}"` : null, holder.since ? `since ${holder.since}` : null].filter(Boolean);
  return `${parts.join(' ')}${details.length ? ` (${details.join(', ')})` : ''}`;
}

/** Field 22 of /proc/<pid>/stat (start time), or null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process is stopped (SIGSTOP, Ctrl-Z, a debugger's trap), where /proc tells. */
export function isStopped(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state === 'T' || state === 't';
  } catch {
    return false;
  }
}

/** Whether the holder still runs. Unknown (another host) counts as alive. */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname && holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.started) {
    const now = processStart(holder.pid);
    if (now !== null && now !== holder.started) return false; // the pid now names another process
  }
  return true;
}

export function readHolder(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

function writeHolder(dataDir: string, holder: LockHolder): void {
  const file = path.join(dataDir, HOLDER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(holder), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function lockDirAge(dataDir: string): number | null {
  try {
    return Date.now() - fs.statSync(path.join(dataDir, LOCK_DIR)).mtimeMs;
  } catch {
    return null;
  }
}

/** The holder of the folder's lock when it is held by a live process, else null. */
export function liveHolder(dataDir: string): { holder: LockHolder | null } | null {
  const age = lockDirAge(dataDir);
  if (age === null) return null;
  const holder = readHolder(dataDir);
  if (holder) return holderAlive(holder) ? { holder } : null;
  return age < ORPHAN_MS ? { holder: null } : null;
}

async function underGuard<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(path.join(dataDir, GUARD_FILE), {
    realpath: false,
    retries: { retries: 40, minTimeout: 25, maxTimeout: 250 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

export interface FolderLock {
  /** Records the socket URL in the holder file, for the processes that will connect to it. */
  publish(url: string): void;
  release(): Promise<void>;
}

/** Takes the folder's lock, or throws `DataFolderInUseError` naming its live holder. */
export async function lockDataFolder(dataDir: string): Promise<FolderLock> {
  const options = {
    lockfilePath: path.join(dataDir, LOCK_DIR),
    stale: NEVER_STALE,
    update: 5000,
    retries: 0,
  };
  const cwd = process.cwd() + path.sep;
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    command: [path.basename(process.argv0), ...process.argv.slice(1).map((a) => (a.startsWith(cwd) ? a.slice(cwd.length) : a))].join(' '),
    since: new Date().toISOString(),
    started: processStart(process.pid),
    token: crypto.randomBytes(8).toString('hex'),
    url: null,
  };
  const releaseLock = await underGuard(dataDir, async () => {
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      const live = liveHolder(dataDir);
      if (live) throw new DataFolderInUseError(dataDir, live.holder);
      // The holder is gone (it died without releasing): its lock is taken over.
      fs.rmSync(path.join(dataDir, LOCK_DIR), { recursive: true, force: true });
      release = await lockfile.lock(dataDir, options);
    }
    writeHolder(dataDir, me);
    return release;
  });
  return {
    publish(url: string) {
      me.url = url;
      writeHolder(dataDir, me);
    },
    async release() {
      await underGuard(dataDir, async () => {
        if (readHolder(dataDir)?.token === me.token) fs.rmSync(path.join(dataDir, HOLDER_FILE), { force: true });
        await releaseLock();
      });
    },
  };
}
