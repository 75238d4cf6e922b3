import { BillingMathError, cancelTermsProblem, committedTermEnd, customRefundCredit, remainingBalanceWindows, Term } from './index';

const d = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const MONTH: Term = { count: 1, frequency: 'MONTH' };

describe('customRefundCredit (requested, period billed → credit cents)', () => {
  it.each([
    [1250, 3000, -1250],
    [3000, 3000, -3000],
    [5000, 3000, -3000], // a plan change since the request: never more than billed
    [0, 3000, 0],
    [1250, 0, 0], // nothing billed (cancelled before billing starts)
    [1250, -400, 0],
  ])('%p asked of %p billed → %p', (asked, billed, credit) => {
    expect(customRefundCredit(asked, billed)).toBe(credit);
  });
  it('refuses a negative or fractional amount', () => {
    expect(() => customRefundCredit(-1, 100)).toThrow(BillingMathError);
    expect(() => customRefundCredit(1.5, 100)).toThrow(BillingMathError);
  });
});

describe('cancelTermsProblem', () => {
  const none = { refund_type: 'NONE' as const, custom_refund_cents: null, charge_remaining_balance: false };
  it.each([
    [{ ...none }, null, null],
    [{ ...none, refund_type: 'PRORATED' as const, charge_remaining_balance: true }, null, null],
    [{ ...none, refund_type: 'CUSTOM' as const }, null, 'custom_refund_amount'],
    [{ ...none, custom_refund_cents: 100 }, null, 'custom_refund_amount'],
    [{ ...none, refund_type: 'PRORATED' as const, custom_refund_cents: 100 }, null, 'custom_refund_amount'],
    [
      { ...none, refund_type: 'CUSTOM' as const, custom_refund_cents: 100, charge_remaining_balance: true },
      null,
      'charge_remaining_balance',
    ],
    [{ ...none, refund_type: 'CUSTOM' as const, custom_refund_cents: 3000 }, 3000, null],
    [{ ...none, refund_type: 'CUSTOM' as const, custom_refund_cents: 3001 }, 3000, 'custom_refund_amount'],
    [{ ...none, refund_type: 'CUSTOM' as const, custom_refund_cents: 1 }, 0, 'custom_refund_amount'],
  ])('%p with %p billed → field %p', (terms, billed, field) => {
    expect(cancelTermsProblem(terms, billed)?.field ?? null).toBe(field);
  });
});

describe('committedTermEnd (start, term, end → end of the term the end falls in)', () => {
  it.each([
    ['2027-03-01', { count: 12, frequency: 'MONTH' }, '2027-05-11', '2028-03-01'],
    ['2027-03-01', { count: 12, frequency: 'MONTH' }, '2028-03-01', '2028-03-01'], // at the renewal: nothing of the next term
    ['2027-03-01', { count: 12, frequency: 'MONTH' }, '2028-03-02', '2029-03-01'],
    ['2027-03-01', { count: 3, frequency: 'MONTH' }, '2027-05-01', '2027-06-01'],
    ['2027-03-01', { count: 1, frequency: 'YEAR' }, '2027-03-01', '2028-03-01'], // cancelled at the start
  ] as [string, Term, string, string][])('start %s, term %p, end %s → %s', (start, term, end, expected) => {
    expect(committedTermEnd(d(start), term, d(end)).toISOString()).toBe(d(expected).toISOString());
  });
});

describe('remainingBalanceWindows (anchor, billing term, billed through, term end → windows)', () => {
  const summary = (anchor: string, term: Term, from: string, to: string) =>
    remainingBalanceWindows(d(anchor), term, d(from), d(to)).map((w) => [
      w.start.toISOString().slice(0, 10),
      w.end.toISOString().slice(0, 10),
      w.share ? `${w.share.numerator}/${w.share.denominator}` : 'full',
    ]);
  it('9 whole months of a 12-month term billed through Jun 1', () => {
    const w = summary('2027-03-01', MONTH, '2027-06-01', '2028-03-01');
    expect(w).toHaveLength(9);
    expect(w[0]).toEqual(['2027-06-01', '2027-07-01', 'full']);
    expect(w[8]).toEqual(['2028-02-01', '2028-03-01', 'full']);
  });
  it('a term ending inside a period: the last piece is a share of it (16 of 31 days)', () => {
    const w = summary('2027-03-16', MONTH, '2027-05-16', '2027-06-01');
    expect(w).toHaveLength(1);
    expect(w[0].slice(0, 2)).toEqual(['2027-05-16', '2027-06-01']);
    const [n, den] = (w[0][2] as string).split('/').map(Number);
    expect(n / den).toBeCloseTo(16 / 31, 12);
  });
  it('coverage stopping inside a period (the end known in advance): the rest of that period first', () => {
    const w = summary('2027-03-01', MONTH, '2027-05-11', '2027-07-01');
    expect(w.map((x) => x.slice(0, 2))).toEqual([
      ['2027-05-11', '2027-06-01'],
      ['2027-06-01', '2027-07-01'],
    ]);
    expect(w[1][2]).toBe('full');
  });
  it('nothing when billed through the term end or past it', () => {
    expect(summary('2027-03-01', MONTH, '2028-03-01', '2028-03-01')).toEqual([]);
    expect(summary('2027-03-01', MONTH, '2028-04-01', '2028-03-01')).toEqual([]);
  });
});
