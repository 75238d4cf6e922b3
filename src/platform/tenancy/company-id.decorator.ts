import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The company of the request: the `company_id` path parameter, already checked against the token by the guard. */
export const CompanyId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<Request & { auth?: { companyId: string } }>();
  const companyId = req.auth?.companyId;
  if (!companyId || req.params.company_id !== companyId) {
    throw new Error('CompanyId used on a route that the company guard did not check');
  }
  return companyId;
});
