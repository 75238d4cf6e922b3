import {
  BillingMathError,
  InvoiceLine,
  TaxRate,
  amountLine,
  applyDiscounts,
  refundTaxShare,
  spreadCents,
  taxInvoice,
  taxLine,
  taxPercentage,
} from './index';

const APRIL_1 = new Date('2027-04-01T00:00:00Z');
const line = (cents: number, pp: string | null = null): InvoiceLine =>
  amountLine({ name: `line ${pp}`, amount: cents, product_pricing_id: pp });
const rate = (code: string, percentage: number | string, inclusive = false): TaxRate => ({
  tax_id: `tax_${code}`,
  code,
  name: code,
  percentage,
  inclusive,
});
const amounts = (l: ReturnType<typeof taxLine>) => l.taxes.map((t) => t.amount_cents);

describe('taxes', () => {
  it('exclusive 20 % on 100.00 is 20.00', () => {
    const t = taxLine(10000, [rate('VAT', 20)]);
    expect([t.tax_cents, t.exclusive_cents, t.net_cents]).toEqual([2000, 2000, 10000]);
  });

  it('8.875 % on each line of 33.33 rounds per line: 295.80375 → 296, three lines 888', () => {
    const r = taxInvoice([line(3333), line(3333), line(3333)], [], [[rate('NY', 8.875)], [rate('NY', 8.875)], [rate('NY', 8.875)]]);
    expect(r.lines.map((l) => l.tax_cents)).toEqual([296, 296, 296]);
    expect(r.details).toEqual([
      { tax_id: 'tax_NY', code: 'NY', name: 'NY', percentage: '8.875', inclusive: false, taxable_cents: 9999, amount_cents: 888 },
    ]);
    // one rounding over the sum would give round(887.41125) = 887: the rule rounds per line
  });

  it('a country rate and a state rate both apply: 6 % + 2.5 % of 50.00 = 3.00 + 1.25', () => {
    expect(amounts(taxLine(5000, [rate('US', 6), rate('PA', 2.5)]))).toEqual([300, 125]);
  });

  it('inclusive 20 % on 120.00 is 100.00 net + 20.00 tax', () => {
    const t = taxLine(12000, [rate('VAT', 20, true)]);
    expect([t.net_cents, t.tax_cents, t.exclusive_cents]).toEqual([10000, 2000, 0]);
  });

  it('two inclusive rates: net = round(100.00 × 100 / 115.5) = 86.58; 10 % = 8.66, the last takes 100.00 − 86.58 − 8.66 = 4.76', () => {
    // 10000 × 100 / 115.5 = 8658.008…; 8658 × 10 % = 865.8 → 866; 5.5 % would be 476.19 → 476, the remainder is 476
    const t = taxLine(10000, [rate('A', 10, true), rate('B', 5.5, true)]);
    expect([t.net_cents, ...amounts(t)]).toEqual([8658, 866, 476]);
    expect(t.net_cents + t.tax_cents).toBe(10000);
  });

  it('a negative line carries negative tax: −33.33 at 8.875 % is −2.96', () => {
    expect(taxLine(-3333, [rate('NY', 8.875)]).tax_cents).toBe(-296);
    expect(taxLine(-12000, [rate('VAT', 20, true)]).net_cents).toBe(-10000);
  });

  it('no rate, no tax; a 0 % rate is listed with 0', () => {
    expect(taxLine(1000, []).tax_cents).toBe(0);
    expect(amounts(taxLine(1000, [rate('ZERO', 0)]))).toEqual([0]);
  });

  it('a discount comes off before tax: 100.00 − 10.00 at 20 % is 18.00', () => {
    const lines = [line(10000)];
    const d = applyDiscounts(lines, [{ name: '10 off', type: 'DISCOUNT_AMOUNT', amount: 1000 }], APRIL_1);
    const r = taxInvoice(lines, d.applied, [[rate('VAT', 20)]]);
    expect([r.lines[0].taxable_cents, r.tax_cents]).toEqual([9000, 1800]);
  });

  it('an invoice-wide discount is spread in proportion, the remainder on the largest line', () => {
    // 10.00 off 30.00 + 20.00 + 20.00 (70.00): 428.57 → 429, 285.71 → 286 twice = 1001, so the largest takes 428
    expect(spreadCents(1000, [3000, 2000, 2000])).toEqual([428, 286, 286]);
    const lines = [line(3000), line(2000), line(2000)];
    const d = applyDiscounts(lines, [{ name: '10 off', type: 'DISCOUNT_AMOUNT', amount: 1000 }], APRIL_1);
    const r = taxInvoice(
      lines,
      d.applied,
      lines.map(() => [rate('VAT', 20)]),
    );
    // 2572 × 20 % = 514.4 → 514; 1714 × 20 % = 342.8 → 343 twice
    expect(r.lines.map((l) => [l.taxable_cents, l.tax_cents])).toEqual([
      [2572, 514],
      [1714, 343],
      [1714, 343],
    ]);
    expect(r.tax_cents).toBe(1200);
  });

  it("a pricing's discount reaches only its lines; a negative line takes none", () => {
    const lines = [line(5000, 'pp_a'), line(5000, 'pp_b'), line(-1000, 'pp_a')];
    const d = applyDiscounts(lines, [{ name: 'A', type: 'DISCOUNT_PERCENT', percent: 0.5, product_pricing_id: 'pp_a' }], APRIL_1);
    // pp_a's scope is 5000 − 1000 = 4000, half of it 2000, all on the positive line of pp_a
    expect(taxInvoice(lines, d.applied, [[], [], []]).lines.map((l) => l.taxable_cents)).toEqual([3000, 5000, -1000]);
  });

  it('percentages are 0..100 with at most 4 decimals', () => {
    expect(taxPercentage('8.8751').toString()).toBe('8.8751');
    expect(() => taxPercentage('100.00001')).toThrow(BillingMathError);
    expect(() => taxPercentage(8.87511)).toThrow(BillingMathError);
    expect(() => taxPercentage(-1)).toThrow(BillingMathError);
  });
});

describe('refund tax share', () => {
  it('a partial refund gives back its share of the tax; the refunds of the whole amount give back the whole tax', () => {
    // 120.00 charged with 20.00 of tax: 50.00 back gives round(5000 × 2000 / 12000) = round(833.33) = 833
    expect(refundTaxShare(2000, 12000, 0, 5000)).toBe(833);
    // the other 70.00: round(12000 × 2000 / 12000) − 833 = 1167
    expect(refundTaxShare(2000, 12000, 5000, 7000)).toBe(1167);
    expect(refundTaxShare(0, 12000, 0, 5000)).toBe(0);
  });
});
