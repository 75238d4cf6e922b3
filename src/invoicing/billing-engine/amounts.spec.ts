import { roundCents } from '../../billing-math';
import { DomainError } from '../../platform/errors/domain-error';
import { amountProblem, answeringAmountErrors, checkInvoiceAmounts, failureOf } from './amounts';
import type { PlannedInvoice } from './planner/state';

const invoice = (amounts: number[]): PlannedInvoice =>
  ({
    date: new Date('2027-10-01T00:00:00Z'),
    lines: amounts.map((amount_cents, k) => ({ name: `line ${k}`, amount_cents })),
  }) as unknown as PlannedInvoice;

describe('the amounts the billing engine writes', () => {
  it('refuses a charge line above 10^12 cents, either way', () => {
    expect(() => checkInvoiceAmounts([invoice([1e12, -1e12])])).not.toThrow();
    expect(() => checkInvoiceAmounts([invoice([5]), invoice([1e12 + 1])])).toThrow(
      /line "line 0" of 1000000000001 cents, above the maximum/,
    );
    expect(() => checkInvoiceAmounts([invoice([-1e12 - 1])])).toThrow(/above the maximum/);
  });

  it('tells an overflow of the arithmetic from other errors', () => {
    let overflow: unknown;
    try {
      roundCents('1e16');
    } catch (err) {
      overflow = err;
    }
    expect(amountProblem(overflow)).toMatch(/out of range/);
    expect(amountProblem(new Error('boom'))).toBeNull();
    expect(failureOf(overflow).code).toBe('amount_out_of_range');
    expect(failureOf(new DomainError('not_found', 'not_found', 'gone'))).toEqual({ code: 'not_found', message: 'gone' });
    expect(failureOf(Object.assign(new Error('deadlock'), { code: '40P01' })).code).toBe('sqlstate_40P01');
    expect(failureOf(new Error('boom'))).toEqual({ code: 'internal_error', message: 'boom' });
  });

  it('answers an out-of-range amount as a 400 amount_out_of_range', async () => {
    const refused = answeringAmountErrors('sub_1', async () => checkInvoiceAmounts([invoice([2e12])]));
    await expect(refused).rejects.toMatchObject({ code: 'amount_out_of_range', category: 'validation' });
    await expect(answeringAmountErrors('sub_1', async () => 7)).resolves.toBe(7);
    await expect(answeringAmountErrors('sub_1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
