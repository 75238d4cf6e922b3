import {
  AmountCredit,
  BillingMathError,
  Discount,
  InvoiceLine,
  UnitCredit,
  amountLine,
  applyCredits,
  applyDiscounts,
  applyUnitCredits,
  creditOrder,
  discountOrder,
  summarizeInvoice,
  unitPriceLine,
} from './index';

const d = (iso: string) => new Date(iso);
const APRIL_1 = d('2027-04-01T00:00:00Z');
const line = (cents: number, pp: string | null = null): InvoiceLine =>
  amountLine({ name: `line ${pp}`, amount: cents, product_pricing_id: pp });

describe('discounts', () => {
  it('percent with cap: 20 % of 4000 is 800, capped at 500', () => {
    const r = applyDiscounts(
      [line(4000)],
      [{ name: '20 % off', type: 'DISCOUNT_PERCENT', percent: 0.2, cap: { value_in_cents: 500 } }],
      APRIL_1,
    );
    expect([r.discount_cents, r.total_cents, r.lines[0].amount_cents, r.lines[0].kind]).toEqual([500, 3500, -500, 'DISCOUNT']);
  });
  it('percent below the cap, rounded once half away from zero: 12.5 % of 1004 = 125.5 → 126', () => {
    const r = applyDiscounts([line(1004)], [{ name: 'p', type: 'DISCOUNT_PERCENT', percent: '0.125', cap: 1000 }], APRIL_1);
    expect(r.discount_cents).toBe(126);
  });
  it('an expired discount is skipped; on its expiration instant it still applies', () => {
    const disc: Discount = { name: 'spring', type: 'DISCOUNT_AMOUNT', amount: 300, expiration_date: d('2027-03-31T00:00:00Z') };
    const after = applyDiscounts([line(1000)], [disc], APRIL_1);
    expect([after.discount_cents, after.skipped]).toEqual([0, [{ discount: disc, reason: 'EXPIRED' }]]);
    expect(applyDiscounts([line(1000)], [disc], d('2027-03-31T00:00:00Z')).discount_cents).toBe(300);
  });
  it('a pricing-scoped discount applies to that pricing only', () => {
    const r = applyDiscounts(
      [line(4000, 'pp_a'), line(2000, 'pp_b')],
      [{ name: 'half of B', type: 'DISCOUNT_PERCENT', percent: 0.5, product_pricing_id: 'pp_b' }],
      APRIL_1,
    );
    expect([r.discount_cents, r.lines[0].product_pricing_id]).toEqual([1000, 'pp_b']);
    const none = applyDiscounts(
      [line(4000, 'pp_a')],
      [{ name: 'C', type: 'DISCOUNT_AMOUNT', amount: 100, product_pricing_id: 'pp_c' }],
      APRIL_1,
    );
    expect([none.discount_cents, none.skipped[0].reason]).toEqual([0, 'NOTHING_TO_DISCOUNT']);
  });
  it('order: pricing-scoped before invoice-wide, amounts before percents, whatever the input order', () => {
    const lines = [line(4000, 'pp_a'), line(2000, 'pp_b')];
    const discounts: Discount[] = [
      { name: 'half off everything', type: 'DISCOUNT_PERCENT', percent: 0.5 },
      { name: '10 off everything', type: 'DISCOUNT_AMOUNT', amount: 1000 },
      { name: '10 off A', type: 'DISCOUNT_AMOUNT', amount: 1000, product_pricing_id: 'pp_a' },
    ];
    // 6000 − 1000 (A) = 5000; − 1000 (invoice amount) = 4000; × 50 % → − 2000 = 2000
    const r = applyDiscounts(lines, discounts, APRIL_1);
    expect(r.applied.map((a) => [a.discount.name, a.base_cents, a.discount_cents])).toEqual([
      ['10 off A', 4000, 1000],
      ['10 off everything', 5000, 1000],
      ['half off everything', 4000, 2000],
    ]);
    expect(r.total_cents).toBe(2000);
    expect(applyDiscounts(lines, [...discounts].reverse(), APRIL_1).total_cents).toBe(2000);
    expect(discountOrder(discounts).map((x) => x.name)).toEqual(['10 off A', '10 off everything', 'half off everything']);
  });
  it('never below zero: a line, a pricing, or the invoice', () => {
    expect(applyDiscounts([line(600)], [{ name: 'big', type: 'DISCOUNT_AMOUNT', amount: 10000 }], APRIL_1).total_cents).toBe(0);
    // pricing A 1000, pricing B −800 (a proration credit): a 1000 discount on A may take only 200
    const r = applyDiscounts(
      [line(1000, 'pp_a'), line(-800, 'pp_b')],
      [{ name: 'A', type: 'DISCOUNT_AMOUNT', amount: 1000, product_pricing_id: 'pp_a' }],
      APRIL_1,
    );
    expect([r.discount_cents, r.total_cents]).toEqual([200, 0]);
    const neg = applyDiscounts([line(-500)], [{ name: 'x', type: 'DISCOUNT_PERCENT', percent: 0.5 }], APRIL_1);
    expect([neg.discount_cents, neg.total_cents]).toEqual([0, -500]);
  });
  it('refuses a percent outside 0..1 and a negative amount', () => {
    expect(() => applyDiscounts([line(100)], [{ name: 'x', type: 'DISCOUNT_PERCENT', percent: 1.5 }], APRIL_1)).toThrow(BillingMathError);
    expect(() => applyDiscounts([line(100)], [{ name: 'x', type: 'DISCOUNT_AMOUNT', amount: -1 }], APRIL_1)).toThrow(BillingMathError);
  });
});

