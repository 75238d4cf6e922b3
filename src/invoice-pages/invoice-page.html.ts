/**
 * The hosted invoice page's HTML (pure: a document in, a string out). It uses the shared look
 * of the hosted pages (platform/hosted-pages/layout.ts: no script, inline CSS only, the same
 * CSP), every value escaped with `esc`, the company's accent colour as the brand colour.
 * Accessibility: lang, one <main>, headings, tables with scoped headers, a <label for> on the
 * card choice in a <fieldset>/<legend>, errors in role="alert"; readable at 375 px.
 */
import { esc } from '../platform/hosted-pages/format';
import { hostedPage } from '../platform/hosted-pages/layout';
import { TOKEN_CHOICES } from '../checkout/page/checkout-page.html';
import { darker, InvoiceDocument, statusLabel } from './invoice-pages.mapper';

export interface PayForm {
  paymentToken: string;
  /** A field error (no card chosen). */
  error: string | null;
  /** The processor's decline message: nothing was charged. */
  decline: string | null;
  /** Why the page asks again (the amount due changed, a payment is in progress). */
  notice: string | null;
}

export const EMPTY_FORM: PayForm = { paymentToken: 'tok_visa', error: null, decline: null, notice: null };

const FOOTER = 'Secure invoice page. This link is personal: please do not forward it.';

const EXTRA_CSS = `
.head{display:flex;flex-wrap:wrap;align-items:flex-start;justify-content:space-between;gap:8px 16px}
.badge{display:inline-block;padding:4px 12px;border-radius:999px;font-weight:700;font-size:14px;letter-spacing:.04em;border:2px solid}
.badge.paid{color:var(--ok);background:var(--ok-bg);border-color:#86efac}
.badge.void{color:#374151;background:#f3f4f6;border-color:#6b7280}
.badge.due{color:var(--brand-dark);background:#eef2ff;border-color:var(--brand)}
.badge.overdue{color:var(--err);background:var(--err-bg);border-color:#fca5a5}
.stamp{margin:18px 0 0;padding:14px 16px;border-radius:10px;font-weight:700;font-size:18px;text-align:center;border:2px solid}
.stamp.paid{color:var(--ok);background:var(--ok-bg);border-color:#86efac}
.stamp.void{color:#374151;background:#f3f4f6;border-color:#6b7280}
.billed{margin:0;padding:0;list-style:none}
.billed li{overflow-wrap:anywhere}
.lines{margin-top:8px;overflow-x:auto}
.lines table{min-width:0}
.lines td,.lines th{overflow-wrap:break-word;word-break:normal}
tfoot tr.grand th,tfoot tr.grand td{font-size:18px;border-top:2px solid var(--line)}
tfoot tr.due th,tfoot tr.due td{font-size:18px}
tfoot th{text-align:right}
select{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
select:focus{outline:3px solid #93c5fd;outline-offset:2px}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:700;font-size:18px;margin-bottom:4px;padding:0}
.hint{display:block;margin-top:4px;color:var(--muted);font-size:13px;font-weight:400}
button.pay-btn{width:100%;margin-top:18px;padding:14px 22px;font-size:17px}
.notice{margin:0 0 12px;padding:12px 14px;border-radius:8px;border:1px solid #fcd34d;background:var(--warn-bg);color:var(--warn);font-weight:600}
@media (max-width:560px){.lines th,.lines td{padding:8px 3px;font-size:13px}.lines thead th.num{white-space:normal}tfoot tr.grand th,tfoot tr.grand td,tfoot tr.due th,tfoot tr.due td{font-size:16px}}
`;

function badge(doc: InvoiceDocument): string {
  const kind = doc.status === 'PAID' ? 'paid' : doc.status === 'VOID' ? 'void' : doc.status === 'OVERDUE' ? 'overdue' : 'due';
  return `<span class="badge ${kind}" id="invoice-status">${esc(statusLabel(doc.status))}</span>`;
}

