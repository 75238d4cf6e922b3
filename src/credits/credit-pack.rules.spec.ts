import { packGrant, refundedShare } from './credit-pack.rules';

const amount = { type: 'AMOUNT' as const, amount: { currency: 'USD', value_in_cents: 1000 }, item_id: null, units: null };
const units = { type: 'UNITS' as const, amount: null, item_id: 'bi_x', units: 100 };
const line = (over: Partial<{ kind: string; quantity: string; amount_cents: number; details: Record<string, unknown> | null }> = {}) => ({
  kind: 'CHARGE',
  quantity: '3',
  amount_cents: 3000,
  details: null,
  ...over,
});

describe('credit packs: what a line grants', () => {
  it('quantity × credit per unit, in the price currency or the item', () => {
    expect(packGrant(line(), amount)).toEqual({ type: 'AMOUNT', currency: 'USD', cents: 3000, units: 0, item_id: null });
    expect(packGrant(line({ quantity: '2' }), units)).toEqual({ type: 'UNITS', currency: null, cents: 0, units: 200, item_id: 'bi_x' });
  });

  it('a prorated line grants its share of the period, rounded once half away from zero', () => {
    // 3 × 10.00 × 1/3 = 10.00; 1 × 10.00 × 1/8 = 1.25 → 125; 1 × 100 units × 1/8 = 12.5 → 13
    expect(packGrant(line({ details: { share: { numerator: 1, denominator: 3 } } }), amount)?.cents).toBe(1000);
    expect(packGrant(line({ quantity: '1', details: { share: { numerator: 1, denominator: 8 } } }), amount)?.cents).toBe(125);
    expect(packGrant(line({ quantity: '1', details: { share: { numerator: 1, denominator: 8 } } }), units)?.units).toBe(13);
    // a fractional quantity: 0.5 × 100 units = 50; 0.005 × 100 = 0.5 → 1
    expect(packGrant(line({ quantity: '0.5' }), units)?.units).toBe(50);
    expect(packGrant(line({ quantity: '0.005' }), units)?.units).toBe(1);
  });

  it('grants nothing for a base fee, a proration credit, no units, or a credit_price naming nothing', () => {
    expect(packGrant(line({ kind: 'BASE' }), amount)).toBeNull();
    expect(packGrant(line({ amount_cents: -3000 }), amount)).toBeNull();
    expect(packGrant(line({ quantity: '0' }), amount)).toBeNull();
    expect(packGrant(line({ quantity: '0.004' }), units)).toBeNull();
    expect(packGrant(line(), { ...amount, amount: null })).toBeNull();
    expect(packGrant(line(), { ...units, item_id: null })).toBeNull();
  });

  it('a free unit (0.00 charged) still grants its credit', () => {
    expect(packGrant(line({ amount_cents: 0 }), amount)?.cents).toBe(3000);
  });
});

describe('credit packs: what refunds take back', () => {
  it('the refunded share of what the invoice charged, rounded once, never more than issued', () => {
    expect(refundedShare(3000, 1500, 3000)).toBe(1500);
    expect(refundedShare(3000, 3000, 3000)).toBe(3000);
    expect(refundedShare(300, 500, 1500)).toBe(100);
    // 1000 × 1/3 = 333.33 → 333; 1000 × 2/3 = 666.67 → 667; 25 × 1/2 = 12.5 → 13
    expect(refundedShare(1000, 100, 300)).toBe(333);
    expect(refundedShare(1000, 200, 300)).toBe(667);
    expect(refundedShare(25, 1, 2)).toBe(13);
    expect(refundedShare(3000, 0, 3000)).toBe(0);
    expect(refundedShare(3000, 100, 0)).toBe(0);
  });
});
