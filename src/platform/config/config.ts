import { isIP } from 'node:net';
import * as os from 'node:os';
import ipaddr from 'ipaddr.js';
import * as path from 'node:path';

/** Runtime configuration, read from the environment once and validated (fail fast). */
export interface TallyConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  publicUrl: string;
  logLevel: string;
  scheduler: boolean;
  dbPoolSize: number;
  /** Create (once) and print a demo company and token at start: on by default only on the embedded database. */
  demo: boolean;
  rateLimit: RateLimitConfig;
  /** Deliver webhooks from this instance (`TALLY_WEBHOOK_DELIVERY`, on by default; independent of the scheduler). */
  webhookDelivery: boolean;
  /**
   * Refuse webhook targets on loopback, private, link-local and reserved addresses: on wherever
   * Tally runs on PostgreSQL (`DATABASE_URL`), off on the embedded database (one person's machine).
   */
  webhookBlockPrivate: boolean;
  /**
   * Hosts exempt from that check (`TALLY_WEBHOOK_ALLOWED_HOSTS`, comma-separated host names or IP
   * addresses, compared with a URL's host as written): local development and tests.
   */
  webhookAllowedHosts: string[];
  /** `GET /metrics` answers only a request bearing this token when set (`TALLY_METRICS_TOKEN`); open otherwise. */
  metricsToken: string | null;
  /**
   * The key hosted page links are derived from (`TALLY_PAGE_KEY`, at least 32 characters). When
   * unset, one is generated once and kept in the data folder (embedded) or in the database.
   */
  pageKey: string | null;
  /** Outgoing mail: `SMTP_URL`, `smtp://[user:password@]host:port` (`smtps://` for TLS from the first byte); null when unset. */
  smtpUrl: string | null;
  /** The From of every message (`MAIL_FROM`, an address with an optional display name). */
  mailFrom: string;
  /**
   * Without SMTP_URL, messages are written as `.eml` files here (`TALLY_MAIL_DIR`; default
   * `mail/` in the embedded database's data folder); null when neither is set (on PostgreSQL
   * without TALLY_MAIL_DIR): messages are then logged as not sent.
   */
  mailDir: string | null;
  /** Send mail from this instance (`TALLY_MAIL_DELIVERY`, on by default; independent of the scheduler). */
  mailDelivery: boolean;
}

/** Request limits (fixed windows); `null` points = no limit. */
export interface RateLimitConfig {
  /** Requests per API token per window; null when `TALLY_RATE_LIMIT=off`. */
  apiPoints: number | null;
  /** Requests per hosted-page link per window; null when `TALLY_PAGE_RATE_LIMIT=off`. */
  pagePoints: number | null;
  windowSeconds: number;
  /** Shared counters across instances when set; per-instance counters otherwise. */
  redisUrl: string | null;
  /** Prefix of the counters' keys in Redis (several deployments may share one Redis). */
  keyPrefix: string;
}

export const RATE_LIMIT_DEFAULTS = { apiPoints: 6000, pagePoints: 120, windowSeconds: 60, keyPrefix: 'tally:rl' };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

/**
 * Connections per process on PostgreSQL when DB_POOL_SIZE is unset: twice the CPUs of this machine,
 * at most 10. More statements running at once than the cores can run only adds contention: the
 * extra connections wait on the same CPUs and PostgreSQL spends more of them switching between
 * backends and on lock traffic.
 */
export function defaultPoolSize(cpus: number): number {
  return Math.min(10, 2 * Math.max(1, cpus));
}

