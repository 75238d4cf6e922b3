import { NestFactory } from '@nestjs/core';
import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import pino from 'pino';
import { AppModule } from '../app.module';
import { loadConfig } from '../platform/config/config';
import { prepareDatabase } from '../platform/database/connect';
import { TallyLogger } from '../platform/logging/tally-logger';
import { TALLY_SCHEMA } from '../schema';

export interface WithAppOptions {
  /** The log level when LOG_LEVEL is not set (default `silent`). */
  defaultLogLevel?: string;
}

/**
 * The command line's logger: pino JSON lines on stderr (stdout carries the command's answer,
 * one line of JSON with --json), written synchronously through process.stderr so that nothing
 * is lost when the command exits right after.
 */
export function cliLogger(level: string): TallyLogger | false {
  if (level === 'silent') return false;
  return new TallyLogger(pino({ level }, { write: (line: string) => process.stderr.write(line) }));
}

/**
 * Runs `work` inside an application context on the database the service would use (scheduler
 * and webhook and mail delivery off: the running service delivers what a command records; logs on
 * stderr at LOG_LEVEL, silent unless LOG_LEVEL or the command says otherwise), then closes the
 * context and the database.
 * Every command of the command line that needs the application goes through it.
 */
export async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>, options: WithAppOptions = {}): Promise<T> {
  const logLevel = (process.env.LOG_LEVEL || options.defaultLogLevel || 'silent').toLowerCase();
  const config = { ...loadConfig(), scheduler: false, webhookDelivery: false, mailDelivery: false, logLevel };
  const db = await prepareDatabase(config, TALLY_SCHEMA);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, databaseUrl: db.url }), {
    logger: cliLogger(logLevel),
  });
  try {
    return await work(app);
  } finally {
    await app.close();
    await db.stop();
    // the command's logger goes with it (the process may go on: the tests run commands in-process)
    Logger.overrideLogger(false);
  }
}
