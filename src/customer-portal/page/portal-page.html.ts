/**
 * The customer portal, server-rendered (pure: model in, HTML out) in the shared hosted page
 * layout. No script: every action is a small form posting back to the page's own address (the
 * link's secret is in the path), answered with a 303 back to the page and a notice. Every value
 * goes through `esc`; every control has a <label> (or a button text naming what it acts on).
 * At 375 px the tables turn into stacked rows, each value under its column's name.
 */
import { esc, invoiceStatusWord } from '../../platform/hosted-pages/format';
import { Brand, hostedPage, topAlert } from '../../platform/hosted-pages/layout';
import { BillingDetailsForm, billingDetailsSection, billingDetailsSummary } from './billing-details';

export interface PortalSubscription {
  id: string;
  plan: string;
  /** What tells two subscriptions of one plan apart: its products, quantity, start and period. */
  products: string;
  /** "3 seats", or null when nothing is counted in seats */
  quantity: string | null;
  /** "1 March 2027" */
  started: string;
  /** "1 March 2027 – 1 April 2027", or null */
  period: string | null;
  /** "$147.00 a month" */
  amount: string;
  /** "1 April 2027", or a dash */
  nextInvoice: string;
  /** "Active", "Ends on 1 April 2027", "Unpaid" */
  status: string;
  /** Offered a cancel form (company setting on, no cancellation pending). */
  cancellable: boolean;
  /** When a cancellation at period end would take effect ("1 April 2027"). */
  periodEnd: string | null;
  /** The seat quantities the customer may change (company setting on; none pending). */
  seats: PortalSeat[];
}

export interface PortalSeat {
  productMetricPricingId: string;
  /** The price's name ("Analytics seats") */
  name: string;
  current: number;
  min: number;
  /** null: no upper bound but the API's */
  max: number | null;
}

export interface PortalInvoice {
  number: string;
  date: string;
  total: string;
  /** One per tax rate of the invoice: "VAT 20% $20.00" (none without tax). */
  taxes?: string[];
  due: string;
  status: string;
  hostedLink: string | null;
  pdfLink: string | null;
  /** Another customer (the parent) pays it: shown read-only, without its pay page. */
  billedTo: string | null;
  /** This customer pays it for a child: the child's name. */
  for: string | null;
  payable: boolean;
}

export interface PortalCard {
  id: string;
  /** "Visa •••• 4242" */
  label: string;
  /** "12/2030" */
  expires: string;
  isDefault: boolean;
  /** No live subscription uses it (the remove button is offered). */
  removable: boolean;
}

export interface PortalPageModel {
  companyName: string;
  /** the company's accent colour (`#rrggbb`), or null */
  accentColor: string | null;
  supportEmail: string | null;
  customerName: string;
  /** A success message after an action (role="status"). */
  notice: string | null;
  /** Why the last action was refused (role="alert"). */
  error: string | null;
  subscriptions: PortalSubscription[];
  invoices: PortalInvoice[];
  cards: PortalCard[];
  cardChoices: { value: string; label: string }[];
  /** The billing details form's values: the customer's, or what was posted after a refusal. */
  details: BillingDetailsForm;
  /** The details as stored (the summary above the form). */
  savedDetails: BillingDetailsForm;
  /** Open the form (its post was refused). */
  detailsOpen: boolean;
  /** The customer's address as its country writes it. */
  addressLines: string[];
}

