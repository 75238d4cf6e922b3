import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DynamicModule, Type } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { loadConfig, TallyConfig } from '../../src/platform/config/config';
import { configureApp } from '../../src/platform/configure-app';
import { Clock, FixedClock } from '../../src/platform/clock/clock';
import { CompaniesService } from '../../src/platform/auth/companies.service';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  dataSource: DataSource;
  clock: Clock;
  /** A new company with its token, and a request helper bound to both. */
  tenant(name?: string): Promise<Tenant>;
  /** The companies `tenant()` made, in order (e.g. for the books audit after concurrency tests). */
  companyIds: string[];
  close(): Promise<void>;
}

export interface Tenant {
  companyId: string;
  token: string;
  /** `/api/v1/companies/{companyId}` */
  base: string;
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  patch(path: string, body?: unknown): request.Test;
  delete(path: string, body?: unknown): request.Test;
}

export interface TestAppOptions {
  /** A fixed clock (tests of dates and billing); the system clock otherwise. */
  clock?: Clock;
  /** Extra modules for a test (e.g. a controller that throws). */
  imports?: (Type<unknown> | DynamicModule)[];
  /** Configuration overrides (e.g. a small rate limit). */
  config?: Partial<TallyConfig>;
}

/** The real app (same modules, filters, pipes and body limits as main.ts) on the test database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = { ...loadConfig(), scheduler: false, logLevel: process.env.LOG_LEVEL ?? 'silent', dbPoolSize: onEmbeddedDatabase() ? 1 : 10, ...options.config };
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: the jest globalSetup sets it');
  let builder = Test.createTestingModule({
    imports: [AppModule.forRoot({ config, databaseUrl }), ...(options.imports ?? [])],
  });
  if (options.clock) builder = builder.overrideProvider(Clock).useValue(options.clock);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureApp(app);
  await app.init();
  const http = app.getHttpServer();
  const companies = app.get(CompaniesService);
  let counter = 0;
  const companyIds: string[] = [];

  return {
    app,
    http,
    dataSource: app.get(DataSource),
    clock: app.get(Clock),
    async tenant(name?: string) {
      const created = await companies.createCompany(name ?? `Test company ${++counter}`);
      companyIds.push(created.company_id);
      return bindTenant(http, created.company_id, created.token);
    },
    companyIds,
    close: () => app.close(),
  };
}

export function bindTenant(http: TestApp['http'], companyId: string, token: string): Tenant {
  const base = `/api/v1/companies/${companyId}`;
  const auth = `Bearer ${token}`;
  return {
    companyId,
    token,
    base,
    get: (path) => request(http).get(base + path).set('Authorization', auth),
    post: (path, body) => request(http).post(base + path).set('Authorization', auth).send(body as object),
    patch: (path, body) => request(http).patch(base + path).set('Authorization', auth).send(body as object),
    delete: (path, body) => {
      const r = request(http).delete(base + path).set('Authorization', auth);
      return body === undefined ? r : r.send(body as object);
    },
  };
}

export { FixedClock };

/** True when the suite runs on the embedded database (one transaction at a time). */
export const onEmbeddedDatabase = () => process.env.TALLY_TEST_EMBEDDED === '1';
