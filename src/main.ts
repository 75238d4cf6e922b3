import 'reflect-metadata';
import * as net from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './platform/config/config';
import { prepareDatabase } from './platform/database/connect';
import { TALLY_SCHEMA } from './schema';
import { DataFolderError } from './platform/database/embedded-postgres';
import { configureApp } from './platform/configure-app';
import { demoCredentials, startBanner } from './platform/startup-banner';

/** The HTTP port is taken (another Tally, or another program): a message, not a stack trace. */
class PortInUseError extends Error {
  constructor(port: number, host: string) {
    super(
      `port ${port} on ${host} is already in use (another Tally, or another program, listens on it). ` +
        `Stop that one, or choose another port: PORT=${port < 65535 ? port + 1 : port - 1} npm start`,
    );
  }
}

/** Fails fast, before the database is opened, when the port is taken. */
async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, host) : err));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await checkPortFree(config.port, config.host);
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

  try {
    await app.listen(config.port, config.host);
  } catch (err) {
    // taken meanwhile
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    await app.close();
    await db.stop();
    throw new PortInUseError(config.port, config.host);
  }
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
  } else if (err instanceof PortInUseError) {
    process.stderr.write(`${err.message}\n`);
  } else if (err instanceof DataFolderError) {
    process.stderr.write(`data folder error: ${err.message}\n`);
  } else if ((err as { code?: string }).code === 'ELOCKED') {
    process.stderr.write('the embedded database folder is in use by another Tally process (stop it, or set TALLY_DATA_DIR)\n');
  } else {
    process.stderr.write(`failed to start: ${err.stack ?? err.message}\n`);
  }
  process.exit(1);
});
