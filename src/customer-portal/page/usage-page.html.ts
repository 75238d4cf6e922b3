/**
 * The usage page (pure: model in, HTML out): per subscription, the usage of the current billing
 * period of each metric it prices, with its chart (usage-chart.ts), and the totals of its
 * earlier periods. No script and no form: it is
 * made to sit in an iframe of the company's own app. Every value goes through `esc`.
 */
import { esc } from '../../platform/hosted-pages/format';
import { hostedPage } from '../../platform/hosted-pages/layout';
import { BucketUnit, renderUsageChart, UsageBucket } from './usage-chart';

export interface UsageMetric {
  /** unique within the page (the chart's ids) */
  key: string;
  name: string;
  /** the period's usage as read: "12,345" */
  value: string;
  /** "licences" for a seat count (no chart), else null */
  note: string | null;
  /** The estimated charge of the usage so far ("$0.08"), or null (a seat count, or no estimate). */
  estimate?: string | null;
  /** The price is paid in advance: the charge so far is already invoiced, event by event, not an estimate. */
  billedOnArrival?: boolean;
  chart: { unit: BucketUnit; buckets: UsageBucket[] } | null;
  /** The usage of the billing periods before the current one, most recent first (a metered metric only). */
  history?: { period: string; value: string }[];
}

export interface UsageSubscription {
  plan: string;
  /** "1 March 2027 – 1 April 2027" */
  period: string;
  metrics: UsageMetric[];
}

export interface UsagePageModel {
  companyName: string;
  /** the company's accent colour (`#rrggbb`), or null */
  accentColor: string | null;
  supportEmail: string | null;
  customerName: string;
  subscriptions: UsageSubscription[];
}

export const USAGE_CSS = `
main{max-width:860px;margin:16px auto}
.metric{margin:18px 0 0;padding:16px 18px;border:1px solid var(--line);border-radius:12px;background:#fcfcfd}
.metric h3{margin:0;font-size:16px}
.figure{margin:4px 0 10px;font-size:28px;font-weight:700;font-variant-numeric:tabular-nums}
.figure .unit{font-size:15px;font-weight:600;color:var(--muted)}
.chart-box{margin:4px 0}
.chart{display:block;width:100%;height:180px}
.y-max{font-size:13px;color:#4b5563;font-variant-numeric:tabular-nums}
.today-row{position:relative;height:18px}
.today-label{position:absolute;top:0;transform:translateX(-50%);font-size:13px;font-weight:700;color:#1f2937;white-space:nowrap}
.x-axis{display:flex;justify-content:space-between;gap:8px;margin-top:4px;font-size:13px;color:#4b5563}
.chart .bar{fill:var(--brand)}
.empty{color:var(--muted)}
.estimate{margin:0 0 10px}
.history{margin-top:14px}
.history caption{text-align:left;font-weight:700;padding:0 0 4px}
`;

function estimateLine(key: string, amount: string, billedOnArrival: boolean): string {
  const [label, detail] = billedOnArrival
    ? ['Charged so far', 'Invoiced as each use arrives, before discounts and taxes.']
    : ['Estimated charges so far', 'Before discounts and credits; usage until the period ends counts too.'];
  return `<p class="estimate" id="${esc(key)}-estimate">${label}: <strong>${esc(amount)}</strong> <span class="detail">${detail}</span></p>`;
}

function metricBlock(m: UsageMetric): string {
  return `<section class="metric" aria-labelledby="${esc(m.key)}-h">
<h3 id="${esc(m.key)}-h">${esc(m.name)}</h3>
<p class="figure">${esc(m.value)}${m.note ? ` <span class="unit">${esc(m.note)}</span>` : ''}</p>
${m.estimate ? estimateLine(m.key, m.estimate, m.billedOnArrival === true) : ''}
${m.chart ? `${renderUsageChart(m.key, m.name, m.chart.unit, m.chart.buckets)}\n<p class="fine">Per ${esc(m.chart.unit)} (UTC), over the current period.</p>` : ''}
${historyTable(m)}
</section>`;
}

/** The earlier periods of a metric with their usage, as a table (none before the first period ends). */
function historyTable(m: UsageMetric): string {
  if (!m.history?.length) return '';
  const rows = m.history.map((h) => `<tr><th scope="row">${esc(h.period)}</th><td class="num">${esc(h.value)}</td></tr>`).join('');
  return `<table class="history" id="${esc(m.key)}-history">
<caption>Earlier periods</caption>
<thead><tr><th scope="col">Billing period</th><th scope="col" class="num">${esc(m.name)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

export function renderUsagePage(m: UsagePageModel): string {
  const subs = m.subscriptions.length
    ? m.subscriptions
        .map(
          (s) => `<h2>${esc(s.plan)}</h2>
<p class="lede">Current period: ${esc(s.period)}</p>
${s.metrics.length ? s.metrics.map(metricBlock).join('\n') : '<p class="empty">This plan has no metered usage.</p>'}`,
        )
        .join('\n')
    : '<p class="empty">No current subscription.</p>';
  const inner = `<div class="body">
<p class="eyebrow">Usage</p>
<h1>${esc(m.customerName)}</h1>
${subs}
</div>`;
  return hostedPage(`Usage — ${m.companyName}`, { name: m.companyName, accentColor: m.accentColor, supportEmail: m.supportEmail }, inner, {
    css: USAGE_CSS,
  });
}
