import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './platform/config/config';
import { prepareDatabase } from './platform/database/connect';
import { TALLY_SCHEMA } from './schema';
import { DataFolderError } from './platform/database/embedded-postgres';
import { configureApp } from './platform/configure-app';
import { demoCredentials, startBanner } from './platform/startup-banner';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const db = await prepareDatabase(config, TALLY_SCHEMA);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl: db.url }), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);
  // Modules register their hooks (company seeders, billing steps) while the app initialises:
  // nothing may create a company before that.
  await app.init();

  const demo = config.demo ? await demoCredentials(app, config.dataDir) : null;

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  process.stdout.write(startBanner(url, config, demo));
  const shutdown = async (signal: string) => {
    process.stdout.write(`received ${signal}, shutting down\n`);
    await app.close();
    await db.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((err: Error) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
  } else if (err instanceof DataFolderError) {
    process.stderr.write(`data folder error: ${err.message}\n`);
  } else if ((err as { code?: string }).code === 'ELOCKED') {
    process.stderr.write('the embedded database folder is in use by another Tally process (stop it, or set TALLY_DATA_DIR)\n');
  } else {
    process.stderr.write(`failed to start: ${err.stack ?? err.message}\n`);
  }
  process.exit(1);
});
