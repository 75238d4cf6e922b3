import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../app.module';
import { loadConfig } from '../platform/config/config';
import { prepareDatabase } from '../platform/database/connect';
import { TALLY_SCHEMA } from '../schema';

/**
 * Runs `work` inside an application context on the database the service would use (scheduler
 * and webhook delivery off: the running service delivers what a command records; logs silent
 * unless LOG_LEVEL says otherwise), then closes the context and the database.
 * Every command of the command line that needs the application goes through it.
 */
export async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const config = { ...loadConfig(), scheduler: false, webhookDelivery: false, logLevel: process.env.LOG_LEVEL ?? 'silent' };
  const db = await prepareDatabase(config, TALLY_SCHEMA);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, databaseUrl: db.url }), { logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
    await db.stop();
  }
}
