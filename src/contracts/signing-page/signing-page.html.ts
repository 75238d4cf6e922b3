/**
 * The hosted signing page, server-rendered (pure: model in, HTML out). No script: it works with
 * JavaScript off. Every value goes through `esc`. Accessibility: lang, one <main>, a heading
 * outline, a <label for> per input, a real <button>, errors announced (role="alert") and tied
 * to their inputs (aria-describedby, aria-invalid), visible focus, contrast ≥ 4.5:1.
 * The signer is the buyer: the page shows what they pay (prices, discounts, term), never the
 * seller's own figures (the annual contract value), as checkout does.
 */
import { esc } from '../../platform/hosted-pages/format';
import { Brand, hostedPage, topAlert } from '../../platform/hosted-pages/layout';
import { SANDBOX_CARD_CHOICES } from '../../payments/sandbox-cards';
import { ADDRESS_FIELDS, countrySelect } from '../../platform/hosted-pages/address-fields';
import type { SignatoryRow } from './signatories';

export interface PriceLine {
  name: string;
  detail: string;
  amount: string;
}

export interface SigningPageModel {
  companyName: string;
  /** The company's display name, accent colour and support e-mail (its settings). */
  brand: Brand;
  title: string;
  customerName: string;
  customerDetail: string | null;
  signatoryName: string | null;
  signatoryEmail: string;
  signatoryTitle: string | null;
  recurring: PriceLine[];
  onetime: PriceLine[];
  discounts: PriceLine[];
  term: string;
  autoRenews: boolean;
  startDate: string;
  expirationDate: string | null;
  content: string | null;
  /** Digest of the terms this page shows: the form posts it back, and a signature binds it. */
  termsDigest: string;
  /** The contract requires a payment method and none was given yet: the form takes a card. */
  requiresCard: boolean;
  /** The contract's `options.requires_customer_address`: the form takes a billing address. */
  requiresAddress: boolean;
  /** Every signatory with its status. */
  signatories: SignatoryRow[];
  /** The link to download the signed terms (relative to the page), once this signatory signed; else null. */
  termsDownload: string | null;
}

export interface SigningForm {
  fullName: string;
  agreed: boolean;
  /** The sandbox token chosen (only when the model requires a card). */
  paymentToken?: string;
  /** The billing address typed (only when the model requires one), by ADDRESS_FIELDS key. */
  address?: Record<string, string>;
  errors: { full_name?: string; agree?: string; payment_token?: string; [addressField: string]: string | undefined };
  /** Why the page is shown again without signing (the terms changed since it was opened). */
  notice?: string | null;
}

export type StateKind = 'signed' | 'executed' | 'already_signed' | 'already_executed' | 'expired' | 'void';

/** The card select of a contract that requires a payment method. */
const SIGNING_CSS = `
fieldset{border:0;margin:16px 0;padding:0}
legend{font-weight:700;padding:0}
select{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
select:focus{outline:3px solid var(--focus);outline-offset:2px}
select[aria-invalid=true]{border-color:var(--err)}
ul.signatories{list-style:none;margin:0;padding:0}
ul.signatories li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;padding:10px 0;border-bottom:1px solid var(--line)}
.sig-status{color:var(--muted);font-weight:600}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;background:#e0e7ff;color:#1e3a8a;font-size:13px;font-weight:700}
.download{margin:0 0 16px}
.download a{color:var(--brand);font-weight:700}
`;

const shell = (pageTitle: string, brand: Brand | null, inner: string, alert?: string): string =>
  hostedPage(pageTitle, brand, inner, { css: SIGNING_CSS, alert });

function priceRows(lines: PriceLine[]): string {
  return lines
    .map(
      (l) =>
        `<tr><th scope="row">${esc(l.name)}${l.detail ? `<span class="detail">${esc(l.detail)}</span>` : ''}</th><td class="num">${esc(l.amount)}</td></tr>`,
    )
    .join('\n');
}

function summary(m: SigningPageModel): string {
  const fact = (label: string, value: string, sub?: string | null) =>
    `<div><dt>${esc(label)}</dt><dd>${esc(value)}${sub ? `<span class="sub">${esc(sub)}</span>` : ''}</dd></div>`;
  const facts = [
    fact('Customer', m.customerName, m.customerDetail),
    fact('Term', m.term, m.autoRenews ? 'Renews automatically' : 'Does not renew automatically'),
    fact('Start date', m.startDate),
  ];
  if (m.expirationDate) facts.push(fact('Sign before', m.expirationDate));
  const signer = [m.signatoryName ?? m.signatoryEmail, m.signatoryTitle].filter(Boolean).join(', ');
  facts.push(fact('Signatory', signer, m.signatoryName ? m.signatoryEmail : null));

  const sections = [
    `<section aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2><dl class="facts">${facts.join('')}</dl></section>`,
    `<section aria-labelledby="pricing-h"><h2 id="pricing-h">Pricing</h2>
<table>
<caption class="sr-only">Prices of this contract</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Price</th></tr></thead>
<tbody>
${priceRows(m.recurring)}
${priceRows(m.onetime)}
${priceRows(m.discounts)}
</tbody>
</table></section>`,
  ];
  sections.push(signatoriesSection(m));
  if (m.content) {
    sections.push(
      `<section aria-labelledby="terms-h"><h2 id="terms-h">Contract terms</h2><div class="content" tabindex="0" role="region" aria-labelledby="terms-h">${esc(m.content)}</div></section>`,
    );
  }
  return sections.join('\n');
}

