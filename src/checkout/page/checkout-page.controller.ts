import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { HostedPageErrorFilter } from '../../platform/hosted-pages/hosted-page-error.filter';
import { RateLimitedPage } from '../../platform/rate-limit/rate-limit.decorator';
import { sendPage } from '../../platform/hosted-pages/layout';
import { CheckoutPageService } from './checkout-page.service';

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
    sendPage(res, await this.pages.show(token));
  }

  @Post(':token')
  @HttpCode(200)
  async submit(@Param('token') token: string, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    sendPage(res, await this.pages.submit(token, body));
  }
}
