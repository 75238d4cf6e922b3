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
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TallyConfig {
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
  const dbPoolSize = env.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : databaseUrl ? 10 : 1;
  if (!Number.isInteger(dbPoolSize) || dbPoolSize < 1 || dbPoolSize > 100) {
    throw new ConfigError('DB_POOL_SIZE must be an integer between 1 and 100');
  }
  const demoSetting = (env.TALLY_DEMO || (databaseUrl ? 'off' : 'on')).toLowerCase();
  if (demoSetting !== 'on' && demoSetting !== 'off') throw new ConfigError('TALLY_DEMO must be on or off');
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    databaseUrl,
    dataDir: path.resolve(env.TALLY_DATA_DIR || 'data'),
    publicUrl,
    logLevel,
    scheduler,
    dbPoolSize,
    demo: demoSetting === 'on',
  };
}

export const TALLY_CONFIG = Symbol('TALLY_CONFIG');
