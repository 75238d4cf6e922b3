import { allocateAmount, allocateToInvoice, allocateUnits, StoredLine } from './credit-allocation';

const d = (s: string) => new Date(s);
const NOW = d('2027-03-01T00:00:00Z');
const amount = (id: string, cents: number, exp: string | null, created = '2027-01-01T00:00:00Z') => ({
  id,
  amount_cents: cents,
  expiration_date: exp ? d(exp) : null,
  created_at: d(created),
});
const units = (id: string, item: string, n: number, exp: string | null, created = '2027-01-01T00:00:00Z') => ({
  id,
  item_id: item,
  units: n,
  expiration_date: exp ? d(exp) : null,
  created_at: d(created),
});
const line = (over: Partial<StoredLine>): StoredLine => ({
  position: 0,
  kind: 'CHARGE',
  name: 'Seats',
  item_id: 'bi_seat',
  quantity: '10',
  unit_price: '500',
  amount_cents: 5000,
  prorated: false,
  ...over,
});
const takes = (a: { takes: Map<string, { cents: number; units: number }> }) =>
  [...a.takes.entries()].map(([id, t]) => [id, t.cents, t.units]);

describe('credit allocation', () => {
  it('consumes amounts soonest-expiring first, then the oldest, credits without expiration last', () => {
    const credits = [
      amount('c_noexp', 1000, null),
      amount('c_june', 300, '2027-06-01T00:00:00Z'),
      amount('c_apr_new', 200, '2027-04-01T00:00:00Z', '2027-02-01T00:00:00Z'),
      amount('c_apr_old', 200, '2027-04-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ];
    const a = allocateAmount(800, credits, NOW);
    expect(takes(a)).toEqual([
      ['c_apr_old', 200, 0],
      ['c_apr_new', 200, 0],
      ['c_june', 300, 0],
      ['c_noexp', 100, 0],
    ]);
    expect(a.applied_cents).toBe(800);
  });

  it('reports a short balance instead of overdrawing', () => {
    const a = allocateAmount(5000, [amount('a', 1000, null), amount('b', 500, null)], NOW);
    expect(a.applied_cents).toBe(1500);
    const u = allocateUnits(7, [units('u', 'bi_x', 4, null)], NOW);
    expect(u.applied_units).toBe(4);
  });

  it('consumes units in the same order and skips a credit at or past its expiration', () => {
    const u = allocateUnits(
      5,
      [units('late', 'bi_x', 10, null), units('soon', 'bi_x', 3, '2027-03-10T00:00:00Z'), units('gone', 'bi_x', 9, '2027-03-01T00:00:00Z')],
      NOW,
    );
    expect(takes(u)).toEqual([
      ['soon', 0, 3],
      ['late', 0, 2],
    ]);
  });

  it('applies unit credits to matching lines at the unit price, then amount credits, never above what is due', () => {
    const a = allocateToInvoice({
      due_cents: 6000,
      lines: [line({ position: 0 }), line({ position: 1, item_id: 'bi_other', amount_cents: 1000, quantity: '1', unit_price: '1000' })],
      unit_credits: [units('u', 'bi_seat', 4, null)],
      amount_credits: [amount('m', 10_000, null)],
      at: NOW,
    });
    // 4 seats × 500 = 2000 from units, the remaining 4000 from the amount credit
    expect(takes(a)).toEqual([
      ['u', 2000, 4],
      ['m', 4000, 0],
    ]);
    expect(a.applied_cents).toBe(6000);
  });

  it('takes only the units that fit in what is due (e.g. after a discount)', () => {
    const a = allocateToInvoice({
      due_cents: 1200,
      lines: [line({})],
      unit_credits: [units('u', 'bi_seat', 10, null)],
      amount_credits: [amount('m', 1000, null)],
      at: NOW,
    });
    // 2 seats (1000) fit in 1200; the amount credit covers the last 200
    expect(takes(a)).toEqual([
      ['u', 1000, 2],
      ['m', 200, 0],
    ]);
  });

  it('skips prorated, priceless, negative and adjustment lines, and units already covered', () => {
    const a = allocateToInvoice({
      due_cents: 100_000,
      lines: [
        line({ position: 0, prorated: true }),
        line({ position: 1, unit_price: null }),
        line({ position: 2, kind: 'DISCOUNT', amount_cents: -500 }),
        line({ position: 3, quantity: '3.7', amount_cents: 1850 }),
      ],
      unit_credits: [units('u', 'bi_seat', 10, null)],
      amount_credits: [],
      covered_units: new Map([['bi_seat', 1]]),
      at: NOW,
    });
    // line 3 holds floor(3.7) = 3 whole units, 1 of which an earlier application covered
    expect(takes(a)).toEqual([['u', 1000, 2]]);
  });

  it('applies nothing to an invoice with nothing due', () => {
    const a = allocateToInvoice({
      due_cents: 0,
      lines: [line({})],
      unit_credits: [units('u', 'bi_seat', 1, null)],
      amount_credits: [amount('m', 5, null)],
      at: NOW,
    });
    expect(a.takes.size).toBe(0);
  });
});
