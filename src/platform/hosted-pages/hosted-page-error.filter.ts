import { ArgumentsHost, Catch, ExceptionFilter, Injectable, Optional } from '@nestjs/common';
import type { Request, Response } from 'express';
import { renderError } from '../errors/error-body';
import { errorHeaders, logUnhandled } from '../errors/all-exceptions.filter';
import { CompanySettingsService } from '../company-settings/company-settings.service';
import { esc } from './format';
import { Brand, hostedPage, HtmlPage, sendHtml } from './layout';
import { companyOfPageSecret } from './page-secrets';
import { companyOfPageToken } from './token';

/** The brand of a company from its settings (invalid accent colours fall back to the blue). */
export function brandOf(settings: { display_name: string; accent_color: string; support_email: string | null }): Brand {
  return {
    name: settings.display_name,
    accentColor: /^#[0-9a-fA-F]{6}$/.test(settings.accent_color) ? settings.accent_color : null,
    supportEmail: settings.support_email,
  };
}

/**
 * What a person reads when a hosted page cannot be served: a page of the same look with the
 * status of the error. A 4xx says why (the API's own message: no ids of other records, no
 * secrets); a 5xx says only that something went wrong. The link's secret is never shown or logged.
 * With a brand (the page of a valid link), the page wears the company's name and colour and
 * tells whom to contact.
 */
export function renderHostedErrorPage(status: number, message: string, brand: Brand | null = null): HtmlPage {
  const unavailable = status >= 500;
  const title = unavailable
    ? 'Something went wrong'
    : status === 404
      ? 'This page cannot be found'
      : status === 429
        ? 'Too many requests'
        : 'This page cannot be completed';
  const contact = brand?.supportEmail
    ? `contact ${brand.name} at ${brand.supportEmail}`
    : brand
      ? `contact ${brand.name}`
      : 'contact the sender of the link';
  const detail = unavailable
    ? `We could not show this page just now. Please try again in a few minutes, or ${contact}.`
    : `${message.charAt(0).toUpperCase()}${message.slice(1)}. Please ${contact}.`;
  const inner = `<div class="state warn" role="alert">
<span class="icon" aria-hidden="true">!</span>
<h1>${esc(title)}</h1>
<p>${esc(detail)}</p>
</div>
<div class="body"></div>`;
  return { status, html: hostedPage(title, brand, inner) };
}

/**
 * The exception filter of the hosted pages (checkout, signing, invoice, portal and usage pages):
 * an error is an HTML page, never the JSON body of the API. The error page of a link whose
 * company is known (any status but 404: a 404 means the link itself is not one) wears that
 * company's brand.
 */
@Injectable()
@Catch()
export class HostedPageErrorFilter implements ExceptionFilter {
  constructor(@Optional() private readonly settings?: CompanySettingsService) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    const { status, body } = renderError(exception);
    if (status >= 500) logUnhandled(exception, req);
    const brand = status === 404 ? null : await this.brand(req);
    if (res.headersSent) return;
    for (const [k, v] of Object.entries(errorHeaders(exception, status))) res.setHeader(k, v);
    sendHtml(res, renderHostedErrorPage(status, body.error_message, brand));
  }

  private async brand(req: Request): Promise<Brand | null> {
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const link = params.secret ?? params.token;
    const companyId = companyOfPageSecret(link) ?? companyOfPageToken(link);
    if (!companyId || !this.settings) return null;
    try {
      return brandOf(await this.settings.get(companyId));
    } catch {
      return null;
    }
  }
}
