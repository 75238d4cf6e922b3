import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { createValidationPipe } from './errors/validation';
import { NulCharacterPipe } from './validation/nul-character.pipe';

export const BODY_LIMIT = '1mb';

/** Everything the app needs beyond its modules; shared by main.ts and the test app factory. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.set('x-powered-by', false);
  app.set('query parser', 'simple');
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(new NulCharacterPipe(), createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tally billing API')
      .setDescription('Multi-tenant billing: catalog, usage, subscriptions, invoices, payments, credits. See README.md.')
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'tally_sk_… token from `npm run cli -- token create`' })
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
}
