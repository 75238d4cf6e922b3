import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthContext } from '../auth/auth.guard';
import { RATE_LIMIT_PAGE_PARAM } from './rate-limit.decorator';
import { RateLimitService } from './rate-limit.service';

/**
 * Global guard, after the AuthGuard: an authenticated request counts against its token, a
 * hosted-page request against its link. Public routes without a link (health, docs) are free.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
    if (req.auth) {
      await this.limits.consume('api', req.auth.tokenId);
      return true;
    }
    const param = this.reflector.getAllAndOverride<string | undefined>(RATE_LIMIT_PAGE_PARAM, [context.getHandler(), context.getClass()]);
    const secret = param ? req.params?.[param] : undefined;
    if (typeof secret === 'string' && secret) await this.limits.consume('page', secret);
    return true;
  }
}