export const PORTAL_CSS = `
main{max-width:860px}
.party{display:block;color:var(--muted);font-size:13px;font-weight:400}
.notice{margin:16px 0 0;padding:12px 14px;border-radius:8px;border:1px solid #86efac;background:var(--ok-bg);color:var(--ok);font-weight:600}
.body > .alert{margin-top:16px}
.empty{color:var(--muted);margin:0}
.actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.inline{display:inline}
button.secondary{background:#fff;color:var(--brand);border:1px solid var(--brand);padding:8px 14px;font-weight:600}
button.secondary:hover{background:#eff6ff}
button.danger{background:#fff;color:var(--err);border:1px solid var(--err);padding:8px 14px;font-weight:600}
button.danger:hover{background:var(--err-bg)}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;background:#e0e7ff;color:#1e3a8a;font-size:13px;font-weight:700}
.status-paid{color:var(--ok);font-weight:700}
.status-void{color:var(--muted);font-weight:700;text-decoration:line-through}
.status-due{color:var(--warn);font-weight:700}
ul.cards{list-style:none;margin:0;padding:0}
ul.cards li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:10px;align-items:center;padding:12px 0;border-bottom:1px solid var(--line)}
.sub{margin:12px 0;padding:14px 16px;border:1px solid var(--line);border-radius:10px}
.sub h3{margin:0 0 6px;font-size:17px}
.sub dl.facts{margin:8px 0 0}
details.cancelbox,details.editbox{margin:10px 0 0}
details.cancelbox summary,details.editbox summary{display:inline-block;cursor:pointer;color:var(--brand);font-weight:600;padding:6px 0}
details.cancelbox summary{color:var(--err)}
details.cancelbox form,details.editbox form{margin:8px 0 0;padding:12px 14px;border:1px solid var(--line);border-radius:10px;background:#fcfcfd}
details.cancelbox .check{margin:0 0 10px}
.editbox input[type=text],.editbox input[type=email],.editbox select{display:block;width:100%;max-width:420px;margin-top:6px;padding:10px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
.editbox fieldset{border:0;margin:12px 0 0;padding:0}
.editbox legend{font-weight:700;padding:0}
p.details{margin:0}
.qtybox{margin:8px 0 0;padding:12px 14px;border:1px solid var(--line);border-radius:10px;background:#fcfcfd}
.qtybox input[type=number]{display:block;width:100%;max-width:180px;margin:6px 0 10px;padding:10px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
.qtybox input[type=number]:focus{outline:3px solid var(--focus);outline-offset:2px}
.addcard{margin-top:16px;padding:16px;border:1px solid var(--line);border-radius:10px;background:#fcfcfd}
.addcard select{display:block;width:100%;max-width:420px;margin:6px 0 12px;padding:10px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
.addcard select:focus{outline:3px solid var(--focus);outline-offset:2px}
a{color:var(--brand)}
a.pay-link{display:inline-block;padding:4px 12px;border-radius:6px;background:var(--brand);color:#fff;font-weight:700;text-decoration:none}
a:focus{outline:3px solid var(--focus);outline-offset:2px}
@media (max-width:560px){
table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
table.stack tr{display:block;padding:10px 0;border-bottom:1px solid var(--line)}
table.stack th,table.stack td{display:flex;justify-content:space-between;gap:12px;padding:3px 0;border:0;text-align:right}
table.stack th::before,table.stack td::before{content:attr(data-label);color:var(--muted);font-weight:600;text-align:left}
table.stack td.num{white-space:normal}
}
`;

function statusClass(status: string): string {
  if (status === 'PAID') return 'status-paid';
  if (status === 'VOID') return 'status-void';
  if (status === 'PENDING' || status === 'OVERDUE') return 'status-due';
  return '';
}

/** One subscription as a card: its plan, and the facts that tell it from another of the same plan. */
function subscriptionCard(s: PortalSubscription): string {
  const facts = [
    { label: 'Products', value: s.products },
    ...(s.quantity ? [{ label: 'Quantity', value: s.quantity }] : []),
    { label: 'Price', value: s.amount },
    { label: 'Started', value: s.started },
    ...(s.period ? [{ label: 'Current period', value: s.period }] : []),
    { label: 'Next invoice', value: s.nextInvoice },
    { label: 'Status', value: s.status },
  ];
  return `<section class="sub" aria-labelledby="sub-${esc(s.id)}">
<h3 id="sub-${esc(s.id)}">${esc(s.plan)}</h3>
<dl class="facts">${facts.map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}</dd></div>`).join('')}</dl>
${s.cancellable ? cancelDisclosure(s) : ''}
</section>`;
}

/**
 * Cancelling sits behind a disclosure and a ticked confirmation: a <details> (opened with the
 * keyboard like a button, no script), then a form that says when the subscription ends.
 */
function cancelDisclosure(s: PortalSubscription): string {
  return `<details class="cancelbox">
