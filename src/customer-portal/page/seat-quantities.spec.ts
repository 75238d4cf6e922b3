import type { StoredConfigItem } from '../../subscriptions/subscription.entity';
import { checkSeatQuantity, MAX_LICENCES, seatRanges } from './seat-quantities';

const item = (num: number, qc: StoredConfigItem['quantity_config'], id = 'pmp_1'): StoredConfigItem => ({
  product_metric_pricing_id: id,
  product_pricing_id: 'pp_1',
  num_licenses: num,
  minimum_units: 0,
  quantity_config: qc,
  hide_at_checkout: null,
  sort_order: null,
  upsell_product_metric_pricing_id: null,
});

describe('portal seat quantities', () => {
  it('ranges come from quantity_config; without one, 1 up to the API bound; allow_custom_quantity false is not offered', () => {
    expect(
      seatRanges([
        item(5, { allow_custom_quantity: null, min_quantity: 2, max_quantity: 20 }, 'a'),
        item(3, null, 'b'),
        item(4, { allow_custom_quantity: false, min_quantity: null, max_quantity: null }, 'c'),
        item(1, { allow_custom_quantity: true, min_quantity: 0, max_quantity: null }, 'd'),
      ]).map((r) => [r.productMetricPricingId, r.current, r.min, r.max]),
    ).toEqual([
      ['a', 5, 2, 20],
      ['b', 3, 1, MAX_LICENCES],
      ['d', 1, 0, MAX_LICENCES],
    ]);
  });

  it('a posted quantity must be a whole number in range and differ from the current one', () => {
    const [r] = seatRanges([item(5, { allow_custom_quantity: null, min_quantity: 2, max_quantity: 20 })]);
    expect(checkSeatQuantity(r, '8')).toEqual({ quantity: 8 });
    expect(checkSeatQuantity(r, ' 20 ')).toEqual({ quantity: 20 });
    expect(checkSeatQuantity(r, '2')).toEqual({ quantity: 2 });
    expect(checkSeatQuantity(r, '21')).toEqual({ problem: 'must be between 2 and 20' });
    expect(checkSeatQuantity(r, '1')).toEqual({ problem: 'must be between 2 and 20' });
    expect(checkSeatQuantity(r, '5')).toEqual({ problem: 'is already 5' });
    for (const bad of ['', '2.5', '-3', '1e2', 'ten', '99999999999'])
      expect(checkSeatQuantity(r, bad)).toEqual({ problem: 'must be a whole number' });
    const [open] = seatRanges([item(3, null)]);
    expect(checkSeatQuantity(open, '0')).toEqual({ problem: 'must be at least 1' });
    expect(checkSeatQuantity(open, String(MAX_LICENCES + 1))).toEqual({ problem: `must be between 1 and ${MAX_LICENCES}` });
  });
});
