import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import type { PageResult } from './layout';

/** What a hosted page (checkout, a contract's signing) does once the buyer is done. */
export const COMPLETION_ACTIONS = ['REDIRECT', 'CONFIRMATION_MESSAGE'] as const;

/** The reference's options of a checkout or a contract proposal, as requested. */
export class CompletionOptionsDto {
  @ApiPropertyOptional({
    nullable: true,
    type: Boolean,
    default: false,
    description:
      'Tally has no promotion codes: false (or left out) is accepted and answered; true is a 400 invalid_field naming ' +
      'options.allow_promo_code, rather than a page that would silently offer no code field',
  })
  @IsOptional()
  @IsBoolean()
  allow_promo_code?: boolean | null;
  @ApiPropertyOptional({
    nullable: true,
    enum: COMPLETION_ACTIONS,
    description:
      'what the hosted page does once the buyer is done (checkout paid, or a signature recorded on a contract): ' +
      'REDIRECT answers a 303 to redirect_url (and the page lets its form lead to that origin); CONFIRMATION_MESSAGE ' +
      'shows the page with confirmation_message. REDIRECT needs redirect_url; default CONFIRMATION_MESSAGE ' +
      '(REDIRECT when redirect_url is given)',
  })
  @IsOptional()
  @IsIn(COMPLETION_ACTIONS)
  completion_action?: (typeof COMPLETION_ACTIONS)[number] | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "shown (as plain text) on the page after completion in place of the page's own thanks; null: the page's own",
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  confirmation_message?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'absolute http(s) URL the browser is sent to after completion (REDIRECT)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_url?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Boolean,
    default: false,
    description:
      "the page asks for a billing address, required before it completes, and saves it on the customer (checkout: with the buyer's details; a contract's signing page: with the signature)",
  })
  @IsOptional()
  @IsBoolean()
  requires_customer_address?: boolean | null;
}

/** The options as stored and answered (every field present). */
export class CompletionOptionsResponse {
  @ApiProperty() allow_promo_code: boolean;
  @ApiProperty({ enum: COMPLETION_ACTIONS }) completion_action: string;
  @ApiProperty({ type: String, nullable: true }) confirmation_message: string | null;
  @ApiProperty({ type: String, nullable: true }) redirect_url: string | null;
  @ApiProperty() requires_customer_address: boolean;
}

function absoluteHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * Options as stored: defaults filled; REDIRECT needs an absolute http(s) `redirect_url`, and a
 * `redirect_url` alone means REDIRECT (400 `invalid_field` naming `options.redirect_url` otherwise);
 * `allow_promo_code: true` is refused, there being no promotion codes to offer.
 */
export function completionOptions(o: CompletionOptionsDto): Record<string, unknown> {
  if (o.allow_promo_code === true)
    throw DomainError.invalidField('options.allow_promo_code', 'must be false: Tally has no promotion codes');
  if (o.redirect_url != null && !absoluteHttpUrl(o.redirect_url))
    throw DomainError.invalidField('options.redirect_url', 'must be an absolute http(s) URL');
  const action = o.completion_action ?? (o.redirect_url != null ? 'REDIRECT' : 'CONFIRMATION_MESSAGE');
  if (action === 'REDIRECT' && o.redirect_url == null)
    throw DomainError.invalidField('options.redirect_url', 'is required when completion_action is REDIRECT');
  return {
    allow_promo_code: o.allow_promo_code ?? false,
    completion_action: action,
    confirmation_message: o.confirmation_message ?? null,
    redirect_url: o.redirect_url ?? null,
    requires_customer_address: o.requires_customer_address ?? false,
  };
}

/** What a hosted page reads of stored options (a checkout session's, a contract's; null: none given). */
type StoredOptions = Record<string, unknown> | null | undefined;

/** The page's `redirect_url` when it ends with a redirect (`completion_action: REDIRECT`), else null. */
export function completionRedirect(options: StoredOptions): string | null {
  const url = options?.redirect_url;
  return options?.completion_action === 'REDIRECT' && typeof url === 'string' && url !== '' ? url : null;
}

/**
 * The origins a page's form may end on besides the service (CSP `form-action`): the redirect's,
 * since the completion answers 303 there and a `form-action 'self'` policy would stop the browser.
 */
export function completionFormActions(options: StoredOptions): string[] {
  const url = completionRedirect(options);
  return url ? [new URL(url).origin] : [];
}

/** A page (not yet completed) with its form allowed to end on the redirect's origin. */
export function withCompletionFormActions(options: StoredOptions, page: PageResult): PageResult {
  const origins = completionFormActions(options);
  return page.location || origins.length === 0 ? page : { ...page, formActions: origins };
}

/**
 * The answer of a hosted page once its buyer is done, the one code path of checkout and contract
 * signing: a 303 to `redirect_url` with REDIRECT, else the page `render` makes with the
 * `confirmation_message` (null: the page's own text).
 */
export function completedPage(options: StoredOptions, render: (confirmationMessage: string | null) => string): PageResult {
  const url = completionRedirect(options);
  if (url) return { status: 303, location: url, html: '' };
  const message = options?.confirmation_message;
  return { status: 200, html: render(typeof message === 'string' && message.trim() !== '' ? message : null) };
}
