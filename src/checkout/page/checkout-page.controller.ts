import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { HostedPageErrorFilter } from '../../platform/hosted-pages/hosted-page-error.filter';
import { RateLimitedPage } from '../../platform/rate-limit/rate-limit.decorator';
import { sendHtml } from '../../platform/hosted-pages/layout';
import { CheckoutPageService, PageResult } from './checkout-page.service';

function send(res: Response, page: PageResult): void {
  if (page.location) {
    res.status(303).set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).location(page.location).end();
    return;
  }
  sendHtml(res, page);
}

/**
 * The hosted checkout page (outside /api/v1, no bearer token: the unguessable token in the
 * link is the credential). HTML in and out; the form posts urlencoded.
 */
@ApiExcludeController()
@Public()
@RateLimitedPage('token')
@Controller('checkout/pay')
@UseFilters(HostedPageErrorFilter)
export class CheckoutPageController {
  constructor(private readonly pages: CheckoutPageService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.show(token));
  }

  @Post(':token')
  @HttpCode(200)
  async submit(@Param('token') token: string, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    send(res, await this.pages.submit(token, body));
  }
}