<summary>Cancel this subscription<span class="sr-only">: ${esc(s.plan)}, started ${esc(s.started)}</span></summary>
<form method="post">
<input type="hidden" name="action" value="cancel_subscription">
<input type="hidden" name="subscription_id" value="${esc(s.id)}">
<div class="check"><input type="checkbox" id="confirm-${esc(s.id)}" name="confirm" value="yes" required>
<label for="confirm-${esc(s.id)}">Yes, cancel ${esc(s.plan)} at the end of the current period${s.periodEnd ? ` (${esc(s.periodEnd)})` : ''}. It stays active until then.</label></div>
<button type="submit" class="danger">Confirm cancellation<span class="sr-only"> of ${esc(s.plan)}</span></button>
</form>
</details>`;
}

function subscriptionsSection(m: PortalPageModel): string {
  if (m.subscriptions.length === 0) return '<p class="empty">You have no current subscriptions.</p>';
  const quantities = m.subscriptions
    .flatMap((s) => s.seats.map((q) => ({ s, q })))
    .map(({ s, q }) => {
      const id = `qty-${s.id}-${q.productMetricPricingId}`;
      const range = q.max === null ? `at least ${q.min}` : `${q.min} to ${q.max}`;
      return `<form method="post" class="qtybox" novalidate>
<input type="hidden" name="action" value="change_quantity">
<input type="hidden" name="subscription_id" value="${esc(s.id)}">
<input type="hidden" name="product_metric_pricing_id" value="${esc(q.productMetricPricingId)}">
<label for="${esc(id)}">Seats of ${esc(q.name)}<span class="detail" id="${esc(id)}-hint">Now ${esc(q.current)}; ${esc(range)}. The change applies now: the difference for the rest of the current period is invoiced on its own.</span></label>
<input type="number" id="${esc(id)}" name="quantity" inputmode="numeric" step="1" min="${esc(q.min)}"${q.max === null ? '' : ` max="${esc(q.max)}"`} value="${esc(q.current)}" required aria-describedby="${esc(id)}-hint">
<button type="submit" class="secondary">Change seats<span class="sr-only"> of ${esc(q.name)}</span></button>
</form>`;
    })
    .join('\n');
  return `${m.subscriptions.map(subscriptionCard).join('\n')}
${quantities}`;
}

/** "Billed to" the parent on a child's invoice its parent pays, "For" the child on the parent's. */
function parties(i: PortalInvoice): string {
  const notes = [i.billedTo ? `Billed to ${i.billedTo}` : '', i.for ? `For ${i.for}` : ''].filter(Boolean);
  return notes.map((n) => `<span class="party">${esc(n)}</span>`).join('');
}

function invoicesSection(m: PortalPageModel): string {
  if (m.invoices.length === 0) return '<p class="empty">No invoices yet.</p>';
  const rows = m.invoices
    .map((i) => {
      const due = i.payable && (i.status === 'PENDING' || i.status === 'OVERDUE');
      const links = [
        due && i.hostedLink
          ? `<a class="pay-link" href="${esc(i.hostedLink)}">Pay<span class="sr-only"> invoice ${esc(i.number)}</span></a>`
          : '',
        // the hosted page pays: an invoice another customer pays is offered as its PDF only
        i.payable && i.hostedLink ? `<a href="${esc(i.hostedLink)}">View<span class="sr-only"> invoice ${esc(i.number)}</span></a>` : '',
        i.pdfLink ? `<a href="${esc(i.pdfLink)}">PDF<span class="sr-only"> of invoice ${esc(i.number)}</span></a>` : '',
      ].filter(Boolean);
      return `<tr>
