import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { createValidationPipe } from './errors/validation';
import { requestLogging } from './logging/request-log';
import { idempotencyKeyEcho } from './idempotency/idempotency-key-echo';
import { TallyLogger } from './logging/tally-logger';
import { NulCharacterPipe } from './validation/nul-character.pipe';
import { BodyPresencePipe } from './validation/body-presence.pipe';
import { createOpenApiDocument } from './openapi';
import { PrometheusMetrics } from './observability/prometheus-metrics';
import { CompaniesService } from './auth/companies.service';
import { parses, requestBodyGate, verifyJsonDepth } from './http/request-bodies';
import { hostedPagePrefixes, isUnderPrefix } from './hosted-pages/hosted-page-paths';
import { HostedPageErrorFilter } from './hosted-pages/hosted-page-error.filter';

export const BODY_LIMIT = '1mb';

/** Everything the app needs beyond its modules; shared by main.ts and the test app factory. Returns the OpenAPI document it serves. */
export function configureApp(app: NestExpressApplication): OpenAPIObject {
  const logger = app.get(TallyLogger);
  app.useLogger(logger);
  // first: every request gets its id and its log line, whatever answers it
  app.use(requestLogging(logger.pino));
  // …and, when it sent one, its Idempotency-Key back (idempotency/idempotency-key-echo.ts)
  app.use(idempotencyKeyEcho());
  // every answer counted and timed under its route's pattern (GET /metrics)
  app.use(app.get(PrometheusMetrics).httpMiddleware());
  const hostedPages = hostedPagePrefixes(app);
  const isHostedPage = (path: string) => isUnderPrefix(hostedPages, path);
  const companies = app.get(CompaniesService);
  // which body a request may have, and whether it is read at all (http/request-bodies.ts)
  app.use(requestBodyGate({ authenticate: (token) => companies.authenticate(token), isHostedPage }));
  // `verify` is Nest's own hook for rawBody (off here), so its options type leaves it out
  const jsonOptions = { limit: BODY_LIMIT, type: parses('json'), verify: verifyJsonDepth };
  app.useBodyParser('json', jsonOptions as NestExpressBodyParserOptionsFor<'json'>);
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false, type: parses('form') });
  app.set('x-powered-by', false);
  app.set('query parser', 'simple');
  const hostedPageFilter = new HostedPageErrorFilter();
  app.useGlobalFilters(new AllExceptionsFilter((req) => (isHostedPage(req.path) ? hostedPageFilter : null)));
  app.useGlobalPipes(new NulCharacterPipe(), new BodyPresencePipe(), createValidationPipe());

  const document = createOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
    customSiteTitle: 'Tally API reference',
    // the UI's page has no viewport of its own: without one a phone shows it at desktop width
    customJsStr:
      "(function(){var m=document.createElement('meta');m.name='viewport';m.content='width=device-width, initial-scale=1';document.head.appendChild(m);})();",
    swaggerOptions: { persistAuthorization: true },
  });
  return document;
}
