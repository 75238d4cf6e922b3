import { randomByte, randomBytesPooled } from './random-pool';

describe('random pool', () => {
  it('hands out fresh bytes on every call, across refills', () => {
    // 300 × 32 bytes cross two refills of the 4 KiB pool
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const b = randomBytesPooled(32);
      expect(b).toHaveLength(32);
      seen.add(b.toString('hex'));
    }
    expect(seen.size).toBe(300);
  });

  it('returns copies: a later draw does not change an earlier one', () => {
    const first = randomBytesPooled(64);
    const copy = Buffer.from(first);
    for (let i = 0; i < 200; i++) randomBytesPooled(64);
    expect(first.equals(copy)).toBe(true);
  });

  it('spreads single bytes over 0..255', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 256 * 200; i++) counts[randomByte()]++;
    // each value expected 200 times; a stuck or biased source would leave values out or pile them up
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(320);
  });

  it('refuses sizes it cannot serve', () => {
    expect(() => randomBytesPooled(4097)).toThrow(RangeError);
    expect(() => randomBytesPooled(-1)).toThrow(RangeError);
    expect(() => randomBytesPooled(1.5)).toThrow(RangeError);
    expect(randomBytesPooled(0)).toHaveLength(0);
  });
});
