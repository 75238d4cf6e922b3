import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error';
import { IS_PUBLIC } from './public.decorator';
import { CompaniesService } from './companies.service';

export interface AuthContext {
  companyId: string;
  tokenId: string;
}

/**
 * Global guard: every route needs a live bearer token unless marked @Public(); a route under
 * /companies/{company_id} also needs the token to belong to that company (else 403).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly companies: CompaniesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request & { auth?: AuthContext }>();
    const header = req.headers.authorization;
    if (!header) throw new DomainError('missing_token', 'auth', 'the Authorization header with a bearer token is required');
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new DomainError('malformed_token', 'auth', 'the Authorization header must read "Bearer <token>"');
    const auth = await this.companies.authenticate(m[1]);
    if (!auth) throw new DomainError('invalid_token', 'auth', 'the token is unknown or revoked');
    const pathCompany = req.params?.company_id;
    if (pathCompany !== undefined && pathCompany !== auth.companyId) {
      throw new DomainError('wrong_company', 'forbidden', 'the token does not give access to this company');
    }
    req.auth = auth;
    return true;
  }
}
