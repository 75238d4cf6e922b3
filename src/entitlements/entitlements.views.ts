import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import { EntitlementEntity } from './entitlement.entity';
import { toEntitlementResponse } from './entitlements.mapper';
import type { EntitlementResponse } from './dto/entitlement.dto';

/** Entitlements as responses (an entitlement embeds nothing else: the pure mapper alone). */
@Injectable()
export class EntitlementsViews {
  one(entitlement: EntitlementEntity): EntitlementResponse {
    return toEntitlementResponse(entitlement);
  }

  page(page: SearchPage<EntitlementEntity>): SearchPage<EntitlementResponse> {
    return { pagination: page.pagination, results: page.results.map(toEntitlementResponse) };
  }
}
