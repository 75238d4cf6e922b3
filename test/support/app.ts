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
import { logViolations, OpenApiContract } from './openapi-contract';
import { OutboxCompanies } from '../../src/platform/outbox/outbox-companies';
import { noteCompany, outboxCompanies } from './whole-database';

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
  const config = {
    ...loadConfig(),
    scheduler: false,
    // no webhook worker unless a test asks for one (`config: { webhookDelivery: true }`)
    webhookDelivery: false,
    // nor a mail worker (`config: { mailDelivery: true, smtpUrl }`)
    mailDelivery: false,
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    dbPoolSize: onEmbeddedDatabase() ? 1 : 10,
    ...options.config,
  };
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: the jest globalSetup sets it');
  let builder = Test.createTestingModule({
    imports: [AppModule.forRoot({ config, databaseUrl }), ...(options.imports ?? [])],
  });
  if (options.clock) builder = builder.overrideProvider(Clock).useValue(options.clock);
  // the outbox loops take only this file's companies' rows (every company's after useWholeDatabase())
  builder = builder.overrideProvider(OutboxCompanies).useValue(outboxCompanies());
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  const document = configureApp(app);
  await app.init();
  const http = app.getHttpServer();
  contracts.set(http, new OpenApiContract(document));
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
      noteCompany(created.company_id);
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
    get: (path) =>
      request(http)
        .get(base + path)
        .set('Authorization', auth),
    post: (path, body) =>
      request(http)
        .post(base + path)
        .set('Authorization', auth)
        .send(body as object),
    patch: (path, body) =>
      request(http)
        .patch(base + path)
        .set('Authorization', auth)
        .send(body as object),
    delete: (path, body) => {
      const r = request(http)
        .delete(base + path)
        .set('Authorization', auth);
      return body === undefined ? r : r.send(body as object);
    },
  };
}

export { FixedClock };

/**
 * The one contract hook of the e2e suite: every answer a test app gives to a supertest request
 * (through a Tenant or `request(t.http)`) is checked against the app's OpenAPI document (route,
 * method, status and body schema; see openapi-contract.ts). A violation fails the request's
 * `await`/`.expect()` chain after the test's own expectations, so drift anywhere fails a test.
 */
const contracts = new WeakMap<object, OpenApiContract>();
type Assert = (
  this: { app: object; method: string; url: string },
  err: Error | null,
  res: request.Response,
  fn: (err: Error | null, res: request.Response) => void,
) => void;
const proto = request.Test.prototype as unknown as { assert: Assert; __openApiContract?: true };
if (!proto.__openApiContract) {
  proto.__openApiContract = true;
  const assert = proto.assert;
  proto.assert = function (err, res, fn) {
    const contract = contracts.get(this.app);
    if (!contract || !res) return assert.call(this, err, res, fn);
    let problems: string[];
    try {
      problems = contract.check(this.method, this.url, { status: res.status, body: res.body, text: res.text, headers: res.headers });
    } catch (e) {
      problems = [`the contract check itself failed: ${(e as Error).message}`];
    }
    logViolations(problems);
    return assert.call(this, err, res, (first, r) => {
      fn(first ?? (problems.length ? new Error(`answer differs from the OpenAPI document:\n${problems.join('\n')}`) : null), r);
    });
  };
}

/** True when the suite runs on the embedded database (one transaction at a time). */
export const onEmbeddedDatabase = () => process.env.TALLY_TEST_EMBEDDED === '1';
