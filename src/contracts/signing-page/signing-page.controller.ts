import { Body, Controller, Get, HttpCode, Param, Post, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { HostedPageErrorFilter } from '../../platform/hosted-pages/hosted-page-error.filter';
import { RateLimitedPage } from '../../platform/rate-limit/rate-limit.decorator';
import { sendPage as send } from '../../platform/hosted-pages/layout';
import { SigningPageService } from './signing-page.service';
import { renderNotFound } from './signing-page.html';

/**
 * The hosted signing page of a signatory (outside /api/v1, no bearer token: the unguessable
 * token in the link is the credential). HTML in and out; form posts are urlencoded.
 */
@ApiExcludeController()
@Public()
@RateLimitedPage('token')
@Controller('contracts/sign')
@UseFilters(HostedPageErrorFilter)
export class SigningPageController {
  constructor(private readonly pages: SigningPageService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Res() res: Response): Promise<void> {
    send(res, await this.pages.show(token));
  }

  /** The signed terms as a text file (a signatory who has signed); the hosted 404 page otherwise. */
  @Get(':token/terms')
  async terms(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const doc = await this.pages.signedTerms(token);
    if (!doc) {
      send(res, { status: 404, html: renderNotFound() });
      return;
    }
    res
      .status(200)
      .set({
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${doc.filename}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      })
      .send(doc.text);
  }

  @Post(':token')
  @HttpCode(200)
  async submit(@Param('token') token: string, @Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    send(res, await this.pages.submit(token, body));
  }
}
