import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { renderError } from '../errors/error-body';
import { errorHeaders, logUnhandled } from '../errors/all-exceptions.filter';
import { esc } from './format';
import { hostedPage, HtmlPage, sendHtml } from './layout';

const FOOTER = 'Secure page · Powered by Tally';

/**
 * What a person reads when a hosted page cannot be served: a page of the same look with the
 * status of the error. A 4xx says why (the API's own message: no ids of other records, no
 * secrets); a 5xx says only that something went wrong. The link's secret is never shown or logged.
 */
export function renderHostedErrorPage(status: number, message: string): HtmlPage {
  const unavailable = status >= 500;
  const title = unavailable
    ? 'Something went wrong'
    : status === 404
      ? 'This page cannot be found'
      : status === 429
        ? 'Too many requests'
        : 'This page cannot be completed';
  const detail = unavailable
    ? 'We could not show this page just now. Please try again in a few minutes, or contact the sender of the link.'
    : `${message.charAt(0).toUpperCase()}${message.slice(1)}. Please contact the sender of the link.`;
  const inner = `<div class="state warn" role="alert">
<span class="icon" aria-hidden="true">!</span>
<h1>${esc(title)}</h1>
<p>${esc(detail)}</p>
</div>
<div class="body"></div>`;
  return { status, html: hostedPage(title, null, inner, FOOTER) };
}

/**
 * The exception filter of the hosted pages (checkout page, contract signing page): an error is
 * an HTML page, never the JSON body of the API.
 */
@Catch()
export class HostedPageErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    const { status, body } = renderError(exception);
    if (status >= 500) logUnhandled(exception, req);
    for (const [k, v] of Object.entries(errorHeaders(exception, status))) res.setHeader(k, v);
    sendHtml(res, renderHostedErrorPage(status, body.error_message));
  }
}
