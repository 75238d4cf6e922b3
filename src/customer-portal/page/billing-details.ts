/**
 * The portal's "Billing details" form (pure): the customer's name, e-mail, postal address and the
 * extra addresses copied on invoices, shown in a disclosure (a <details>, keyboard-usable with no
 * script) and turned back into the body of the customers module's own update, so the portal and
 * `PATCH /customers/{id}` check and store the same way.
 */
import { esc } from '../../platform/hosted-pages/format';
import { ADDRESS_FIELDS, addressErrors, countrySelect, storedAddress } from '../../platform/hosted-pages/address-fields';
import type { CustomerEntity } from '../../customers/customer.entity';

/** What the form shows: the customer's current details (or what was posted, after a refusal). */
export interface BillingDetailsForm {
  name: string;
  email: string;
  billingEmails: string;
  address: Record<string, string>;
}

/** At most this many extra recipients (the API's own bound is 50). */
const BILLING_EMAILS_MAX = 10;
const TEXT_MAX = 255;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, TEXT_MAX + 1) : '');

export function billingDetailsOf(customer: CustomerEntity): BillingDetailsForm {
  const address = (customer.address ?? {}) as Record<string, unknown>;
  return {
    name: customer.name ?? '',
    email: customer.email ?? '',
    billingEmails: (customer.billing_emails ?? []).join(', '),
    address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.key, typeof address[f.key] === 'string' ? (address[f.key] as string) : ''])),
  };
}

export function postedBillingDetails(body: Record<string, unknown>): BillingDetailsForm {
  return {
    name: text(body.name),
    email: text(body.email),
    billingEmails: text(body.billing_emails),
    address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.key, text(body[f.key])])),
  };
}

/**
 * The update body for the customers module, or the first problem in words for the page. The
 * address is all or nothing: a blank address clears it; a partial one names what is missing.
 */
export function billingDetailsUpdate(form: BillingDetailsForm): { update: Record<string, unknown> } | { problem: string } {
  if (!form.name) return { problem: 'Enter your name.' };
  if (!form.email) return { problem: 'Enter your e-mail address.' };
  const extra = form.billingEmails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (extra.length > BILLING_EMAILS_MAX) return { problem: `Give at most ${BILLING_EMAILS_MAX} extra e-mail addresses.` };
  const blank = ADDRESS_FIELDS.every((f) => !form.address[f.key]);
  const errors = blank ? {} : addressErrors(form.address);
  const first = Object.values(errors)[0];
  if (first) return { problem: first };
  return {
    update: {
      name: form.name,
      email: form.email,
      billing_emails: extra.length ? [...new Set(extra)] : null,
      address: blank ? null : storedAddress(form.address),
    },
  };
}

function input(id: string, label: string, value: string, type: string, autocomplete: string, hint = ''): string {
  return `<div class="field"><label for="${id}">${esc(label)}${hint ? `<span class="detail" id="${id}-hint">${esc(hint)}</span>` : ''}</label>
<input type="${type}" id="${id}" name="${id}" value="${esc(value)}" autocomplete="${autocomplete}"${hint ? ` aria-describedby="${id}-hint"` : ''}></div>`;
}

/** The disclosure with the form; open when the last post was refused (its values kept). */
export function billingDetailsSection(form: BillingDetailsForm, open: boolean): string {
  const address = ADDRESS_FIELDS.map((f) =>
    f.key === 'country'
      ? countrySelect(form.address.country ?? '', undefined)
      : input(f.key, f.label, form.address[f.key] ?? '', 'text', f.autocomplete),
  ).join('\n');
  return `<details class="editbox" id="billing-details"${open ? ' open' : ''}>
<summary>Edit billing details</summary>
<form method="post" novalidate>
<input type="hidden" name="action" value="update_details">
${input('name', 'Name', form.name, 'text', 'name')}
${input('email', 'E-mail', form.email, 'email', 'email', 'Invoices and receipts are addressed here.')}
${input('billing_emails', 'Also send invoices to (optional)', form.billingEmails, 'text', 'off', 'E-mail addresses, separated by commas.')}
<fieldset><legend>Billing address (optional)</legend>
${address}
</fieldset>
<button type="submit">Save billing details</button>
</form>
</details>`;
}

/** The details as the portal lists them (name, e-mails, address lines). */
export function billingDetailsSummary(form: BillingDetailsForm, addressLines: string[]): string {
  const lines = [form.name, form.email, ...(form.billingEmails ? [`Copies to ${form.billingEmails}`] : []), ...addressLines].filter(
    Boolean,
  );
  return `<p class="details" id="billing-summary">${lines.map(esc).join('<br>')}</p>`;
}