/** Who signs the contract and where each stands; the page's own signatory is marked "you". */
function signatoriesSection(m: SigningPageModel): string {
  if (m.signatories.length === 0) return '';
  const items = m.signatories
    .map(
      (s) =>
        `<li><span><strong>${esc(s.name)}</strong>${s.you ? ' <span class="badge">you</span>' : ''}${s.title ? `<span class="detail">${esc(s.title)}</span>` : ''}</span> <span class="sig-status">${esc(s.status)}</span></li>`,
    )
    .join('');
  return `<section aria-labelledby="signatories-h"><h2 id="signatories-h">Signatories</h2><ul class="signatories">${items}</ul></section>`;
}

/** The download of the signed terms, once this signatory has signed. */
function termsDownload(m: SigningPageModel): string {
  return m.termsDownload
    ? `<p class="download"><a href="${esc(m.termsDownload)}" download>Download the signed terms</a> <span class="detail">Plain text, with every signature and the terms' digest.</span></p>`
    : '';
}

function heading(m: SigningPageModel, eyebrow: string, lede: string): string {
  return `<p class="eyebrow">${esc(eyebrow)}</p>
<h1>${esc(m.title)}</h1>
<p class="lede">${esc(lede)}</p>`;
}

/** The page with the signing form (and the errors of a rejected submission). */
export function renderSigningForm(m: SigningPageModel, form: SigningForm): string {
  const errors = Object.entries(form.errors).filter(([, v]) => !!v) as [string, string][];
  // after a submit the error is the first thing on screen (the form sits below the terms)
  const alert = errors.length
    ? topAlert(`<span>Please correct the following before signing:</span><ul>${errors.map(([, v]) => `<li>${esc(v)}</li>`).join('')}</ul>`)
    : undefined;
  const nameInvalid = !!form.errors.full_name;
  const agreeInvalid = !!form.errors.agree;
  const tokenInvalid = !!form.errors.payment_token;
  const chosen = form.paymentToken ?? SANDBOX_CARD_CHOICES[0].value;
  const address = m.requiresAddress
    ? `<fieldset class="field"><legend>Billing address</legend>
${ADDRESS_FIELDS.map((f) => {
  const error = form.errors[f.key];
  if (f.key === 'country') return countrySelect(form.address?.country ?? '', error);
  return `<div class="field">
<label for="${f.key}">${esc(f.label)}</label>
<input type="text" id="${f.key}" name="${f.key}" autocomplete="${f.autocomplete}" maxlength="200"${f.required ? ' required aria-required="true"' : ''} value="${esc(form.address?.[f.key] ?? '')}"${error ? ` aria-invalid="true" aria-describedby="${f.key}-error"` : ''}>
${error ? `<span class="field-error" id="${f.key}-error">${esc(error)}</span>` : ''}
</div>`;
}).join('\n')}
</fieldset>`
    : '';
  const card = m.requiresCard
    ? `<fieldset class="field"><legend>Payment method</legend>
<p class="fine" id="payment_token-hint">${esc(m.companyName)} needs a card for this contract: the subscription it starts is charged to it. Your signature counts only with a card.</p>
<label for="payment_token">Card<span class="sr-only"> (sandbox: choose a test card)</span></label>
<select id="payment_token" name="payment_token" required aria-required="true" aria-describedby="payment_token-hint${tokenInvalid ? ' payment_token-error' : ''}"${tokenInvalid ? ' aria-invalid="true"' : ''}>
<option value=""${chosen === '' ? ' selected' : ''}>Choose a card</option>
${SANDBOX_CARD_CHOICES.map((c) => `<option value="${esc(c.value)}"${chosen === c.value ? ' selected' : ''}>${esc(c.label)}</option>`).join('')}
</select>
${tokenInvalid ? `<span class="field-error" id="payment_token-error">${esc(form.errors.payment_token)}</span>` : ''}
</fieldset>`
    : '';
  const greeting = m.signatoryName ? `${m.signatoryName}, please review` : 'Please review';
  const inner = `<div class="body">
${heading(m, `Contract from ${m.companyName}`, `${greeting} the contract prepared for ${m.customerName} and sign it below.`)}
${summary(m)}
<section class="signbox" aria-labelledby="sign-h">
<h2 id="sign-h">Sign this contract</h2>
<form method="post" novalidate>
<input type="hidden" name="terms" value="${esc(m.termsDigest)}">
<div class="field">
<label for="full_name">Full name</label>
<input type="text" id="full_name" name="full_name" autocomplete="name" maxlength="200" required aria-required="true" value="${esc(form.fullName)}"${nameInvalid ? ' aria-invalid="true" aria-describedby="full_name-error"' : ''}>
${nameInvalid ? `<span class="field-error" id="full_name-error">${esc(form.errors.full_name)}</span>` : ''}
</div>
<div class="check">
<input type="checkbox" id="agree" name="agree" value="yes" required aria-required="true"${form.agreed ? ' checked' : ''}${agreeInvalid ? ' aria-invalid="true" aria-describedby="agree-error"' : ''}>
<div><label for="agree">I agree to the terms of this contract and sign it electronically.</label>
${agreeInvalid ? `<span class="field-error" id="agree-error">${esc(form.errors.agree)}</span>` : ''}</div>
</div>
${address}
${card}
<button type="submit">Sign contract</button>
<p class="fine">Signing as ${esc(m.signatoryEmail)}. Typing your name and ticking the box has the effect of a handwritten signature.</p>
</form>
</section>
</div>`;
  return shell(
    `Sign: ${m.title} — ${m.companyName}`,
    m.brand,
    inner,
    alert ?? (form.notice ? topAlert(`<span>${esc(form.notice)}</span>`, 'terms-changed') : undefined),
  );
}

