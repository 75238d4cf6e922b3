/**
 * The hosted checkout page, server-rendered (pure: model in, HTML out), in the shared hosted
 * page layout. No script: it works with JavaScript off. Every value goes through `esc`.
 * Accessibility: lang, one <main>, headings, a <label for> per control, a <fieldset>/<legend>
 * per group, a real <button>, errors announced (role="alert") and tied to their inputs.
 */
import { esc } from '../../platform/hosted-pages/format';
import { Brand, hostedPage, topAlert } from '../../platform/hosted-pages/layout';
import { SANDBOX_CARD_CHOICES } from '../../payments/sandbox-cards';
import { ADDRESS_FIELDS, countrySelect } from '../../platform/hosted-pages/address-fields';
import type { PlanPriceRow } from './plan-prices';

export interface CheckoutLine {
  name: string;
  detail: string | null;
  amount: string;
}

export interface CheckoutPageModel {
  companyName: string;
  /** The company's display name, accent colour and support e-mail (its settings). */
  brand: Brand;
  planName: string;
  customerName: string;
  lines: CheckoutLine[];
  subTotal: string;
  /** Discount lines of the first invoice (amounts shown as reductions). */
  discounts: CheckoutLine[];
  total: string;
  /** "Due today" or "Due on 1 April 2027" */
  dueLabel: string;
  facts: { label: string; value: string; sub?: string | null }[];
  requiresAddress: boolean;
  /** A plan change of an existing subscription (no first-invoice preview). */
  isChange: boolean;
  /** Digest of the quote this page shows: the form posts it back, and only that quote is charged. */
  quoteDigest: string;
  /** Every price of the plan as the buyer reads it ("$0.02 per API call"). */
  priceRows: PlanPriceRow[];
  /** What renews after today's charge, or null when nothing renews. */
  renewal: { then: string | null; renews: string } | null;
}

export interface CheckoutForm {
  name: string;
  email: string;
  address: Record<string, string>;
  paymentToken: string;
  errors: Record<string, string>;
  decline: string | null;
  /** Why the total shown is not the one the buyer saw before (the quote changed). */
  notice?: string | null;
}

export { ADDRESS_FIELDS };

export const TOKEN_CHOICES = SANDBOX_CARD_CHOICES;

const EXTRA_CSS = `
main{max-width:980px}
.layout{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:0}
.layout > section{padding:28px 32px 32px}
.renewal{margin:14px 0 0;font-weight:600}
.order h2.prices-h{font-size:15px;margin:18px 0 6px}
ul.prices{list-style:none;margin:0;padding:0;font-size:15px}
ul.prices li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;padding:6px 0;border-bottom:1px solid var(--line)}
ul.prices .price{font-variant-numeric:tabular-nums;color:var(--muted)}
.order{background:#fcfcfd;border-right:1px solid var(--line)}
.order h2,.pay h2{margin-top:0}
.price-big{font-size:34px;font-weight:700;margin:4px 0 2px;font-variant-numeric:tabular-nums}
dl.facts{grid-template-columns:1fr 1fr;margin-top:20px}
input[type=email],select{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
input[type=email]:focus,select:focus{outline:3px solid var(--focus);outline-offset:2px}
fieldset{border:0;margin:20px 0 0;padding:0}
legend{font-weight:700;font-size:16px;margin-bottom:2px;padding:0}
.row2{display:grid;grid-template-columns:1fr 1fr;gap:0 14px}
.field{margin:12px 0}
button.pay-btn{width:100%;margin-top:22px;padding:14px 22px;font-size:17px}
.hint{display:block;margin-top:4px;color:var(--muted);font-size:13px;font-weight:400}
.secure{margin:12px 0 0;color:var(--muted);font-size:13px;text-align:center}
tfoot tr.grand th,tfoot tr.grand td{font-size:18px;border-top:2px solid var(--line)}
tfoot tr.sub th,tfoot tr.sub td{font-weight:600;color:var(--muted);padding-top:10px}
@media (max-width:760px){.layout{grid-template-columns:1fr}.order{border-right:0;border-bottom:1px solid var(--line)}.layout > section{padding:22px 18px}}
`;

function page(title: string, m: { brand: Brand } | null, inner: string, alert?: string): string {
  return hostedPage(title, m ? m.brand : null, inner, { css: EXTRA_CSS, alert });
}

/** The plan's prices and what renews after today: the buyer sees what they agree to pay later too. */
function pricesAndRenewal(m: CheckoutPageModel): string {
  const prices = m.priceRows.length
    ? `<h2 class="prices-h" id="prices-h">Prices</h2>
<ul class="prices" aria-labelledby="prices-h">${m.priceRows.map((r) => `<li><span>${esc(r.name)}</span> <span class="price">${esc(r.price)}</span></li>`).join('')}</ul>`
    : '';
  const renewal = m.renewal
    ? `<p class="renewal" id="renewal">${m.renewal.then ? `${esc(m.renewal.then)}. ` : ''}${esc(m.renewal.renews)}.</p>`
    : '';
  return `${renewal}
${prices}`;
}

