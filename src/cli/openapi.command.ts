import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import { loadConfig } from '../platform/config/config';
import { createOpenApiDocument } from '../platform/openapi';

/**
 * The OpenAPI document the service serves at /api/docs-json, built without a database: the
 * app is created in Nest's preview mode (modules and routes scanned, no provider instantiated,
 * so nothing connects anywhere). clients/typescript is generated from it.
 */
export async function openApiDocumentWithoutDatabase(): Promise<OpenAPIObject> {
  const config = { ...loadConfig(), scheduler: false, logLevel: 'silent' };
  const unused = 'postgresql://unused@127.0.0.1:1/unused'; // never connected in preview mode
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, databaseUrl: unused }), {
    preview: true,
    logger: false,
    bodyParser: false,
  });
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/** `openapi [--out <file>]`: print (or write) the OpenAPI document; no database needed. */
export function registerOpenApiCommand(program: Command): void {
  program
    .command('openapi')
    .description('print the OpenAPI document of the API (no database needed)')
    .option('--out <file>', 'write it to this file instead of stdout')
    .action(async (opts: { out?: string }) => {
      const json = `${JSON.stringify(await openApiDocumentWithoutDatabase(), null, 2)}\n`;
      if (opts.out) writeFileSync(opts.out, json);
      // the CLI exits right after the action: wait until a piped stdout has taken the whole document
      else await new Promise<void>((resolve, reject) => process.stdout.write(json, (err) => (err ? reject(err) : resolve())));
    });
}
