import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ReplaySecrets } from '../platform/idempotency/replay-secrets.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';
import { WebhooksViews } from './webhooks.views';
import {
  CreateWebhookDto,
  FindWebhookDeliveriesDto,
  FindWebhooksDto,
  UpdateWebhookDto,
  WebhookActionBodyDto,
  WebhookDeliveryResponse,
  WebhookResponse,
  WebhookWithSecretResponse,
} from './dto/webhook.dto';

/**
 * The signing secret is never kept in a stored idempotent answer: a repeat of create or
 * rotate_secret with the same Idempotency-Key answers the endpoint with `secret: null` and
 * `secret_redacted: true` (running them again would make another endpoint or another secret).
 * Whoever lost the first answer rotates the secret to get one.
 */
const SECRET_REDACTED = { redact: ['secret'] } as const;

@ApiTags('webhooks')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/webhooks`)
export class WebhooksController {
  constructor(
    private readonly service: WebhookEndpointsService,
    private readonly views: WebhooksViews,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a webhook endpoint (its secret is shown only here and on rotate_secret)',
    description: 'At most 16 endpoints per company, DISABLED ones included (409 webhook_limit_reached beyond).',
  })
  @HttpCode(201)
  @ReplaySecrets(SECRET_REDACTED)
  @ApiCreatedResponse({ type: WebhookWithSecretResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateWebhookDto): Promise<WebhookWithSecretResponse> {
    return this.views.webhookWithSecretView(await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search webhook endpoints' })
  @HttpCode(200)
  @ApiPageResponse(WebhookResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindWebhooksDto) {
    return this.views.webhookPage(await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook endpoint' })
  @ApiOkResponse({ type: WebhookResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<WebhookResponse> {
    return this.views.webhookView(await this.service.get(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a webhook endpoint (url, event_types, description, status)' })
  @ApiOkResponse({ type: WebhookResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateWebhookDto): Promise<WebhookResponse> {
    return this.views.webhookView(await this.service.update(companyId, id, dto));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook endpoint and its deliveries' })
  @ApiOkResponse({ type: WebhookResponse })
  async remove(@CompanyId() companyId: string, @Param('id') id: string): Promise<WebhookResponse> {
    return this.views.webhookView(await this.service.remove(companyId, id));
  }

  @Post(':id/rotate_secret')
  @ApiOperation({ summary: 'Rotate the signing secret (the previous one keeps signing for 24 hours)' })
  @HttpCode(200)
  @ReplaySecrets(SECRET_REDACTED)
  @ApiOkResponse({ type: WebhookWithSecretResponse })
  async rotateSecret(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Body() _body: WebhookActionBodyDto,
  ): Promise<WebhookWithSecretResponse> {
    return this.views.webhookWithSecretView(await this.service.rotateSecret(companyId, id));
  }

  @Post(':id/test')
  @ApiOperation({ summary: 'Send a webhook.test event to this endpoint only; answers its delivery' })
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResponse })
  async test(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Body() _body: WebhookActionBodyDto,
  ): Promise<WebhookDeliveryResponse> {
    return this.views.deliveryView(await this.service.sendTest(companyId, id));
  }

  @Post(':id/deliveries/find')
  @ApiOperation({ summary: "Search an endpoint's deliveries (attempts, last status code or error, duration, next attempt)" })
  @HttpCode(200)
  @ApiPageResponse(WebhookDeliveryResponse)
  async findDeliveries(@CompanyId() companyId: string, @Param('id') id: string, @Body() body: FindWebhookDeliveriesDto) {
    return this.views.deliveryPage(await this.service.findDeliveries(companyId, id, body));
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @ApiOperation({ summary: 'Make the next attempt of a delivery now' })
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResponse })
  async retry(
    @CompanyId() companyId: string,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
    @Body() _body: WebhookActionBodyDto,
  ): Promise<WebhookDeliveryResponse> {
    return this.views.deliveryView(await this.service.retryDelivery(companyId, id, deliveryId));
  }
}