function orderSummary(m: CheckoutPageModel): string {
  const rows = m.lines
    .map(
      (l) =>
        `<tr><th scope="row">${esc(l.name)}${l.detail ? `<span class="detail">${esc(l.detail)}</span>` : ''}</th><td class="num">${esc(l.amount)}</td></tr>`,
    )
    .join('\n');
  const facts = m.facts
    .map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}${f.sub ? `<span class="sub">${esc(f.sub)}</span>` : ''}</dd></div>`)
    .join('');
  const table = m.isChange
    ? '<p class="lede">This checkout changes the plan of your current subscription. Any proration appears on your next invoice.</p>'
    : `<table>
<caption class="sr-only">Your first invoice</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr class="sub"><th scope="row">Subtotal</th><td class="num">${esc(m.subTotal)}</td></tr>
${m.discounts.map((d) => `<tr class="sub"><th scope="row">${esc(d.name)}</th><td class="num">−${esc(d.amount)}</td></tr>`).join('\n')}
<tr class="grand"><th scope="row">${esc(m.dueLabel)}</th><td class="num">${esc(m.total)}</td></tr>
</tfoot>
</table>`;
  return `<section class="order" aria-labelledby="order-h">
<p class="eyebrow">Order summary</p>
<h1 id="order-h">${esc(m.planName)}</h1>
${m.isChange ? '' : `<p class="price-big">${esc(m.total)}</p><p class="lede">${esc(m.dueLabel)} · for ${esc(m.customerName)}</p>`}
<h2 class="sr-only">Items</h2>
${table}
${pricesAndRenewal(m)}
<dl class="facts">${facts}</dl>
</section>`;
}

function input(
  id: string,
  label: string,
  type: 'text' | 'email',
  value: string,
  opts: { autocomplete: string; required: boolean; error?: string; hint?: string; maxlength?: number },
): string {
  const described = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${id}">${esc(label)}${opts.hint ? `<span class="hint" id="${id}-hint">${esc(opts.hint)}</span>` : ''}</label>
<input type="${type}" id="${id}" name="${id}" autocomplete="${opts.autocomplete}" maxlength="${opts.maxlength ?? 200}"${opts.required ? ' required aria-required="true"' : ''} value="${esc(value)}"${opts.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${opts.error ? `<span class="field-error" id="${id}-error">${esc(opts.error)}</span>` : ''}
</div>`;
}

/** The checkout form (with the errors of a rejected submission, or a decline message). */
export function renderCheckoutForm(m: CheckoutPageModel, form: CheckoutForm): string {
  const errors = Object.values(form.errors).filter(Boolean);
  // after a submit the error is the first thing on screen (the form may sit below the order)
  const alert = form.decline
    ? topAlert(
        `<span>Payment failed: ${esc(form.decline)}</span><ul><li>Nothing was charged and your order was not placed. Please use another card.</li></ul>`,
      )
    : errors.length
      ? topAlert(`<span>Please correct the following:</span><ul>${errors.map((v) => `<li>${esc(v)}</li>`).join('')}</ul>`)
      : form.notice
        ? topAlert(`<span>${esc(form.notice)}</span>`, 'quote-changed')
        : undefined;
  const address = m.requiresAddress
    ? `<fieldset><legend>Billing address</legend>
${ADDRESS_FIELDS.map((f) =>
  f.key === 'country'
    ? countrySelect(form.address.country ?? '', form.errors.country)
    : input(f.key, f.label, 'text', form.address[f.key] ?? '', {
        autocomplete: f.autocomplete,
        required: f.required,
        error: form.errors[f.key],
      }),
).join('\n')}
</fieldset>`
    : '';
  const tokenError = form.errors.payment_token;
  const options = TOKEN_CHOICES.map(
    (c) => `<option value="${esc(c.value)}"${form.paymentToken === c.value ? ' selected' : ''}>${esc(c.label)}</option>`,
  ).join('');
  const payLabel = m.isChange ? 'Confirm plan change' : `Pay ${m.total} and subscribe`;
  const inner = `<div class="layout">
${orderSummary(m)}
<section class="pay" aria-labelledby="pay-h">
<h2 id="pay-h">Your details</h2>
${form.notice && alert && !alert.includes('id="quote-changed"') ? `<div class="alert" role="status" id="quote-changed"><span>${esc(form.notice)}</span></div>` : ''}
<form method="post" novalidate>
<input type="hidden" name="quote" value="${esc(m.quoteDigest)}">
<fieldset><legend class="sr-only">Contact</legend>
${input('name', 'Full name', 'text', form.name, { autocomplete: 'name', required: true, error: form.errors.name })}
${input('email', 'E-mail', 'email', form.email, { autocomplete: 'email', required: true, error: form.errors.email, maxlength: 320 })}
</fieldset>
${address}
<fieldset><legend>Payment</legend>
<div class="field">
<label for="payment_token">Card<span class="hint" id="payment_token-hint">Sandbox: choose a test card.</span></label>
<select id="payment_token" name="payment_token" required aria-required="true" aria-describedby="payment_token-hint${tokenError ? ' payment_token-error' : ''}"${tokenError ? ' aria-invalid="true"' : ''}>${options}</select>
${tokenError ? `<span class="field-error" id="payment_token-error">${esc(tokenError)}</span>` : ''}
</div>
</fieldset>
<button type="submit" class="pay-btn">${esc(payLabel)}</button>
<p class="secure">Payments are processed securely. You can cancel according to the terms shown.</p>
</form>
</section>
</div>`;
  return page(`Checkout — ${m.planName} — ${m.companyName}`, m, inner, alert);
}

