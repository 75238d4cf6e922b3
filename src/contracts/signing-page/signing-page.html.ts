/**
 * The hosted signing page, server-rendered (pure: model in, HTML out). No script: it works with
 * JavaScript off. Every value goes through `esc`. Accessibility: lang, one <main>, a heading
 * outline, a <label for> per input, a real <button>, errors announced (role="alert") and tied
 * to their inputs (aria-describedby, aria-invalid), visible focus, contrast ≥ 4.5:1.
 */
import { esc } from './format';

export interface PriceLine {
  name: string;
  detail: string;
  amount: string;
}

export interface SigningPageModel {
  companyName: string;
  title: string;
  customerName: string;
  customerDetail: string | null;
  signatoryName: string | null;
  signatoryEmail: string;
  signatoryTitle: string | null;
  recurring: PriceLine[];
  onetime: PriceLine[];
  discounts: PriceLine[];
  acv: string;
  term: string;
  autoRenews: boolean;
  startDate: string;
  expirationDate: string | null;
  content: string | null;
}

export interface SigningForm {
  fullName: string;
  agreed: boolean;
  errors: { full_name?: string; agree?: string };
}

export type StateKind = 'signed' | 'executed' | 'already_signed' | 'already_executed' | 'expired' | 'void';

const CSS = `
:root{--ink:#1f2937;--muted:#4b5563;--line:#e5e7eb;--bg:#f3f4f6;--brand:#1d4ed8;--brand-dark:#1e3a8a;--ok:#166534;--ok-bg:#f0fdf4;--err:#b91c1c;--err-bg:#fef2f2;--warn:#92400e;--warn-bg:#fffbeb}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:760px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid var(--line);border-radius:14px;box-shadow:0 1px 2px rgba(0,0,0,.04),0 12px 32px rgba(17,24,39,.08);overflow:hidden}
.top{display:flex;align-items:center;gap:12px;padding:20px 32px;border-bottom:1px solid var(--line);background:#fafafa}
.logo{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:9px;background:var(--brand);color:#fff;font-weight:700;font-size:18px}
.company{font-weight:600;font-size:17px}
.body{padding:28px 32px 32px}
.eyebrow{margin:0 0 4px;color:var(--muted);font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase}
h1{margin:0 0 8px;font-size:28px;line-height:1.25}
h2{margin:32px 0 12px;font-size:18px}
.lede{margin:0;color:var(--muted)}
dl.facts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:14px 24px;margin:0;padding:18px 20px;border:1px solid var(--line);border-radius:10px;background:#fcfcfd}
dl.facts div{min-width:0}
dt{color:var(--muted);font-size:13px;font-weight:600}
dd{margin:2px 0 0;font-weight:600;overflow-wrap:anywhere}
dd .sub{display:block;font-weight:400;color:var(--muted);font-size:14px}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{text-align:left;padding:10px 8px;border-bottom:1px solid var(--line);vertical-align:top}
thead th{color:var(--muted);font-size:13px;font-weight:600;border-bottom:2px solid var(--line)}
td.num,th.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
tbody th{font-weight:600}
.detail{display:block;margin-top:2px;color:var(--muted);font-size:14px;font-weight:400}
tfoot th,tfoot td{border-bottom:0;font-weight:700;padding-top:14px}
.content{white-space:pre-wrap;overflow-wrap:anywhere;max-height:340px;overflow:auto;padding:16px 18px;border:1px solid var(--line);border-radius:10px;background:#fcfcfd;font-size:15px}
.content:focus{outline:3px solid #93c5fd;outline-offset:2px}
.signbox{margin-top:32px;padding:22px;border:1px solid #c7d2fe;border-radius:12px;background:#f8faff}
.signbox h2{margin-top:0}
.field{margin:16px 0}
label{font-weight:600}
input[type=text]{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
input[type=text]:focus,input[type=checkbox]:focus,button:focus{outline:3px solid #93c5fd;outline-offset:2px}
input[aria-invalid=true]{border-color:var(--err)}
.check{display:flex;gap:10px;align-items:flex-start;margin:16px 0}
.check input{width:20px;height:20px;margin:3px 0 0;flex:none;accent-color:var(--brand)}
.check label{font-weight:400}
.field-error{display:block;margin-top:6px;color:var(--err);font-size:14px;font-weight:600}
.alert{margin:0 0 12px;padding:12px 14px;border-radius:8px;border:1px solid #fecaca;background:var(--err-bg);color:var(--err);font-weight:600}
.alert ul{margin:6px 0 0;padding-left:20px;font-weight:400}
button{display:inline-block;padding:12px 22px;font:inherit;font-weight:700;color:#fff;background:var(--brand);border:0;border-radius:8px;cursor:pointer}
button:hover{background:var(--brand-dark)}
.fine{margin:14px 0 0;color:var(--muted);font-size:13px}
.state{padding:40px 32px 4px;text-align:center}
.state + .body{padding-top:0}
.state .icon{display:inline-flex;width:56px;height:56px;border-radius:50%;align-items:center;justify-content:center;font-size:28px;font-weight:700;margin-bottom:12px}
.state.ok .icon{background:var(--ok-bg);color:var(--ok);border:2px solid #86efac}
.state.warn .icon{background:var(--warn-bg);color:var(--warn);border:2px solid #fcd34d}
.state p{color:var(--muted);margin:8px auto 0;max-width:520px}
footer{margin:18px 0 40px;text-align:center;color:var(--muted);font-size:13px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:560px){main{margin:16px auto}.top,.body{padding-left:18px;padding-right:18px}dl.facts{grid-template-columns:1fr}h1{font-size:24px}}
`;