describe('credits', () => {
  const credits: AmountCredit[] = [
    { id: 'cred_noexp', amount_cents: 5000, created_at: d('2027-01-01T00:00:00Z') },
    { id: 'cred_jun', amount_cents: 300, expiration_date: d('2027-06-30T00:00:00Z'), created_at: d('2027-03-01T00:00:00Z') },
    { id: 'cred_apr_new', amount_cents: 1000, expiration_date: d('2027-04-30T00:00:00Z'), created_at: d('2027-02-01T00:00:00Z') },
    { id: 'cred_apr_old', amount_cents: 1000, expiration_date: d('2027-04-30T00:00:00Z'), created_at: d('2027-01-15T00:00:00Z') },
    { id: 'cred_expired', amount_cents: 9999, expiration_date: d('2027-03-01T00:00:00Z'), created_at: d('2026-01-01T00:00:00Z') },
  ];
  it('orders soonest expiring first, oldest first among equals, no expiry last', () => {
    expect(creditOrder(credits).map((c) => c.id)).toEqual(['cred_expired', 'cred_apr_old', 'cred_apr_new', 'cred_jun', 'cred_noexp']);
  });
  it('allocates in that order, skips expired credits, never more than the total', () => {
    const r = applyCredits(2500, credits, APRIL_1);
    expect(r.allocations).toEqual([
      { credit_id: 'cred_apr_old', amount_cents: 1000, remaining_cents: 0 },
      { credit_id: 'cred_apr_new', amount_cents: 1000, remaining_cents: 0 },
      { credit_id: 'cred_jun', amount_cents: 300, remaining_cents: 0 },
      { credit_id: 'cred_noexp', amount_cents: 200, remaining_cents: 4800 },
    ]);
    expect([r.applied_cents, r.remaining_due_cents, r.expired]).toEqual([2500, 0, ['cred_expired']]);
  });
  it('leaves the rest due when credits run out, and applies nothing to a zero or negative total', () => {
    const r = applyCredits(10000, credits.slice(0, 2), APRIL_1);
    expect([r.applied_cents, r.remaining_due_cents]).toEqual([5300, 4700]);
    expect(applyCredits(0, credits, APRIL_1).applied_cents).toBe(0);
    expect(applyCredits(-100, credits, APRIL_1).remaining_due_cents).toBe(0);
  });
  it('unit credits cover units of their item, worth units × the line unit price, never more than the line', () => {
    const lines = [
      unitPriceLine({ name: 'seats', quantity: 10, unit_price: '0.5', item_id: 'bi_seat', product_pricing_id: 'pp_1' }), // 5 cents
      unitPriceLine({ name: 'other', quantity: 10, unit_price: 7, item_id: 'bi_other' }),
    ];
    const unitCredits: UnitCredit[] = [
      { id: 'u_big', item_id: 'bi_seat', units: 20, created_at: d('2027-02-01T00:00:00Z') },
      { id: 'u_small', item_id: 'bi_seat', units: 3, expiration_date: d('2027-12-31T00:00:00Z'), created_at: d('2027-03-01T00:00:00Z') },
    ];
    const r = applyUnitCredits(lines, unitCredits, APRIL_1);
    expect(r.allocations).toEqual([
      { credit_id: 'u_small', line_index: 0, units: 3, amount_cents: 2, remaining_units: 0 }, // round(1.5) = 2
      { credit_id: 'u_big', line_index: 0, units: 7, amount_cents: 3, remaining_units: 13 }, // round(5) − round(1.5) = 3
    ]);
    expect(r.lines.map((l) => [l.kind, l.quantity, l.amount_cents, l.product_pricing_id])).toEqual([
      ['CREDIT', '3', -2, 'pp_1'],
      ['CREDIT', '7', -3, 'pp_1'],
    ]);
    expect(r.applied_cents).toBe(5);
  });
});

