import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../platform/auth/public.decorator';
import { HostedPageErrorFilter } from '../platform/hosted-pages/hosted-page-error.filter';
import { RateLimitedPage } from '../platform/rate-limit/rate-limit.decorator';
import { sendPage } from '../platform/hosted-pages/layout';
import { InvoicePageService } from './invoice-page.service';

/**
 * The hosted invoice page and its PDF (outside /api/v1, no bearer token: the secret in the link
 * is the credential; rate-limited per link like the other hosted pages). Errors are the hosted
 * error page (an unknown secret is a 404).
 */
@ApiExcludeController()
@Public()
@RateLimitedPage('secret')
@Controller('invoices/pay')
@UseFilters(HostedPageErrorFilter)
export class InvoicePageController {
  constructor(private readonly pages: InvoicePageService) {}

  @Get(':secret')
  async show(@Param('secret') secret: string, @Res() res: Response): Promise<void> {
    sendPage(res, await this.pages.show(secret));
  }

  @Post(':secret')
  @HttpCode(200)
  async pay(@Param('secret') secret: string, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    sendPage(res, await this.pages.pay(secret, body));
  }

  @Get(':secret/pdf')
  async pdf(@Param('secret') secret: string, @Res() res: Response): Promise<void> {
    const { doc, pdf } = await this.pages.pdf(secret);
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="invoice-${doc.number.replace(/[^0-9A-Za-z-]/g, '') || 'draft'}.pdf"`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(pdf);
  }
}
