import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../platform/auth/public.decorator';
import { HtmlPage, SigningPageService } from './signing-page.service';

/** A CSP for a page without scripts: inline styles only, forms back to this service. */
const HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

function send(res: Response, page: HtmlPage): void {
  res.status(page.status).set(HEADERS).send(page.html);
}

/**
 * The hosted signing page of a signatory (outside /api/v1, no bearer token: the unguessable
 * token in the link is the credential). HTML in and out; form posts are urlencoded.
 */
@ApiExcludeController()
@Public()
@Controller('contracts/sign')
export class SigningPageController {
  constructor(private readonly pages: SigningPageService) {}

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
