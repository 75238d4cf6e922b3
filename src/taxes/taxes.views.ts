import { Injectable } from '@nestjs/common';
import type { SearchPage } from '../platform/search/search';
import type { TaxEntity } from './tax.entity';
import type { TaxResponse } from './dto/tax.dto';
import { toTaxResponse } from './taxes.mapper';

/** Tax rates as responses (they embed nothing). */
@Injectable()
export class TaxesViews {
  one(_companyId: string, tax: TaxEntity): TaxResponse {
    return toTaxResponse(tax);
  }

  page(_companyId: string, page: SearchPage<TaxEntity>): SearchPage<TaxResponse> {
    return { results: page.results.map(toTaxResponse), pagination: page.pagination };
  }
}
