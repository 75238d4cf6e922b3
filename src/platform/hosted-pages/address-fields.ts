import { COUNTRY_OPTIONS, isCountryCode } from './address';
import { esc } from './format';

/**
 * The billing address a hosted page asks for when the options say `requires_customer_address`
 * (checkout, contract signing): the same fields, labels and checks on every page (pure).
 */
export const ADDRESS_FIELDS: { key: string; label: string; autocomplete: string; required: boolean }[] = [
  { key: 'address_line_1', label: 'Address line 1', autocomplete: 'address-line1', required: true },
  { key: 'address_line_2', label: 'Address line 2 (optional)', autocomplete: 'address-line2', required: false },
  { key: 'city', label: 'City', autocomplete: 'address-level2', required: true },
  { key: 'state', label: 'State / region (optional)', autocomplete: 'address-level1', required: false },
  { key: 'zip', label: 'Postal code', autocomplete: 'postal-code', required: true },
  { key: 'country', label: 'Country', autocomplete: 'country', required: true },
];

/** The errors of a posted address, by field key (empty: none). */
export function addressErrors(address: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of ADDRESS_FIELDS)
    if (f.required && !address[f.key]) errors[f.key] = `Enter your ${f.label.replace(/ \(.*\)$/, '').toLowerCase()}.`;
  if (address.country && !isCountryCode(address.country)) errors.country = 'Choose your country from the list.';
  return errors;
}

/** The address as stored on the customer (country upper case). */
export function storedAddress(address: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.key, f.key === 'country' ? address[f.key].toUpperCase() : address[f.key]]));
}

/**
 * The country control of an address form: a select of the ISO 3166-1 countries by name (the
 * value is the 2-letter code; a code that is not in the list is refused when posted).
 */
export function countrySelect(value: string, error: string | undefined): string {
  const v = value.toUpperCase();
  const options = COUNTRY_OPTIONS.map((c) => `<option value="${c.code}"${c.code === v ? ' selected' : ''}>${esc(c.name)}</option>`).join(
    '',
  );
  return `<div class="field">
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country" required aria-required="true"${error ? ' aria-invalid="true" aria-describedby="country-error"' : ''}><option value=""${v ? '' : ' selected'}>Choose a country</option>${options}</select>
${error ? `<span class="field-error" id="country-error">${esc(error)}</span>` : ''}
</div>`;
}
