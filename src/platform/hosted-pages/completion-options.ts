import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DomainError } from '../errors/domain-error';

/** What a hosted page (checkout, a contract's signing) does once the buyer is done. */
export const COMPLETION_ACTIONS = ['REDIRECT', 'CONFIRMATION_MESSAGE'] as const;

/** The reference's options of a checkout or a contract proposal, as requested. */
export class CompletionOptionsDto {
  @ApiPropertyOptional({ nullable: true, type: Boolean, default: false }) @IsOptional() @IsBoolean() allow_promo_code?: boolean | null;
  @ApiPropertyOptional({
    nullable: true,
    enum: COMPLETION_ACTIONS,
    description: 'REDIRECT needs redirect_url; default CONFIRMATION_MESSAGE (REDIRECT when redirect_url is given)',
  })
  @IsOptional()
  @IsIn(COMPLETION_ACTIONS)
  completion_action?: (typeof COMPLETION_ACTIONS)[number] | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(2000) confirmation_message?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'absolute http(s) URL' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  redirect_url?: string | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, default: false }) @IsOptional() @IsBoolean() requires_customer_address?:
    boolean | null;
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
 * `redirect_url` alone means REDIRECT (400 `invalid_field` naming `options.redirect_url` otherwise).
 */
export function completionOptions(o: CompletionOptionsDto): Record<string, unknown> {
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
