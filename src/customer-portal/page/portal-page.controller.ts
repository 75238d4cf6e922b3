import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { HostedPageErrorFilter, renderHostedErrorPage } from '../../platform/hosted-pages/hosted-page-error.filter';
import { HOSTED_PAGE_HEADERS, sendHtml, sendPage } from '../../platform/hosted-pages/layout';
import { RateLimitedPage } from '../../platform/rate-limit/rate-limit.decorator';
import { PortalPageService } from './portal-page.service';
import { UsagePageService } from './usage-page.service';
import { usagePageHeaders } from './usage-page-headers';

/**
 * A browser marks a request a page of another site made (`Sec-Fetch-Site: cross-site` or
 * `same-site`): the portal's forms are refused then. A request without the header (an older
 * browser, a non-browser client) still needs the link's secret in its path.
 */
export function crossSite(secFetchSite: string | undefined): boolean {
  return secFetchSite === 'cross-site' || secFetchSite === 'same-site';
}

/**
 * The customer portal (outside /api/v1, no bearer token: the unguessable secret in the link is
 * the credential). HTML in and out; its forms post urlencoded to the page's own address.
 */
@ApiExcludeController()
@Public()
@RateLimitedPage('token')
@Controller('portal')
@UseFilters(HostedPageErrorFilter)
export class PortalPageController {
  constructor(private readonly pages: PortalPageService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Query('done') done: unknown, @Res() res: Response): Promise<void> {
    sendPage(res, await this.pages.show(token, done));
  }

  @Post(':token')
  @HttpCode(200)
  async submit(
    @Param('token') token: string,
    @Body() body: Record<string, unknown>,
    @Headers('sec-fetch-site') secFetchSite: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    if (crossSite(secFetchSite)) {
      sendHtml(res, renderHostedErrorPage(403, 'this form can only be sent from the page itself'));
      return;
    }
    sendPage(res, await this.pages.submit(token, body));
  }
}

/**
 * The usage page: no form, made to be framed. Its CSP `frame-ancestors` is the company's
 * `usage_page_frame_ancestors` (none by default: then no site may frame it).
 */
@ApiExcludeController()
@Public()
@RateLimitedPage('token')
@Controller('usage')
@UseFilters(HostedPageErrorFilter)
export class UsagePageController {
  constructor(private readonly pages: UsagePageService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const page = await this.pages.show(token);
    res
      .status(page.status)
      .set(usagePageHeaders(HOSTED_PAGE_HEADERS, page.settings?.frameAncestors ?? []))
      .send(page.html);
  }
}