const STATES: Record<
  StateKind,
  { tone: 'ok' | 'warn'; icon: string; title: string; text: (m: SigningPageModel, when: string | null) => string }
> = {
  signed: {
    tone: 'ok',
    icon: '✓',
    title: 'Thank you, your signature is recorded',
    text: (m, when) =>
      `You signed “${m.title}”${when ? ` on ${when}` : ''}. We are waiting for the other signatories; ${m.companyName} will be in touch once everyone has signed.`,
  },
  executed: {
    tone: 'ok',
    icon: '✓',
    title: 'Thank you, the contract is signed',
    text: (m, when) =>
      `You signed “${m.title}”${when ? ` on ${when}` : ''}. Every signatory has now signed, so the contract is executed and your subscription starts on ${m.startDate}.`,
  },
  already_signed: {
    tone: 'ok',
    icon: '✓',
    title: 'You have already signed this contract',
    text: (m, when) => `Your signature on “${m.title}” was recorded${when ? ` on ${when}` : ''}. There is nothing more to do.`,
  },
  already_executed: {
    tone: 'ok',
    icon: '✓',
    title: 'This contract is already signed',
    text: (m) => `“${m.title}” has been signed by every signatory and is executed. It cannot be signed again.`,
  },
  expired: {
    tone: 'warn',
    icon: '!',
    title: 'This contract has expired',
    text: (m) =>
      `“${m.title}” was not signed before it expired${m.expirationDate ? ` on ${m.expirationDate}` : ''}, so it can no longer be signed. Please contact ${m.companyName}${m.brand.supportEmail ? ` at ${m.brand.supportEmail}` : ''} for a new one.`,
  },
  void: {
    tone: 'warn',
    icon: '!',
    title: 'This contract has been withdrawn',
    text: (m) => `${m.companyName} has voided “${m.title}”, so it can no longer be signed. Please contact them if you have questions.`,
  },
};

/**
 * A page that says where the contract stands (no form); `message` (the contract's
 * `options.confirmation_message`, after a signature) replaces the page's own text.
 */
export function renderStatePage(m: SigningPageModel, kind: StateKind, signedOn: string | null, message: string | null = null): string {
  const s = STATES[kind];
  const inner = `<div class="state ${s.tone}">
<span class="icon" aria-hidden="true">${esc(s.icon)}</span>
<h1>${esc(s.title)}</h1>
<p>${esc(message ?? s.text(m, signedOn))}</p>
</div>
<div class="body">
${termsDownload(m)}
${summary(kind === 'expired' ? m : { ...m, expirationDate: null })}
</div>`;
  return shell(`${s.title} — ${m.title}`, m.brand, inner);
}

/** Unknown or withdrawn link. */
export function renderNotFound(): string {
  const inner = `<div class="state warn">
<span class="icon" aria-hidden="true">?</span>
<h1>This signing link is not valid</h1>
<p>The link may be mistyped, or the signatory was removed from the contract. Please use the latest link you received, or contact the sender.</p>
</div>`;
  return shell('Signing link not found', null, inner);
}