function stateSummary(m: CheckoutPageModel): string {
  const facts = [
    { label: 'Plan', value: m.planName, sub: null as string | null },
    ...(m.isChange
      ? []
      : [
          { label: 'First invoice', value: m.total, sub: m.discounts.length ? `after ${m.discounts.map((d) => d.name).join(', ')}` : null },
        ]),
    ...m.facts.filter((f) => f.label === 'Term' || f.label === 'Free trial'),
  ];
  return `<div class="body"><dl class="facts">${facts.map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}${f.sub ? `<span class="sub">${esc(f.sub)}</span>` : ''}</dd></div>`).join('')}</dl></div>`;
}

/** After a completed checkout: the receipt (the paid invoice's page) and the way back to the company. */
function nextSteps(m: CheckoutPageModel, links: { receiptUrl: string | null; returnUrl: string | null }): string {
  const items = [
    links.receiptUrl ? `<li><a href="${esc(links.receiptUrl)}" id="receipt-link">View your receipt</a></li>` : '',
    links.returnUrl
      ? `<li><a href="${esc(links.returnUrl)}" id="return-link">Back to ${esc(m.companyName)}</a></li>`
      : m.brand.supportEmail
        ? `<li>Questions? Write to <a href="mailto:${esc(m.brand.supportEmail)}" id="return-link">${esc(m.brand.supportEmail)}</a></li>`
        : '',
  ].filter(Boolean);
  return items.length ? `<div class="body"><ul class="next">${items.join('')}</ul></div>` : '';
}

export type CheckoutState = 'completed' | 'already_completed' | 'expired';

/** A page that says where the session stands (no form). */
export function renderCheckoutState(
  m: CheckoutPageModel,
  kind: CheckoutState,
  message: string | null,
  links: { receiptUrl: string | null; returnUrl: string | null } = { receiptUrl: null, returnUrl: null },
): string {
  const s = {
    completed: m.isChange
      ? {
          tone: 'ok',
          icon: '✓',
          title: 'Thank you, your plan is changed',
          text: message || `Your subscription now moves to ${m.planName}.`,
        }
      : {
          tone: 'ok',
          icon: '✓',
          title: 'Thank you, your subscription is active',
          text: message || `You are subscribed to ${m.planName}.`,
        },
    already_completed: {
      tone: 'ok',
      icon: '✓',
      title: 'This checkout is already complete',
      text: `The order for ${m.planName} has been placed. It cannot be paid twice.`,
    },
    expired: {
      tone: 'warn',
      icon: '!',
      title: 'This checkout link has expired',
      text: `The link for ${m.planName} is no longer valid. Please contact ${m.companyName}${m.brand.supportEmail ? ` at ${m.brand.supportEmail}` : ''} for a new one.`,
    },
  }[kind];
  const inner = `<div class="state ${s.tone}">
<span class="icon" aria-hidden="true">${esc(s.icon)}</span>
<h1>${esc(s.title)}</h1>
<p>${esc(s.text)}</p>
</div>
${kind === 'expired' ? '' : stateSummary(m)}
${kind === 'completed' ? nextSteps(m, links) : ''}`;
  return page(`${s.title} — ${m.companyName}`, m, inner);
}

export function renderCheckoutNotFound(): string {
  const inner = `<div class="state warn">
<span class="icon" aria-hidden="true">?</span>
<h1>This checkout link is not valid</h1>
<p>The link may be mistyped. Please use the latest link you received, or contact the sender.</p>
</div>`;
  return page('Checkout link not found', null, inner);
}
