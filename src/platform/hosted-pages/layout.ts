/**
 * The shared look of the hosted pages (signing, checkout): one card on a grey page, the
 * company's initial and name on top, no script (works with JavaScript off), inline CSS only
 * (the pages' CSP allows nothing else). Contrast >= 4.5:1 for text, >= 3:1 for the focus ring.
 *
 * Every page of a link that belongs to a company wears that company's brand (display name,
 * accent colour, support e-mail), its error pages included. An error after a submit goes in the
 * `alert` slot, right under the company's name: the first thing on screen, announced
 * (role="alert") and focused (`autofocus` on the alert: the pages have no script to move focus).
 */
import type { Response } from 'express';
import { esc } from './format';

export const HOSTED_PAGE_CSS = `
:root{--ink:#1f2937;--muted:#4b5563;--line:#e5e7eb;--bg:#f3f4f6;--brand:#1d4ed8;--brand-dark:#1e3a8a;--ok:#166534;--ok-bg:#f0fdf4;--err:#b91c1c;--err-bg:#fef2f2;--warn:#92400e;--warn-bg:#fffbeb;--focus:#1f2937}
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
.content:focus{outline:3px solid var(--focus);outline-offset:2px}
.signbox{margin-top:32px;padding:22px;border:1px solid #c7d2fe;border-radius:12px;background:#f8faff}
.signbox h2{margin-top:0}
.field{margin:16px 0}
label{font-weight:600}
input[type=text]{display:block;width:100%;margin-top:6px;padding:11px 12px;font:inherit;color:var(--ink);background:#fff;border:1px solid #9ca3af;border-radius:8px}
input:focus,select:focus,textarea:focus,button:focus,a:focus,summary:focus,[tabindex]:focus{outline:3px solid var(--focus);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--err)}
.check{display:flex;gap:10px;align-items:flex-start;margin:16px 0}
.check input{width:20px;height:20px;margin:3px 0 0;flex:none;accent-color:var(--brand)}
.check label{font-weight:400}
.field-error{display:block;margin-top:6px;color:var(--err);font-size:14px;font-weight:600}
.alert{margin:0 0 12px;padding:12px 14px;border-radius:8px;border:1px solid #fecaca;background:var(--err-bg);color:var(--err);font-weight:600}
.top-alert{margin:16px 32px 0}
.alert:focus{outline:3px solid var(--focus);outline-offset:2px}
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
footer div{margin:4px 0}
footer a{color:var(--muted)}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:560px){main{margin:16px auto}.top,.body{padding-left:18px;padding-right:18px}.top-alert{margin:12px 18px 0}dl.facts{grid-template-columns:1fr}h1{font-size:24px}}
`;

/** The company a page belongs to, as its settings brand it. */
export interface Brand {
  name: string;
  /** `#rrggbb`, or null for the standard blue. */
  accentColor: string | null;
  supportEmail: string | null;
}

/** The one footer of every hosted page. */
export const HOSTED_PAGE_FOOTER = 'Secure page · Powered by Tally';

/** A darker shade of a `#rrggbb` colour (the buttons' hover). */
export function darker(color: string, factor = 0.75): string {
  const c = (k: number) =>
    Math.round(parseInt(color.slice(k, k + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${c(1)}${c(3)}${c(5)}`;
}

/** The brand's accent colour as the pages' `--brand` (nothing for the standard blue). */
export function brandCss(brand: Brand | null): string {
  const accent = brand?.accentColor;
  return accent && /^#[0-9a-fA-F]{6}$/.test(accent) ? `:root{--brand:${accent};--brand-dark:${darker(accent)}}` : '';
}

/**
 * An alert for the top of a page (the `alert` option of hostedPage): `role="alert"`, focused
 * when the page loads. `inner` is already escaped markup.
 */
export function topAlert(inner: string, id = 'form-errors'): string {
  return `<div class="alert top-alert" role="alert" id="${id}" tabindex="-1" autofocus>${inner}</div>`;
}

export interface HostedPageOptions {
  /** Page-specific CSS, after the shared CSS. */
  css?: string;
  /** A topAlert(...) shown right under the header, before anything else. */
  alert?: string;
}

/** A complete HTML document around `inner` (already escaped markup). */
export function hostedPage(pageTitle: string, brand: Brand | null, inner: string, opts: HostedPageOptions = {}): string {
  const name = brand?.name ?? null;
  const initial = (name ?? 'T').trim().charAt(0).toUpperCase() || 'T';
  const support = brand?.supportEmail
    ? `<div>Questions? Contact ${esc(brand.name)} at <a href="mailto:${esc(brand.supportEmail)}" id="support-email">${esc(brand.supportEmail)}</a></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(pageTitle)}</title>
<style>${HOSTED_PAGE_CSS}${opts.css ?? ''}${brandCss(brand)}</style>
</head>
<body>
<main>
<div class="card">
${name !== null ? `<header class="top"><span class="logo" aria-hidden="true">${esc(initial)}</span><span class="company">${esc(name)}</span></header>` : ''}
${opts.alert ?? ''}
${inner}
</div>
<footer>${support}<div>${esc(HOSTED_PAGE_FOOTER)}</div></footer>
</main>
</body>
</html>`;
}

const CSP = (formActions: readonly string[]) =>
  `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${["'self'", ...formActions].join(' ')}; base-uri 'none'; frame-ancestors 'none'`;

/** A CSP for a page without scripts: inline styles only, forms back to this service. */
export const HOSTED_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': CSP([]),
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

export interface HtmlPage {
  status: number;
  html: string;
  /**
   * Origins besides this service's that a form of the page may end on (CSP `form-action`): a
   * form posted here that answers with a 303 elsewhere needs that origin, or the browser stops
   * at the redirect. Each is an `https://host[:port]` origin (URL.origin), never a path.
   */
  formActions?: readonly string[];
}

/** A hosted page's answer: the page, or (after a form that worked) a 303 to `location`. */
export interface PageResult extends HtmlPage {
  location?: string;
}

/** Sends a PageResult: the 303 (never cached, no referrer) or the page. */
export function sendPage(res: Response, page: PageResult): void {
  if (page.location) {
    res.status(303).set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).location(page.location).end();
    return;
  }
  sendHtml(res, page);
}

export function sendHtml(res: Response, page: HtmlPage): void {
  const headers = page.formActions?.length
    ? { ...HOSTED_PAGE_HEADERS, 'Content-Security-Policy': CSP(page.formActions) }
    : HOSTED_PAGE_HEADERS;
  res.status(page.status).set(headers).send(page.html);
}
