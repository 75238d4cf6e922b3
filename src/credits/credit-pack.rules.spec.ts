import { lineCredit, packGrants, refundedShare } from './credit-pack.rules';

const amount = { type: 'AMOUNT' as const, amount: { currency: 'USD', value_in_cents: 1000 }, item_id: null, units: null };
const units = { type: 'UNITS' as const, amount: null, item_id: 'bi_x', units: 100 };
type Line = { kind: string; quantity: string; amount_cents: number; details: Record<string, unknown> | null };
const line = (over: Partial<Line> = {}): Line => ({ kind: 'CHARGE', quantity: '3', amount_cents: 3000, details: null, ...over });
const half = { share: { numerator: 15, denominator: 30 } };

describe('credit packs: what a line is worth', () => {
  it('quantity × credit per unit', () => {
    expect(lineCredit(line(), amount)).toBe(3000);
    expect(lineCredit(line({ quantity: '2' }), units)).toBe(200);
  });

  it('a prorated line: its share of the period, rounded once half away from zero', () => {
    // 3 × 10.00 × 1/3 = 10.00; 1 × 10.00 × 1/8 = 1.25 → 125; 1 × 100 units × 1/8 = 12.5 → 13
    expect(lineCredit(line({ details: { share: { numerator: 1, denominator: 3 } } }), amount)).toBe(1000);
    expect(lineCredit(line({ quantity: '1', details: { share: { numerator: 1, denominator: 8 } } }), amount)).toBe(125);
    expect(lineCredit(line({ quantity: '1', details: { share: { numerator: 1, denominator: 8 } } }), units)).toBe(13);
    // a fractional quantity: 0.5 × 100 units = 50; 0.005 × 100 = 0.5 → 1
    expect(lineCredit(line({ quantity: '0.5' }), units)).toBe(50);
    expect(lineCredit(line({ quantity: '0.005' }), units)).toBe(1);
  });

  it('a proration credit (negative amount) is worth minus its share; base fees and empty prices nothing', () => {
    expect(lineCredit(line({ quantity: '2', amount_cents: -1000, details: half }), amount)).toBe(-1000);
    expect(lineCredit(line({ kind: 'BASE' }), amount)).toBe(0);
    expect(lineCredit(line({ quantity: '0' }), amount)).toBe(0);
    expect(lineCredit(line(), { ...amount, amount: null })).toBe(0);
    expect(lineCredit(line(), { ...units, item_id: null })).toBe(0);
    // a free unit (0.00 charged) still carries its credit
    expect(lineCredit(line({ amount_cents: 0 }), amount)).toBe(3000);
  });
});

describe('credit packs: what an invoice grants', () => {
  const at = (position: number, key: string, over: Partial<Line>, price: typeof amount | typeof units = amount) => ({
    ...line(over),
    position,
    key,
    price,
  });

  it('one credit per price bought, at its first charge line', () => {
    expect(packGrants([at(0, 'a', {}), at(1, 'b', { quantity: '2' }, units)])).toEqual([
      { position: 0, grant: { type: 'AMOUNT', currency: 'USD', cents: 3000, units: 0, item_id: null } },
      { position: 1, grant: { type: 'UNITS', currency: null, cents: 0, units: 200, item_id: 'bi_x' } },
    ]);
  });

  it('a change from 2 to 3 units half-way through the period grants the net: 3 × 10.00 × ½ − 2 × 10.00 × ½ = 5.00', () => {
    const unused = at(0, 'a', { quantity: '2', amount_cents: -1000, details: half });
    const remaining = at(1, 'a', { quantity: '3', amount_cents: 1500, details: half });
    expect(packGrants([unused, remaining])).toEqual([
      { position: 1, grant: { type: 'AMOUNT', currency: 'USD', cents: 500, units: 0, item_id: null } },
    ]);
    // a decrease grants nothing
    expect(
      packGrants([
        at(0, 'a', { quantity: '3', amount_cents: -1500, details: half }),
        at(1, 'a', { quantity: '2', amount_cents: 1000, details: half }),
      ]),
    ).toEqual([]);
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
