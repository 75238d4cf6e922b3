import { chargeForPeriod } from '../../billing-math';
import type { ItemPricingEntity, ItemPricingScheduledPriceEntity, ItemPricingTierEntity } from '../../catalog/catalog.entity';
import { toBillingPrice, toPricing } from './pricing.mapper';

const ip = (over: Partial<ItemPricingEntity>): ItemPricingEntity =>
  ({
    company_id: 'cmp_x',
    id: 'ip_1',
    item_id: 'bi_1',
    name: 'Price',
    external_name: null,
    description: null,
    currency: 'USD',
    pricing_type: 'FIXED',
    type: 'RECURRING',
    frequency: 'MONTH',
    term_count: 1,
    base_price_in_cents: 0,
    base_units: 0,
    fixed_price_per_unit: null,
    step_price_per_step: null,
    step_size: null,
    custom_price_per_unit: null,
    custom_preset_price_per_unit: null,
    custom_min_price_per_unit: null,
    custom_max_price_per_unit: null,
    minimum_spend_in_cents: null,
    minimum_spend_schedule: null,
    charge_type: 'PRE_POST',
    proration_type: 'PRORATE_ALL',
    carry_over: false,
    credit_price: null,
    true_up_frequency: null,
    display_type: 'UNITS',
    state: 'ACTIVE',
    metadata: {},
    created_at: new Date(0),
    updated_at: new Date(0),
    ...over,
  }) as ItemPricingEntity;

const tier = (
  kind: 'GRADIENT' | 'VOLUME',
  position: number,
  start: number,
  end: number | null,
  price: string,
  flat = '0',
  id = 'ip_1',
): ItemPricingTierEntity => ({
  company_id: 'cmp_x',
  item_pricing_id: id,
  kind,
  position,
  start_units: start,
  end_units: end,
  flat_price: flat,
  price_per_unit: price,
  is_custom_tier: false,
});

describe('stored item pricing → billing-math Pricing', () => {
  it('FIXED with a base price and included units', () => {
    const p = toPricing(ip({ fixed_price_per_unit: '0.2', base_price_in_cents: 1000, base_units: 100 }), [], []);
    expect(p).toEqual({ pricing_type: 'FIXED', base_price: 1000, base_units: 100, fixed_price: { price_per_unit: '0.2' } });
    // 1000 base (100 units included) + 50 × 0.2
    expect(chargeForPeriod(p, 150).amount.toString()).toBe('1010');
  });

  it('GRADIENT tiers in position order, only this item pricing’s tiers, ends null on the last', () => {
    const tiers = [
      tier('GRADIENT', 1, 100, null, '1'),
      tier('GRADIENT', 0, 0, 100, '2', '500'),
      tier('GRADIENT', 0, 0, null, '9', '0', 'ip_other'),
      tier('VOLUME', 0, 0, null, '7'),
    ];
    const p = toPricing(ip({ pricing_type: 'GRADIENT' }), tiers, []);
    expect(p.gradient_price).toEqual([
      { start: '0', end: '100', price_per_unit: '2', flat_price: '500' },
      { start: '100', end: null, price_per_unit: '1', flat_price: '0' },
    ]);
    // 500 flat + 100 × 2 + 20 × 1
    expect(chargeForPeriod(p, 120).amount.toString()).toBe('720');
    expect(p.volume_price).toBeUndefined();
  });

  it('VOLUME, STEP, CUSTOM and SCHEDULED', () => {
    const vol = toPricing(ip({ pricing_type: 'VOLUME' }), [tier('VOLUME', 0, 0, 10, '3'), tier('VOLUME', 1, 10, null, '2', '100')], []);
    expect(chargeForPeriod(vol, 10).amount.toString()).toBe('30');
    expect(chargeForPeriod(vol, 11).amount.toString()).toBe('122');
    const step = toPricing(ip({ pricing_type: 'STEP', step_price_per_step: '500', step_size: 1000 }), [], []);
    expect(chargeForPeriod(step, 2001).amount.toString()).toBe('1500');
    const custom = toPricing(ip({ pricing_type: 'CUSTOM', custom_price_per_unit: '7.5', custom_preset_price_per_unit: '5' }), [], []);
    expect(chargeForPeriod(custom, 2).amount.toString()).toBe('15');
    const scheduled: ItemPricingScheduledPriceEntity[] = [
      { company_id: 'cmp_x', item_pricing_id: 'ip_1', position: 1, price_per_unit: '15' },
      { company_id: 'cmp_x', item_pricing_id: 'ip_1', position: 0, price_per_unit: '10' },
    ];
    const sch = toPricing(ip({ pricing_type: 'SCHEDULED' }), [], scheduled);
    expect(sch.scheduled_price).toEqual({ price_per_unit_per_period: ['10', '15'] });
    expect(chargeForPeriod(sch, 2, { period_index: 5 }).amount.toString()).toBe('30');
  });
});

describe('stored item pricing → billing-math Pricing (2)', () => {
  it('billing attributes: recurring term, charge and proration type, minimum spend; ONETIME prices are not recurring', () => {
    expect(
      toBillingPrice(
        ip({
          fixed_price_per_unit: '1',
          frequency: 'QUARTER',
          term_count: 2,
          charge_type: 'POST_ONLY',
          proration_type: 'NONE',
          minimum_spend_in_cents: 5000,
        }),
        [],
        [],
      ),
    ).toMatchObject({
      recurring: true,
      term: { count: 2, frequency: 'QUARTER' },
      charge_type: 'POST_ONLY',
      proration_type: 'NONE',
      minimum_spend_cents: 5000,
    });
    expect(toBillingPrice(ip({ fixed_price_per_unit: '1', type: 'ONETIME', frequency: 'ONETIME' }), [], [])).toMatchObject({
      recurring: false,
      term: null,
      charge_type: 'PRE_POST',
      proration_type: 'PRORATE_ALL',
    });
  });
});