describe('summarizeInvoice', () => {
  it('sub_total before credits and discounts; total after unit credits, discounts, credits; prorated_amount', () => {
    const lines = [
      unitPriceLine({
        name: 'Pro plan',
        quantity: 1,
        unit_price: 3000,
        product_pricing_id: 'pp_pro',
        share: { numerator: 20, denominator: 30 },
      }), // 2000
      unitPriceLine({
        name: 'Old plan',
        quantity: 1,
        unit_price: 1500,
        product_pricing_id: 'pp_old',
        share: { numerator: 20, denominator: 30 },
        credit: true,
      }), // −1000
      unitPriceLine({ name: 'Seats', quantity: 4, unit_price: 500, product_pricing_id: 'pp_pro', item_id: 'bi_seat' }), // 2000
    ];
    const inv = summarizeInvoice({
      lines,
      invoice_date: APRIL_1,
      unit_credits: [{ id: 'u1', item_id: 'bi_seat', units: 1, created_at: d('2027-01-01T00:00:00Z') }], // −500
      discounts: [{ name: '10 % off Pro', type: 'DISCOUNT_PERCENT', percent: 0.1, product_pricing_id: 'pp_pro' }], // 10 % of 3500 = 350
      credits: [{ id: 'c1', amount_cents: 1000, created_at: d('2027-01-01T00:00:00Z') }],
    });
    expect({
      sub: inv.sub_total_cents,
      unit: inv.unit_credit_cents,
      disc: inv.discount_cents,
      cred: inv.credit_cents,
      total: inv.total_cents,
      prorated: inv.prorated_amount_cents,
    }).toEqual({ sub: 3000, unit: 500, disc: 350, cred: 1000, total: 1150, prorated: 1000 });
    expect(inv.lines.map((l) => l.kind)).toEqual(['CHARGE', 'CHARGE', 'CHARGE', 'CREDIT', 'DISCOUNT']);
  });
  it('takes charge lines only', () => {
    const disc = applyDiscounts([line(100)], [{ name: 'x', type: 'DISCOUNT_AMOUNT', amount: 1 }], APRIL_1).lines;
    expect(() => summarizeInvoice({ lines: disc, invoice_date: APRIL_1 })).toThrow(BillingMathError);
  });
});
