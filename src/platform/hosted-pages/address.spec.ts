import { COUNTRY_OPTIONS, countryName, formatAddress, isCountryCode } from './address';

describe('postal addresses and countries', () => {
  it('writes an address as its country does', () => {
    expect(formatAddress({ address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' })).toEqual([
      '1 Main St',
      'Arlington, VA 22201',
      'United States',
    ]);
    expect(formatAddress({ address_line_1: 'Hauptstr. 1', city: 'Berlin', zip: '10115', country: 'de' })).toEqual([
      'Hauptstr. 1',
      '10115 Berlin',
      'Germany',
    ]);
    expect(formatAddress({ address_line_1: '10 Downing St', city: 'London', zip: 'SW1A 2AA', country: 'GB' })).toEqual([
      '10 Downing St',
      'London',
      'SW1A 2AA',
      'United Kingdom',
    ]);
    expect(formatAddress({ city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA' })).toEqual(['Toronto, ON M5H 2N2', 'Canada']);
    expect(formatAddress(null)).toEqual([]);
    expect(formatAddress({ city: 'Paris' })).toEqual(['Paris']);
  });

  it('knows the ISO codes and refuses others', () => {
    expect(isCountryCode('us')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(countryName('FR')).toBe('France');
    expect(countryName('ZZ')).toBe('ZZ');
    expect(COUNTRY_OPTIONS).toHaveLength(249);
    expect(COUNTRY_OPTIONS.map((c) => c.code)).not.toContain('ZZ');
  });
});
