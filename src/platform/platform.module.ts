import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TALLY_CONFIG, TallyConfig } from './config/config';
import { dataSourceOptions } from './database/data-source-options';
import type { DatabaseSchema } from './database/module-schema';
import { Clock, SystemClock } from './clock/clock';
import { CompaniesService } from './auth/companies.service';
import { AuthGuard } from './auth/auth.guard';
import { CompanySeeders } from './seeding/company-seeders';
import { IdempotencyService } from './idempotency/idempotency.service';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { HealthController } from './health/health.controller';
import { rootLogger, TallyLogger } from './logging/tally-logger';
import { UnitOfWork } from './tenancy/scoped.repository';
import { PlatformScheduler } from './scheduler/platform-scheduler';
import { RateLimitService } from './rate-limit/rate-limit.service';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { CompanySettingsService } from './company-settings/company-settings.service';
import { CompanySettingsController } from './company-settings/company-settings.controller';
import { PrometheusMetrics } from './observability/prometheus-metrics';
import { MetricsEndpointController } from './observability/metrics-endpoint.controller';
import { PageSecrets, resolvePageKey } from './hosted-pages/page-secrets';
import { OutboxCompanies } from './outbox/outbox-companies';

export interface PlatformOptions {
  config: TallyConfig;
  databaseUrl: string;
  /** Every module's entities and migrations (the composition root's `TALLY_SCHEMA`). */
  schema: DatabaseSchema;
}

/** Everything cross-cutting, no business rules: database, auth, tenancy, idempotency, logs, health, metrics. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(options.databaseUrl, options.config.dbPoolSize, options.schema),
          retryAttempts: 2,
          retryDelay: 500,
        }),
      ],
      controllers: [HealthController, CompanySettingsController, MetricsEndpointController],
      providers: [
        { provide: TALLY_CONFIG, useValue: options.config },
        { provide: Clock, useClass: SystemClock },
        { provide: TallyLogger, useValue: new TallyLogger(rootLogger(options.config.logLevel)) },
        { provide: UnitOfWork, useFactory: (ds: DataSource) => new UnitOfWork(ds), inject: [DataSource] },
        {
          provide: PageSecrets,
          useFactory: async (ds: DataSource) =>
            new PageSecrets(await resolvePageKey((sql, params) => ds.query(sql, params), options.config), options.config.publicUrl),
          inject: [DataSource],
        },
        // every company's outbox rows (a test app narrows it to its file's companies)
        { provide: OutboxCompanies, useValue: OutboxCompanies.every() },
        CompanySeeders,
        CompaniesService,
        CompanySettingsService,
        IdempotencyService,
        PlatformScheduler,
        RateLimitService,
        PrometheusMetrics,
        { provide: APP_GUARD, useClass: AuthGuard },
        // after the AuthGuard (guards run in this order): it counts per authenticated token
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
      exports: [
        TALLY_CONFIG,
        TallyLogger,
        Clock,
        UnitOfWork,
        CompanySeeders,
        CompaniesService,
        CompanySettingsService,
        IdempotencyService,
        PlatformScheduler,
        PrometheusMetrics,
        PageSecrets,
        OutboxCompanies,
      ],
    };
  }
}