/** `cpus`: this machine's CPUs (the default pool size follows them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cpus = os.availableParallelism()): TallyConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL ? env.DATABASE_URL : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const scheduler = (env.TALLY_SCHEDULER || 'on').toLowerCase() !== 'off';
  // Embedded: one connection. pglite-socket interleaves the protocol messages of concurrent
  // connections outside a transaction ("portal does not exist"), so queries go one at a time.
  const dbPoolSize = env.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : databaseUrl ? defaultPoolSize(cpus) : 1;
  if (!Number.isInteger(dbPoolSize) || dbPoolSize < 1 || dbPoolSize > 100) {
    throw new ConfigError('DB_POOL_SIZE must be an integer between 1 and 100');
  }
  const demoSetting = (env.TALLY_DEMO || (databaseUrl ? 'off' : 'on')).toLowerCase();
  if (demoSetting !== 'on' && demoSetting !== 'off') throw new ConfigError('TALLY_DEMO must be on or off');
  const rateLimit = loadRateLimit(env);
  const webhookDelivery = onOff(env, 'TALLY_WEBHOOK_DELIVERY', true);
  const webhookBlockPrivate = databaseUrl !== null;
  const webhookAllowedHosts = loadAllowedHosts(env);
  const metricsToken = env.TALLY_METRICS_TOKEN ? env.TALLY_METRICS_TOKEN : null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,512}$/.test(metricsToken)) {
    throw new ConfigError('TALLY_METRICS_TOKEN must be 16 to 512 printable characters without spaces');
  }
  const pageKey = env.TALLY_PAGE_KEY ? env.TALLY_PAGE_KEY : null;
  if (pageKey !== null && (pageKey.length < 32 || pageKey.length > 1024 || !/^[\x21-\x7e]+$/.test(pageKey))) {
    throw new ConfigError('TALLY_PAGE_KEY must be 32 to 1024 printable characters without spaces (e.g. openssl rand -base64 32)');
  }
  const smtpUrl = env.SMTP_URL ? env.SMTP_URL : null;
  if (smtpUrl !== null) {
    let u: URL | null;
    try {
      u = new URL(smtpUrl);
    } catch {
      u = null;
    }
    if (!u || (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') || !u.hostname) {
      throw new ConfigError('SMTP_URL must be smtp://[user:password@]host:port or smtps://[user:password@]host:port');
    }
  }
  const mailFrom = env.MAIL_FROM || 'Tally <billing@tally.invalid>';
  if (!/^[^\r\n]{1,300}$/.test(mailFrom) || !/[^\s@<>]+@[^\s@<>]+/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM must be an e-mail address, optionally with a display name: Acme Billing <billing@acme.example>');
  }
  const dataDir = path.resolve(env.TALLY_DATA_DIR || 'data');
  const mailDir = env.TALLY_MAIL_DIR ? path.resolve(env.TALLY_MAIL_DIR) : databaseUrl ? null : path.join(dataDir, 'mail');
  const mailDelivery = onOff(env, 'TALLY_MAIL_DELIVERY', true);
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    publicUrl,
    logLevel,
    scheduler,
    dbPoolSize,
    demo: demoSetting === 'on',
    rateLimit,
    webhookDelivery,
    webhookBlockPrivate,
    metricsToken,
    webhookAllowedHosts,
    pageKey,
    smtpUrl,
    mailFrom,
    mailDir,
    mailDelivery,
  };
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?)*$/;

/**
 * `TALLY_WEBHOOK_ALLOWED_HOSTS`: host names (lower-cased, no trailing dot) and IP addresses (in
 * their canonical spelling, IPv6 with or without brackets). The setting it replaces,
 * `TALLY_WEBHOOK_BLOCK_PRIVATE`, stops the start when set to `off`, so a deployment that relied on
 * reaching its own network is told rather than silently cut off.
 */
function loadAllowedHosts(env: NodeJS.ProcessEnv): string[] {
  const legacy = env.TALLY_WEBHOOK_BLOCK_PRIVATE;
  if (legacy !== undefined && legacy !== '' && legacy.toLowerCase() !== 'on') {
    throw new ConfigError(
      'TALLY_WEBHOOK_BLOCK_PRIVATE is no longer read: private addresses are refused whenever DATABASE_URL is set; ' +
        'list the hosts webhooks may reach anyway in TALLY_WEBHOOK_ALLOWED_HOSTS (comma-separated)',
    );
  }
  const hosts: string[] = [];
  for (const raw of (env.TALLY_WEBHOOK_ALLOWED_HOSTS ?? '').split(',')) {
    const entry = raw
      .trim()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase();
    if (entry === '') continue;
    if (isIP(entry) !== 0) hosts.push(ipaddr.parse(entry).toString());
    else if (HOST_NAME.test(entry)) hosts.push(entry);
    else throw new ConfigError(`TALLY_WEBHOOK_ALLOWED_HOSTS must list host names or IP addresses separated by commas, got "${raw.trim()}"`);
  }
  return [...new Set(hosts)];
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] || (fallback ? 'on' : 'off')).toLowerCase();
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`${name} must be on or off`);
  return raw === 'on';
}

function limitPoints(env: NodeJS.ProcessEnv, name: string, fallback: number): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw.toLowerCase() === 'off') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) {
    throw new ConfigError(`${name} must be a whole number of requests (1 or more) or "off", got "${raw}"`);
  }
  return n;
}

function loadRateLimit(env: NodeJS.ProcessEnv): RateLimitConfig {
  const apiPoints = limitPoints(env, 'TALLY_RATE_LIMIT', RATE_LIMIT_DEFAULTS.apiPoints);
  const pagePoints = limitPoints(env, 'TALLY_PAGE_RATE_LIMIT', RATE_LIMIT_DEFAULTS.pagePoints);
  const rawWindow = env.TALLY_RATE_LIMIT_WINDOW;
  const windowSeconds = rawWindow === undefined || rawWindow === '' ? RATE_LIMIT_DEFAULTS.windowSeconds : Number(rawWindow);
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > 86400) {
    throw new ConfigError(`TALLY_RATE_LIMIT_WINDOW must be a whole number of seconds between 1 and 86400, got "${rawWindow}"`);
  }
  const redisUrl = env.REDIS_URL ? env.REDIS_URL : null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const keyPrefix = env.TALLY_RATE_LIMIT_PREFIX || RATE_LIMIT_DEFAULTS.keyPrefix;
  if (!/^[\w:.-]{1,64}$/.test(keyPrefix)) {
    throw new ConfigError('TALLY_RATE_LIMIT_PREFIX must be 1 to 64 letters, digits or _ : . -');
  }
  return { apiPoints, pagePoints, windowSeconds, redisUrl, keyPrefix };
}

export const TALLY_CONFIG = Symbol('TALLY_CONFIG');