<th scope="row" data-label="Invoice">${esc(i.number)}${parties(i)}</th>
<td data-label="Date">${esc(i.date)}</td>
<td class="num" data-label="Total">${esc(i.total)}${(i.taxes ?? []).map((x) => `<span class="detail">${esc(x)}</span>`).join('')}</td>
<td class="num" data-label="Due">${esc(i.due)}</td>
<td data-label="Status"><span class="${statusClass(i.status)}">${esc(invoiceStatusWord(i.status))}</span></td>
<td data-label="Links">${links.length ? `<span class="actions">${links.join(' ')}</span>` : '—'}</td>
</tr>`;
    })
    .join('\n');
  return `<table class="stack">
<thead><tr><th scope="col">Invoice</th><th scope="col">Date</th><th scope="col" class="num">Total</th><th scope="col" class="num">Due</th><th scope="col">Status</th><th scope="col">Links</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function cardsSection(m: PortalPageModel): string {
  const list = m.cards.length
    ? `<ul class="cards">
${m.cards
  .map(
    (c) => `<li>
<span><strong>${esc(c.label)}</strong> <span class="detail">Expires ${esc(c.expires)}</span></span>
<span class="actions">${
      c.isDefault
        ? '<span class="badge">Default</span>'
        : `<form method="post" class="inline"><input type="hidden" name="action" value="make_default"><input type="hidden" name="payment_method_id" value="${esc(c.id)}"><button type="submit" class="secondary">Make default<span class="sr-only">: ${esc(c.label)}</span></button></form>`
    }${
      c.removable
        ? `<form method="post" class="inline"><input type="hidden" name="action" value="remove_card"><input type="hidden" name="payment_method_id" value="${esc(c.id)}"><button type="submit" class="danger">Remove<span class="sr-only">: ${esc(c.label)}</span></button></form>`
        : ''
    }</span>
</li>`,
  )
  .join('\n')}
</ul>`
    : '<p class="empty">No card on file.</p>';
  const choices = m.cardChoices.map((c) => `<option value="${esc(c.value)}">${esc(c.label)}</option>`).join('');
  return `${list}
<form method="post" class="addcard">
<input type="hidden" name="action" value="add_card">
<label for="payment_token">Card to add</label>
<select id="payment_token" name="payment_token" required>${choices}</select>
<button type="submit">Add card</button>
</form>`;
}

export function renderPortalPage(m: PortalPageModel): string {
  const inner = `<div class="body">
<p class="eyebrow">Billing portal</p>
<h1>${esc(m.customerName)}</h1>
<p class="lede">Your subscriptions, invoices and cards with ${esc(m.companyName)}.</p>
${m.notice ? `<p class="notice" role="status">${esc(m.notice)}</p>` : ''}
<h2>Subscriptions</h2>
${subscriptionsSection(m)}
<h2>Invoices</h2>
${invoicesSection(m)}
<h2>Payment methods</h2>
${cardsSection(m)}
<h2>Billing details</h2>
${billingDetailsSummary(m.savedDetails, m.addressLines)}
${billingDetailsSection(m.details, m.detailsOpen)}
</div>`;
  return hostedPage(
    `Billing — ${m.companyName}`,
    { name: m.companyName, accentColor: m.accentColor, supportEmail: m.supportEmail },
    inner,
    { css: PORTAL_CSS, alert: m.error ? topAlert(esc(m.error)) : undefined },
  );
}

/** The page of a link that no longer opens (410) or never did (404). */
export function renderLinkGone(kind: 'expired' | 'unknown', page: 'portal' | 'usage', brand: Brand | null = null): string {
  const what = page === 'portal' ? 'billing portal' : 'usage page';
  const title = kind === 'expired' ? `This ${what} link has expired` : 'This page cannot be found';
  const detail =
    kind === 'expired'
      ? `Links to the ${what} are valid for 24 hours. Ask for a new link where you found this one${brand?.supportEmail ? `, or write to ${brand.supportEmail}` : ''}.`
      : 'The link is not valid. Check that you copied all of it, or ask for a new link.';
  const inner = `<div class="state warn" role="alert">
<span class="icon" aria-hidden="true">!</span>
<h1>${esc(title)}</h1>
<p>${esc(detail)}</p>
</div>
<div class="body"></div>`;
  return hostedPage(title, kind === 'expired' ? brand : null, inner);
}
