import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './platform/config/config';
import { prepareDatabase } from './platform/database/connect';
import { DataFolderError } from './platform/database/embedded-postgres';
import { configureApp } from './platform/configure-app';
import { CompaniesService } from './platform/auth/companies.service';

const DEMO_FILE = 'demo-credentials.json';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const db = await prepareDatabase(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl: db.url }), {
    bodyParser: false,
    bufferLogs: true,
  });
  configureApp(app);

  const demo = await app.get(CompaniesService).ensureDemoCompany();
  const demoFile = path.join(config.dataDir, DEMO_FILE);
  let demoToken = demo.token;
  if (demo.created && demo.token) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(demoFile, JSON.stringify({ company_id: demo.company_id, token: demo.token }, null, 2), { mode: 0o600 });
  } else if (fs.existsSync(demoFile)) {
    const saved = JSON.parse(fs.readFileSync(demoFile, 'utf8')) as { company_id: string; token: string };
    if (saved.company_id === demo.company_id) demoToken = saved.token;
  }

  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  const lines = [
    '',
    `Tally is listening on ${url}`,
    `  database:      ${config.databaseUrl ? 'PostgreSQL from DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    `  API reference: ${url}/api/docs`,
    `  demo company:  ${demo.company_id}`,
    demoToken
      ? `  demo token:    ${demoToken}`
      : `  demo token:    (not stored here; make one with: npm run cli -- token create --company ${demo.company_id})`,
    '',
    `  curl -H "Authorization: Bearer <token>" ${url}/api/v1/companies/${demo.company_id}/entitlements/find -X POST -H 'Content-Type: application/json' -d '{}'`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

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
