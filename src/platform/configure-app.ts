import type { NestExpressApplication } from '@nestjs/platform-express';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { createValidationPipe } from './errors/validation';
import { requestLogging } from './logging/request-log';
import { TallyLogger } from './logging/tally-logger';
import { NulCharacterPipe } from './validation/nul-character.pipe';
import { createOpenApiDocument } from './openapi';
import { PrometheusMetrics } from './observability/prometheus-metrics';

export const BODY_LIMIT = '1mb';

/** Everything the app needs beyond its modules; shared by main.ts and the test app factory. Returns the OpenAPI document it serves. */
export function configureApp(app: NestExpressApplication): OpenAPIObject {
  const logger = app.get(TallyLogger);
  app.useLogger(logger);
  // first: every request gets its id and its log line, whatever answers it
  app.use(requestLogging(logger.pino));
  // every answer counted and timed under its route's pattern (GET /metrics)
  app.use(app.get(PrometheusMetrics).httpMiddleware());
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.set('x-powered-by', false);
  app.set('query parser', 'simple');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(new NulCharacterPipe(), createValidationPipe());

  const document = createOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
  return document;
}