function linesTable(doc: InvoiceDocument): string {
  const rows = doc.lines
    .map(
      (l) =>
        `<tr><th scope="row">${esc(l.name)}${l.detail ? `<span class="detail">${esc(l.detail)}</span>` : ''}</th>` +
        `<td class="num">${esc(l.quantity)}</td><td class="num">${esc(l.unitPrice)}</td><td class="num">${esc(l.amount)}</td></tr>`,
    )
    .join('\n');
  const sum = (label: string, value: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><th scope="row" colspan="3">${esc(label)}</th><td class="num">${esc(value)}</td></tr>`;
  const foot = [
    sum('Subtotal', doc.subTotal),
    ...doc.adjustments.map((a) => sum(a.name, a.amount)),
    ...(doc.creditsApplied ? [sum('Credits applied', doc.creditsApplied)] : []),
    sum('Total', doc.total, 'grand'),
    sum('Paid', doc.paid),
    sum('Amount due', doc.due, 'due'),
  ].join('\n');
  return `<div class="lines"><table>
<caption class="sr-only">Invoice lines and totals</caption>
<thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="4">No lines.</td></tr>'}
</tbody>
<tfoot>
${foot}
</tfoot>
</table></div>`;
}

function payBox(doc: InvoiceDocument, form: PayForm): string {
  if (doc.status === 'PAID') return `<p class="stamp paid" role="status">PAID — thank you. Nothing is due on this invoice.</p>`;
  if (doc.status === 'VOID') return `<p class="stamp void" role="status">VOID — this invoice was cancelled. Nothing is due.</p>`;
  if (!doc.payable) return '';
  const options = TOKEN_CHOICES.map(
    (c) => `<option value="${esc(c.value)}"${form.paymentToken === c.value ? ' selected' : ''}>${esc(c.label)}</option>`,
  ).join('');
  const alert = form.decline
    ? `<div class="alert" role="alert" id="pay-errors"><span>Payment failed: ${esc(form.decline)}</span><ul><li>Nothing was charged. Please use another card.</li></ul></div>`
    : form.error
      ? `<div class="alert" role="alert" id="pay-errors"><span>${esc(form.error)}</span></div>`
      : '';
  return `<div class="signbox">
<form method="post" novalidate>
<input type="hidden" name="due" value="${esc(doc.dueCents)}">
<fieldset><legend>Pay ${esc(doc.due)}</legend>
${form.notice ? `<p class="notice" role="alert" id="pay-notice">${esc(form.notice)}</p>` : ''}
${alert}
<div class="field">
<label for="payment_token">Card<span class="hint" id="payment_token-hint">Sandbox: choose a test card.</span></label>
<select id="payment_token" name="payment_token" required aria-required="true" aria-describedby="payment_token-hint"${form.error ? ' aria-invalid="true"' : ''}>${options}</select>
</div>
</fieldset>
<button type="submit" class="pay-btn">Pay ${esc(doc.due)}</button>
<p class="fine">The card is saved to your account with ${esc(doc.companyName)} and charged once.</p>
</form>
</div>`;
}

/** The invoice page (200), or the same with the pay form's errors (400/402/409). */
export function renderInvoicePage(doc: InvoiceDocument, pdfHref: string, form: PayForm = EMPTY_FORM): string {
  const facts = doc.facts.map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}</dd></div>`).join('');
  const billed = doc.billedTo.length
    ? `<h2 id="billed-h">Billed to</h2><ul class="billed" aria-labelledby="billed-h">${doc.billedTo.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
    : '';
  const support = doc.supportEmail
    ? `<p class="fine">Questions about this invoice? Write to <a href="mailto:${esc(doc.supportEmail)}">${esc(doc.supportEmail)}</a>.</p>`
    : '';
  const inner = `<div class="body">
<div class="head">
<div><p class="eyebrow">Invoice from ${esc(doc.companyName)}</p><h1>${esc(doc.title)}</h1></div>
${badge(doc)}
</div>
<p class="lede"><a href="${esc(pdfHref)}" id="pdf-link">Download PDF</a></p>
<h2 id="facts-h">Details</h2>
<dl class="facts" aria-labelledby="facts-h">${facts}</dl>
${billed}
<h2>Lines</h2>
${linesTable(doc)}
${doc.notes ? `<h2>Notes</h2><p class="content">${esc(doc.notes)}</p>` : ''}
${payBox(doc, form)}
${support}
</div>`;
  const brand = `:root{--brand:${doc.accentColor};--brand-dark:${darker(doc.accentColor)}}`;
  return hostedPage(`${doc.title} — ${doc.companyName}`, doc.companyName, inner, FOOTER, EXTRA_CSS + brand);
}
