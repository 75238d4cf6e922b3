/**
 * The hosted invoice page's HTML (pure: a document in, a string out). It uses the shared look
 * of the hosted pages (platform/hosted-pages/layout.ts: no script, inline CSS only, the same
 * CSP), every value escaped with `esc`, the company's accent colour as the brand colour.
 * Accessibility: lang, one <main>, headings, tables with scoped headers, a <label for> on the
 * card choice in a <fieldset>/<legend>, errors in role="alert"; readable at 375 px.
 */
import { esc } from '../platform/hosted-pages/format';
import { hostedPage, topAlert } from '../platform/hosted-pages/layout';
import { TOKEN_CHOICES } from '../checkout/page/checkout-page.html';
import { InvoiceDocument, statusLabel } from './invoice-pages.mapper';

export interface PayForm {
  paymentToken: string;
  /** A field error (no card chosen). */
  error: string | null;
  /** The processor's decline message: nothing was charged. */
  decline: string | null;
  /** Why the page asks again (the amount due changed, a payment is in progress). */
  notice: string | null;
  /** The billed customer's default card ("Visa •••• 4242"), offered first; null without one. */
  cardOnFile: string | null;
}

export const EMPTY_FORM: PayForm = { paymentToken: '', error: null, decline: null, notice: null, cardOnFile: null };

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
tbody tr.group th{padding-top:14px;font-weight:600}
tbody tr.subtotal th,tbody tr.subtotal td{font-weight:600}
tfoot tr.due th,tfoot tr.due td{font-size:18px}
tfoot th{text-align:right}
select{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
select:focus{outline:3px solid var(--focus);outline-offset:2px}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:700;font-size:18px;margin-bottom:4px;padding:0}
.hint{display:block;margin-top:4px;color:var(--muted);font-size:13px;font-weight:400}
button.pay-btn{width:100%;margin-top:10px;padding:14px 22px;font-size:17px}
.paybox{margin:16px 0 8px;padding:16px 18px;border:1px solid var(--line);border-radius:12px;background:#fcfcfd}
.due-line{margin:0;font-size:17px;color:var(--muted)}
.due-amount{font-size:30px;font-weight:700;color:var(--ink);font-variant-numeric:tabular-nums}
.paybox .field{margin:10px 0 0}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:0 24px}
.notice{margin:0 0 12px;padding:12px 14px;border-radius:8px;border:1px solid #fcd34d;background:var(--warn-bg);color:var(--warn);font-weight:600}
@media (max-width:560px){.lines th,.lines td{padding:8px 3px;font-size:13px}.lines thead th.num{white-space:normal}tfoot tr.grand th,tfoot tr.grand td,tfoot tr.due th,tfoot tr.due td{font-size:16px}}
`;

function badge(doc: InvoiceDocument): string {
  const kind = doc.status === 'PAID' ? 'paid' : doc.status === 'VOID' ? 'void' : doc.status === 'OVERDUE' ? 'overdue' : 'due';
  return `<span class="badge ${kind}" id="invoice-status">${esc(statusLabel(doc.status))}</span>`;
}

function linesTable(doc: InvoiceDocument): string {
  const rows = doc.lines
    .map((l) => {
      if (l.row === 'group') return `<tr class="group"><th scope="rowgroup" colspan="4">${esc(l.name)}</th></tr>`;
      if (l.row === 'subtotal')
        return `<tr class="subtotal"><th scope="row" colspan="3">${esc(l.name)}</th><td class="num">${esc(l.amount)}</td></tr>`;
      return (
        `<tr><th scope="row">${esc(l.name)}${l.detail ? `<span class="detail">${esc(l.detail)}</span>` : ''}</th>` +
        `<td class="num">${esc(l.quantity)}</td><td class="num">${esc(l.unitPrice)}</td><td class="num">${esc(l.amount)}</td></tr>`
      );
    })
    .join('\n');
  const sum = (label: string, value: string, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><th scope="row" colspan="3">${esc(label)}</th><td class="num">${esc(value)}</td></tr>`;
  const foot = [
    sum('Subtotal', doc.subTotal),
    ...doc.adjustments.map((a) => sum(a.name, a.amount)),
    ...doc.taxes.map((x) => sum(x.name, x.amount, 'tax')),
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

/** The value of the card-on-file choice of the pay form. */
export const CARD_ON_FILE = 'card_on_file';

/** The alert of a submit that did not pay, for the top of the page (focused, announced). */
function payAlert(form: PayForm): string | undefined {
  if (form.decline)
    return topAlert(
      `<span>Payment failed: ${esc(form.decline)}</span><ul><li>Nothing was charged. Please use another card.</li></ul>`,
      'pay-errors',
    );
  if (form.error) return topAlert(`<span>${esc(form.error)}</span>`, 'pay-errors');
  if (form.notice) return topAlert(`<span>${esc(form.notice)}</span>`, 'pay-notice');
  return undefined;
}

/** The first screen: what is due and by when, with the Pay button (or the invoice's state). */
function payBox(doc: InvoiceDocument, form: PayForm): string {
  if (doc.status === 'PAID')
    return `<p class="stamp paid" role="status" id="paid-stamp">Paid — thank you. Nothing is due on this invoice.${doc.paidWith ? ` <span class="detail">${esc(doc.paidWith)}</span>` : ''}</p>`;
  if (doc.status === 'VOID') return `<p class="stamp void" role="status">Void — this invoice was cancelled. Nothing is due.</p>`;
  if (!doc.payable) return '';
  const choices = [
    ...(form.cardOnFile ? [{ value: CARD_ON_FILE, label: `${form.cardOnFile} (card on file)` }] : []),
    ...TOKEN_CHOICES.map((c) => ({ value: c.value as string, label: form.cardOnFile ? `New card: ${c.label}` : c.label })),
  ];
  const selected = form.paymentToken || choices[0].value;
  const options = choices
    .map((c) => `<option value="${esc(c.value)}"${selected === c.value ? ' selected' : ''}>${esc(c.label)}</option>`)
    .join('');
  return `<div class="paybox">
<p class="due-line" id="amount-due"><span class="due-amount">${esc(doc.due)}</span> due ${esc(doc.dueDate)}</p>
<form method="post" novalidate>
<input type="hidden" name="due" value="${esc(doc.dueCents)}">
<div class="field">
<label for="payment_token">Pay with<span class="hint" id="payment_token-hint">${form.cardOnFile ? 'Your card on file is charged; no new card is saved.' : 'Sandbox: choose a test card.'}</span></label>
<select id="payment_token" name="payment_token" required aria-required="true" aria-describedby="payment_token-hint"${form.error ? ' aria-invalid="true"' : ''}>${options}</select>
</div>
<button type="submit" class="pay-btn" id="pay-button">Pay ${esc(doc.due)}</button>
<p class="fine">A new card is saved to your account with ${esc(doc.companyName)}; the invoice is charged once.</p>
</form>
</div>`;
}

function issuerBlock(doc: InvoiceDocument): string {
  if (!doc.issuer.length) return '';
  return `<div><h2 id="issuer-h">From</h2><ul class="billed" id="issuer" aria-labelledby="issuer-h">${doc.issuer.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></div>`;
}

/** The invoice page (200), or the same with the pay form's errors (400/402/409). */
export function renderInvoicePage(doc: InvoiceDocument, pdfHref: string, form: PayForm = EMPTY_FORM): string {
  const facts = doc.facts.map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}</dd></div>`).join('');
  const billed = doc.billedTo.length
    ? `<div><h2 id="billed-h">Billed to</h2><ul class="billed" id="billed-to" aria-labelledby="billed-h">${doc.billedTo.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></div>`
    : '';
  const inner = `<div class="body">
<div class="head">
<div><p class="eyebrow">Invoice from ${esc(doc.companyName)}</p><h1>${esc(doc.title)}</h1></div>
${badge(doc)}
</div>
${payBox(doc, form)}
<p class="lede"><a href="${esc(pdfHref)}" id="pdf-link">Download PDF</a></p>
<h2 id="facts-h">Details</h2>
<dl class="facts" aria-labelledby="facts-h">${facts}</dl>
<div class="parties">${issuerBlock(doc)}${billed}</div>
<h2>Lines</h2>
${linesTable(doc)}
${doc.notes ? `<h2>Notes</h2><p class="content">${esc(doc.notes)}</p>` : ''}
</div>`;
  return hostedPage(
    `${doc.title} — ${doc.companyName}`,
    { name: doc.companyName, accentColor: doc.accentColor, supportEmail: doc.supportEmail },
    inner,
    { css: EXTRA_CSS, alert: payAlert(form) },
  );
}