function shell(pageTitle: string, companyName: string | null, inner: string): string {
  const initial = (companyName ?? 'T').trim().charAt(0).toUpperCase() || 'T';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(pageTitle)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<div class="card">
${companyName !== null ? `<header class="top"><span class="logo" aria-hidden="true">${esc(initial)}</span><span class="company">${esc(companyName)}</span></header>` : ''}
${inner}
</div>
<footer>Secure signing page. This link is personal: please do not forward it.</footer>
</main>
</body>
</html>`;
}

function priceRows(lines: PriceLine[]): string {
  return lines
    .map((l) => `<tr><th scope="row">${esc(l.name)}${l.detail ? `<span class="detail">${esc(l.detail)}</span>` : ''}</th><td class="num">${esc(l.amount)}</td></tr>`)
    .join('\n');
}

function summary(m: SigningPageModel): string {
  const fact = (label: string, value: string, sub?: string | null) =>
    `<div><dt>${esc(label)}</dt><dd>${esc(value)}${sub ? `<span class="sub">${esc(sub)}</span>` : ''}</dd></div>`;
  const facts = [
    fact('Customer', m.customerName, m.customerDetail),
    fact('Term', m.term, m.autoRenews ? 'Renews automatically' : 'Does not renew automatically'),
    fact('Start date', m.startDate),
    fact('Annual contract value', m.acv),
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
<tfoot><tr><th scope="row">Annual contract value</th><td class="num">${esc(m.acv)}</td></tr></tfoot>
</table></section>`,
  ];
  if (m.content) {
    sections.push(`<section aria-labelledby="terms-h"><h2 id="terms-h">Contract terms</h2><div class="content" tabindex="0" role="region" aria-labelledby="terms-h">${esc(m.content)}</div></section>`);
  }
  return sections.join('\n');
}

function heading(m: SigningPageModel, eyebrow: string, lede: string): string {
  return `<p class="eyebrow">${esc(eyebrow)}</p>
<h1>${esc(m.title)}</h1>
<p class="lede">${esc(lede)}</p>`;
}

/** The page with the signing form (and the errors of a rejected submission). */
export function renderSigningForm(m: SigningPageModel, form: SigningForm): string {
  const errors = Object.entries(form.errors).filter(([, v]) => !!v) as [string, string][];
  const alert = errors.length
    ? `<div class="alert" role="alert" id="form-errors"><span>Please correct the following before signing:</span><ul>${errors.map(([, v]) => `<li>${esc(v)}</li>`).join('')}</ul></div>`
    : '';
  const nameInvalid = !!form.errors.full_name;
  const agreeInvalid = !!form.errors.agree;
  const greeting = m.signatoryName ? `${m.signatoryName}, please review` : 'Please review';
  const inner = `<div class="body">
${heading(m, `Contract from ${m.companyName}`, `${greeting} the contract prepared for ${m.customerName} and sign it below.`)}
${summary(m)}
<section class="signbox" aria-labelledby="sign-h">
<h2 id="sign-h">Sign this contract</h2>
${alert}
<form method="post" novalidate>
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
<button type="submit">Sign contract</button>
<p class="fine">Signing as ${esc(m.signatoryEmail)}. Typing your name and ticking the box has the effect of a handwritten signature.</p>
</form>
</section>
</div>`;
  return shell(`Sign: ${m.title} — ${m.companyName}`, m.companyName, inner);
}

const STATES: Record<StateKind, { tone: 'ok' | 'warn'; icon: string; title: string; text: (m: SigningPageModel, when: string | null) => string }> = {
  signed: {
    tone: 'ok',
    icon: '✓',
    title: 'Thank you, your signature is recorded',
    text: (m, when) => `You signed “${m.title}”${when ? ` on ${when}` : ''}. We are waiting for the other signatories; ${m.companyName} will be in touch once everyone has signed.`,
  },
  executed: {
    tone: 'ok',
    icon: '✓',
    title: 'Thank you, the contract is signed',
    text: (m, when) => `You signed “${m.title}”${when ? ` on ${when}` : ''}. Every signatory has now signed, so the contract is executed and your subscription starts on ${m.startDate}.`,
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
    text: (m) => `“${m.title}” was not signed before it expired${m.expirationDate ? ` on ${m.expirationDate}` : ''}, so it can no longer be signed. Please contact ${m.companyName} for a new one.`,
  },
  void: {
    tone: 'warn',
    icon: '!',
    title: 'This contract has been withdrawn',
    text: (m) => `${m.companyName} has voided “${m.title}”, so it can no longer be signed. Please contact them if you have questions.`,
  },
};

/** A page that says where the contract stands (no form). */
export function renderStatePage(m: SigningPageModel, kind: StateKind, signedOn: string | null): string {
  const s = STATES[kind];
  const inner = `<div class="state ${s.tone}">
<span class="icon" aria-hidden="true">${esc(s.icon)}</span>
<h1>${esc(s.title)}</h1>
<p>${esc(s.text(m, signedOn))}</p>
</div>
<div class="body">
${summary(kind === 'expired' ? m : { ...m, expirationDate: null })}
</div>`;
  return shell(`${s.title} — ${m.title}`, m.companyName, inner);
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
