/**
 * Postal addresses as a customer's country writes them, and the ISO 3166-1 country list of the
 * hosted pages' country select (pure).
 *
 * The layouts are a small table of the common patterns rather than a library: the stored address
 * has only six fields (two street lines, city, state, postal code, country), and three patterns
 * cover the countries most billing happens in — "City, ST 22201" (US, CA, AU), "22201 City"
 * (continental Europe and most of the world) and "City" over "POSTCODE" (UK, IE and others that
 * put the postcode on its own line). Country names come from Intl.DisplayNames (CLDR, shipped
 * with Node), the codes from the list below (ISO 3166-1 alpha-2, officially assigned codes).
 */

/** ISO 3166-1 alpha-2, the officially assigned codes. */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const CODES = new Set(ISO_COUNTRY_CODES);
const NAMES = new Intl.DisplayNames('en', { type: 'region' });

export function isCountryCode(code: string): boolean {
  return CODES.has(code.toUpperCase());
}

/** "United States" for "US"; the code itself when it is not an ISO code. */
export function countryName(code: string): string {
  const c = code.toUpperCase();
  return CODES.has(c) ? (NAMES.of(c) ?? c) : code;
}

/** The countries for a select, by name (code, name). */
export const COUNTRY_OPTIONS: readonly { code: string; name: string }[] = ISO_COUNTRY_CODES.map((code) => ({
  code,
  name: NAMES.of(code) ?? code,
})).sort((x, y) => x.name.localeCompare(y.name, 'en'));

/** "City, ST 22201" */
const CITY_STATE_ZIP = new Set(['US', 'CA', 'AU', 'PR', 'GU', 'VI', 'AS', 'MP']);
/** "City" then "POSTCODE" on its own line. */
const POSTCODE_LINE = new Set(['GB', 'IE', 'IM', 'JE', 'GG', 'LV', 'UA', 'RU', 'KR']);
/** "City ZIP" (postcode after the city), state before. */
const CITY_ZIP = new Set(['BR', 'IN', 'NZ', 'SG', 'ZA', 'ID', 'TH', 'MY', 'PH', 'CN', 'TW', 'HK']);

export interface PostalAddress {
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/**
 * The lines of an address as its country writes them, the country's name last ("1 Main St",
 * "Arlington, VA 22201", "United States"). Empty fields are left out.
 */
export function formatAddress(address: PostalAddress | Record<string, unknown> | null | undefined): string[] {
  const a = (address ?? {}) as Record<string, unknown>;
  const part = (k: string) => (typeof a[k] === 'string' && (a[k] as string).trim() ? (a[k] as string).trim() : '');
  const [city, state, zip, country] = [part('city'), part('state'), part('zip'), part('country').toUpperCase()];
  const join = (...xs: string[]) => xs.filter(Boolean).join(' ');
  let locality: string[];
  if (CITY_STATE_ZIP.has(country)) locality = [join(city && (state || zip) ? `${city},` : city, state, zip)];
  else if (POSTCODE_LINE.has(country)) locality = [join(city, state), zip];
  else if (CITY_ZIP.has(country)) locality = [join(city && state ? `${city},` : city, state, zip)];
  else locality = [join(zip, city), state];
  return [part('address_line_1'), part('address_line_2'), ...locality, country ? countryName(country) : ''].filter((l) => l !== '');
}
