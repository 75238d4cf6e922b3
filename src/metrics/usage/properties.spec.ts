import fc from 'fast-check';
import { checkProperties, decimalPlaces, isEventNumber, parseInstant } from './properties';

const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('parseInstant', () => {
  it('reads ISO 8601 instants with a zone designator to the millisecond', () => {
    expect(parseInstant('2024-01-01T00:00:00Z')?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parseInstant('2024-01-01T00:00:00.1239Z')?.toISOString()).toBe('2024-01-01T00:00:00.123Z');
    expect(parseInstant('2024-01-01T00:00:00.5+01:00')?.toISOString()).toBe('2023-12-31T23:00:00.500Z');
    expect(parseInstant('2024-01-01T00:00+0530')?.toISOString()).toBe('2023-12-31T18:30:00.000Z');
    expect(parseInstant('2024-02-29T12:00:00-00:00')?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(parseInstant('0004-02-29T00:00:00Z')?.toISOString()).toBe('0004-02-29T00:00:00.000Z');
    expect(parseInstant('0099-12-31T23:59:59.999Z')?.toISOString()).toBe('0099-12-31T23:59:59.999Z');
  });

  it('refuses what is not a valid instant with a zone', () => {
    for (const bad of [
      '2024-01-01T00:00:00',
      '2024-01-01',
      '2023-02-29T00:00:00Z',
      '2100-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-00-10T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T23:59:60Z',
      '2024-01-01T00:00:00+24:00',
      '2024-01-01T00:00:00+23:60',
      '2024-01-01T00:00:00.Z',
      ' 2024-01-01T00:00:00Z',
      1704067200000,
      null,
    ])
      expect(parseInstant(bad)).toBeNull();
  });

  it('agrees with the JavaScript Date parser on every instant it accepts', () => {
    const instant = fc
      .record({
        y: fc.integer({ min: 0, max: 9999 }),
        mo: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 31 }),
        h: fc.integer({ min: 0, max: 23 }),
        mi: fc.integer({ min: 0, max: 59 }),
        s: fc.option(fc.integer({ min: 0, max: 59 })),
        frac: fc.option(fc.stringMatching(/^\d{1,9}$/)),
        zone: fc.oneof(
          fc.constant('Z'),
          fc.record({
            sign: fc.constantFrom('+', '-'),
            oh: fc.integer({ min: 0, max: 23 }),
            om: fc.integer({ min: 0, max: 59 }),
            colon: fc.boolean(),
          }),
        ),
      })
      .map(({ y, mo, d, h, mi, s, frac, zone }) => {
        const seconds = s === null ? '' : `:${pad(s, 2)}${frac === null ? '' : `.${frac}`}`;
        const z = zone === 'Z' ? 'Z' : `${zone.sign}${pad(zone.oh, 2)}${zone.colon ? ':' : ''}${pad(zone.om, 2)}`;
        return `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}${seconds}${z}`;
      });
    fc.assert(
      fc.property(instant, (text) => {
        const got = parseInstant(text);
        const js = new Date(text);
        // the Date parser rolls an impossible day over into the next month; parseInstant refuses it
        const [y, mo, d] = text.slice(0, 10).split('-').map(Number);
        const real = new Date(0);
        real.setUTCFullYear(y, mo - 1, d);
        if (real.getUTCDate() !== d) expect(got).toBeNull();
        else expect(got?.getTime()).toBe(js.getTime());
      }),
      { numRuns: 3000 },
    );
  });
});

describe('event property numbers', () => {
  it('counts the decimals a number is written with', () => {
    expect([0, 1, 1.25, 0.1, 1e-7, 1.5e-7, 1e21, 123.456, -0.001].map(decimalPlaces)).toEqual([0, 0, 2, 1, 7, 8, 0, 3, 3]);
  });

  it('bounds an event number: finite, |value| <= 10^12, at most 12 decimals', () => {
    for (const ok of [0, 1e12, -1e12, 0.123456789012, 1e-12, 999_999_999_999.5]) expect(isEventNumber(ok)).toBe(true);
    for (const bad of [1e12 + 1, -1e12 - 1, 1e13, 1e308, 1e-13, 0.1 + 0.2, Infinity, NaN]) expect(isEventNumber(bad)).toBe(false);
  });

  it('applies the bound to events only', () => {
    expect(checkProperties({ v: 1e13 }, 'events[3].properties', { eventNumbers: true })).toEqual({
      error: ['events[3].properties.v', 'must be a finite number from -1000000000000 to 1000000000000 with at most 12 decimals'],
    });
    expect(checkProperties({ v: 1e13 }, 'properties')).toEqual({ ok: { v: 1e13 } });
  });
});

describe('properties: nested values within bounds', () => {
  const check = (raw: unknown, eventNumbers = false) => checkProperties(raw, 'events[0].properties', { eventNumbers });

  it('accepts nested objects, arrays and nulls, and keeps them whole', () => {
    const nested = { tokens: { input: 100, output: 40 }, model: { name: 'gpt', tags: ['a', { b: null }] }, n: null, ok: true };
    expect(check(nested, true)).toEqual({ ok: nested });
    expect(check(undefined)).toEqual({ ok: {} });
  });

  it('takes 5 levels of objects and arrays, the properties object the first, and refuses a 6th naming it', () => {
    expect('ok' in check({ a: { b: { c: { d: { e: 1 } } } } })).toBe(true);
    expect('ok' in check({ a: [[[1]]] })).toBe(true);
    expect(check({ a: { b: { c: { d: { e: {} } } } } })).toEqual({
      error: ['events[0].properties.a.b.c.d.e', 'nests deeper than 5 levels of objects and arrays'],
    });
    expect('ok' in check({ a: [[[[2]]]] })).toBe(true);
    expect(check({ a: [[[[[2]]]]] })).toEqual({ error: ['events[0].properties.a[0][0][0][0]', expect.stringContaining('deeper than 5')] });
  });

  it('counts keys and array elements over every level: 100 in all', () => {
    const ninetyNine = Object.fromEntries(Array.from({ length: 98 }, (_, i) => [`k${i}`, i]));
    expect('ok' in check({ ...ninetyNine, list: [1] })).toBe(true); // 98 + list + its element
    expect(check({ ...ninetyNine, list: [1, 2] })).toEqual({
      error: ['events[0].properties.list', expect.stringContaining('more than 100')],
    });
    expect('error' in check(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])))).toBe(true);
  });

  it('bounds keys, strings and event numbers at every level, naming the value', () => {
    expect(check({ a: { '': 1 } })).toEqual({ error: ['events[0].properties.a', 'keys must be 1 to 255 characters'] });
    expect(check({ a: ['x'.repeat(1025)] })).toEqual({ error: ['events[0].properties.a[0]', 'must be at most 1024 characters'] });
    expect(check({ a: { v: 1e13 } }, true)).toEqual({ error: ['events[0].properties.a.v', expect.stringContaining('-1000000000000')] });
    expect(check({ a: { v: 1e13 } })).toEqual({ ok: { a: { v: 1e13 } } });
    expect(check([1])).toEqual({ error: ['events[0].properties', 'must be a JSON object'] });
  });
});
