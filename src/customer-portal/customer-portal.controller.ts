import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ReplaySecrets } from '../platform/idempotency/replay-secrets.decorator';
import { CustomerPortalService } from './customer-portal.service';
import { toDashboardLinkResponse } from './customer-portal.mapper';
import { DashboardLinkDto, DashboardLinkResponse } from './dto/customer-portal.dto';

/**
 * A link is a secret: never kept in a stored idempotent answer. A repeat of a link request with
 * the same Idempotency-Key issues a fresh link (new secret, new 24 hours); the link the first
 * answer gave keeps working until it expires.
 */
const LINK_SECRETS = { redact: ['url', 'link'], reissue: true } as const;
const LINK_ANSWER =
  'the link (a secret: give it only to the customer) and its expiry. Repeated with the same Idempotency-Key, the request ' +
  'issues a fresh link (with `Idempotency-Used: true`) rather than replay the first one, which is never stored.';

@ApiTags('customer dashboards')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/customer_dashboards`)
export class CustomerPortalController {
  constructor(private readonly service: CustomerPortalService) {}

  @Post(':customer_id/portal')
  @ApiOperation({ summary: "A link to the customer's hosted portal (subscriptions, invoices, cards; expires after 24 hours)" })
  @HttpCode(200)
  @ReplaySecrets(LINK_SECRETS)
  @ApiOkResponse({ type: DashboardLinkResponse, description: LINK_ANSWER })
  async portal(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Body() _body: DashboardLinkDto,
  ): Promise<DashboardLinkResponse> {
    const { url, expiresAt } = await this.service.createLink(companyId, customerId, 'PORTAL');
    return toDashboardLinkResponse(url, expiresAt);
  }

  @Post(':customer_id/usage')
  @ApiOperation({ summary: "A link to the customer's usage page, embeddable in an iframe (expires after 24 hours)" })
  @HttpCode(200)
  @ReplaySecrets(LINK_SECRETS)
  @ApiOkResponse({ type: DashboardLinkResponse, description: LINK_ANSWER })
  async usage(
    @CompanyId() companyId: string,
    @Param('customer_id') customerId: string,
    @Body() _body: DashboardLinkDto,
  ): Promise<DashboardLinkResponse> {
    const { url, expiresAt } = await this.service.createLink(companyId, customerId, 'USAGE');
    return toDashboardLinkResponse(url, expiresAt);
  }
}
