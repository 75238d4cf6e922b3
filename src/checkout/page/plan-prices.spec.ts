import { PlanCatalogData } from '../../subscriptions/plan-catalog';
import { planPriceRows, renewalOf, renewalWord, singularUnit } from './plan-prices';

const shape = (over: Record<string, unknown>) =>
  ({
    pricing_type: 'FIXED',
    type: 'RECURRING',
    frequency: 'MONTH',
    term_count: 1,
    base_price_in_cents: 0,
    base_units: 0,
    fixed_price_per_unit: null,
    step_price_per_step: null,
    step_size: null,
    custom: null,
    gradient: null,
    volume: null,
    scheduled: null,
    minimum_spend_in_cents: null,
    minimum_spend_schedule: null,
    charge_type: 'PRE_POST',
    proration_type: 'PRORATE_ALL',
    carry_over: false,
    credit_price: null,
    ...over,
  }) as never;

/** A plan of seats at $58.00 a month and API calls at $0.02 each. */
function plan(): PlanCatalogData {
  return new PlanCatalogData(
    new Map([
      ['pp_seats', { name: 'Team seats', external_name: null } as never],
      ['pp_api', { name: 'API calls', external_name: null } as never],
    ]),
    new Map([
      [
        'pp_seats',
        [{ pmp: { id: 'pmp_seats', metric_id: 'bm_lic' } as never, licence: true, shape: shape({ fixed_price_per_unit: '5800' }) }],
      ],
      ['pp_api', [{ pmp: { id: 'pmp_api', metric_id: 'bm_api' } as never, licence: false, shape: shape({ fixed_price_per_unit: '2' }) }]],
    ]),
  );
}

describe('checkout plan prices', () => {
  it('names a unit of the metric', () => {
    expect(singularUnit('API calls')).toBe('API call');
    expect(singularUnit('Queries')).toBe('Query');
    expect(singularUnit('Storage GB-hours')).toBe('Storage GB-hour');
    expect(singularUnit('Bonus')).toBe('Bonus');
    expect(renewalWord(1, 'MONTH')).toBe('monthly');
    expect(renewalWord(3, 'MONTH')).toBe('every 3 months');
  });

  it('reads every price, usage prices per unit of their metric', () => {
    expect(planPriceRows(plan(), ['pp_seats', 'pp_api'], new Map([['bm_api', 'API calls']]), 'USD')).toEqual([
      { name: 'Team seats', price: '$58.00 per seat per month' },
      { name: 'API calls', price: '$0.02 per API call' },
    ]);
  });

  it('what renews after today: 3 seats × 5,800 = 17,400 cents a month, plus usage', () => {
    const renewal = renewalOf({
      data: plan(),
      pricingIds: ['pp_seats', 'pp_api'],
      configItems: [{ product_metric_pricing_id: 'pmp_seats', num_licenses: 3, minimum_units: 0 } as never],
      autoRenews: true,
      hasDiscounts: false,
      firstInvoiceDate: new Date('2028-01-10T12:00:00Z'),
      currency: 'USD',
    });
    expect(renewal).toEqual({ then: 'Then $174.00 per month, plus usage', renews: 'Renews monthly on 10 February 2028' });
    const discounted = renewalOf({
      data: plan(),
      pricingIds: ['pp_seats'],
      configItems: [],
      autoRenews: true,
      hasDiscounts: true,
      firstInvoiceDate: new Date('2028-01-10T12:00:00Z'),
      currency: 'USD',
    });
    expect(discounted).toEqual({ then: null, renews: 'Renews monthly on 10 February 2028' });
  });
});
