import DecimalJs from 'decimal.js';
import { BillingMathError, addCents, decimalString, roundCents, subtractCents, sumCents, toDecimal, toNonNegativeDecimal } from './index';

describe('roundCents: half away from zero', () => {
  it.each([
    ['0.5', 1],
    ['1.5', 2],
    ['2.5', 3],
    ['-0.5', -1],
    ['-1.5', -2],
    ['-2.5', -3],
    ['0.4999999999', 0],
    ['-0.4999999999', 0],
    ['1.4', 1],
    ['-1.4', -1],
    ['1.6', 2],
    ['-1.6', -2],
    ['2469.0', 2469],
    ['0', 0],
    ['-0', 0],
    ['123456789012.5', 123456789013],
  ])('%s → %i', (input, expected) => {
    expect(roundCents(input)).toBe(expected);
    expect(Object.is(roundCents(input), -0)).toBe(false);
  });

  it('does not depend on the global decimal.js settings of a Decimal passed in', () => {
    const Low = DecimalJs.clone({ precision: 5, rounding: DecimalJs.ROUND_DOWN });
    expect(roundCents(new Low('2.5'))).toBe(3);
    expect(toDecimal(new Low('1.23456789')).times('1.000001').toFixed()).toBe('1.23456912456789');
  });

  it('refuses amounts beyond the safe-integer range', () => {
    expect(() => roundCents('9007199254740993')).toThrow(BillingMathError);
  });
});

describe('toDecimal', () => {
  it.each([NaN, Infinity, -Infinity])('refuses %p', (x) => expect(() => toDecimal(x)).toThrow(BillingMathError));
  it.each(['', 'abc', '1,5', '0x10', 'NaN', 'Infinity', '1.2.3'])('refuses the string %p', (x) =>
    expect(() => toDecimal(x)).toThrow(BillingMathError),
  );
  it('refuses non-finite Decimals and other types', () => {
    expect(() => toDecimal(new DecimalJs(NaN))).toThrow(BillingMathError);
    expect(() => toDecimal(null as unknown as number)).toThrow(BillingMathError);
    expect(() => toDecimal({} as unknown as number)).toThrow(BillingMathError);
  });
  it('reads numbers and numeric strings exactly', () => {
    expect(toDecimal('0.2').toFixed()).toBe('0.2');
    expect(toDecimal(0.1).plus(toDecimal(0.2)).toFixed()).toBe('0.3');
    expect(toDecimal(' 12.50 ').toFixed()).toBe('12.5');
    expect(toDecimal('1e3').toFixed()).toBe('1000');
    expect(decimalString('-0')).toBe('0');
    expect(decimalString('0.000000000000000000001')).toBe('0.000000000000000000001');
  });
  it('toNonNegativeDecimal refuses negatives', () => {
    expect(() => toNonNegativeDecimal('-0.01')).toThrow(BillingMathError);
    expect(toNonNegativeDecimal('-0').toFixed()).toBe('0');
  });
});

describe('cents helpers', () => {
  it('add, subtract and sum exactly and refuse non-integers', () => {
    expect(addCents(9007199254740000, 991)).toBe(9007199254740991);
    expect(subtractCents(5, 7)).toBe(-2);
    expect(sumCents([1, 2, 3, -6])).toBe(0);
    expect(() => addCents(0.5, 1)).toThrow(BillingMathError);
    expect(() => sumCents([9007199254740991, 1])).toThrow(BillingMathError);
  });
});
