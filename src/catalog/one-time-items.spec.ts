import { normaliseOneTimeItems, parseStoredOneTimeItem } from './one-time-items';

describe('one-time items', () => {
  const pricings = new Map([
    ['pp_usd', { currency: 'USD' }],
    ['pp_eur', { currency: 'EUR' }],
  ]);

  it('normalises a pricing item and a custom-price item to the stored shape', () => {
    const stored = normaliseOneTimeItems(
      [
        { product_pricing_id: 'pp_usd', aggregate: 3 },
        { custom_price: { amount: { value_in_cents: 1250 }, description: 'Setup' }, sort_order: 2 },
      ],
      'USD',
      pricings,
      'subscription',
    );
    expect(stored).toEqual([
      { aggregate: 3, custom_price: null, product_pricing_id: 'pp_usd', quantity_config: null, sort_order: null },
      {
        aggregate: 1,
        custom_price: { amount: { currency: 'USD', value_in_cents: 1250 }, product_id: null, description: 'Setup' },
        product_pricing_id: null,
        quantity_config: null,
        sort_order: 2,
      },
    ]);
  });

  it('names the field and the owner currency in its errors', () => {
    expect(() => normaliseOneTimeItems([{ product_pricing_id: 'pp_eur' }], 'USD', pricings, 'contract')).toThrow(
      'must be in the contract currency (USD)',
    );
    expect(() => normaliseOneTimeItems([{ product_pricing_id: 'pp_none' }], 'USD', pricings, 'contract')).toThrow('product pricing');
    expect(() => normaliseOneTimeItems([{ aggregate: 2 }], 'USD', pricings, 'subscription')).toThrow('is required (or custom_price)');
    expect(() =>
      normaliseOneTimeItems([{ custom_price: { amount: { currency: 'EUR', value_in_cents: 1 } } }], 'USD', pricings, 'subscription'),
    ).toThrow('must be in the subscription currency (USD)');
  });

  it('parses what it stored back to the same item, and reads loose JSON safely', () => {
    const [item] = normaliseOneTimeItems(
      [{ custom_price: { amount: { value_in_cents: 500 }, product_id: 'prod_1' }, quantity_config: { max_quantity: 4 } }],
      'USD',
      pricings,
      'subscription',
    );
    expect(parseStoredOneTimeItem(JSON.parse(JSON.stringify(item)))).toEqual(item);
    expect(parseStoredOneTimeItem({ product_pricing_id: 7, custom_price: { amount: 'x' }, aggregate: '2.5' })).toEqual({
      aggregate: 2.5,
      custom_price: null,
      product_pricing_id: null,
      quantity_config: null,
      sort_order: null,
    });
  });
});
