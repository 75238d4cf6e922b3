/**
 * The usage chart of the usage page: an SVG bar chart drawn on the server (pure: buckets in,
 * markup out; no script, no external resource). One bar per bucket of the period (hours, days
 * or weeks), scaled to the largest; buckets not reached yet are drawn as empty outlines. The
 * SVG has role="img" with a <title> and a <desc> that say what it shows in words; every text
 * goes through `esc`. It scales to its container (viewBox, width 100%).
 */
import { esc } from '../../platform/hosted-pages/format';

export interface UsageBucket {
  start: Date;
  end: Date;
  /** null: the bucket has not begun yet */
  value: number | null;
}

export type BucketUnit = 'hour' | 'day' | 'week';

const HOUR = 3600_000;
const STEPS: [BucketUnit, number][] = [
  ['hour', HOUR],
  ['day', 24 * HOUR],
  ['week', 7 * 24 * HOUR],
];
/** At most this many bars: the smallest step that fits (weeks beyond). */
export const MAX_BUCKETS = 62;

/** The buckets of a period: the smallest step of hour/day/week giving at most MAX_BUCKETS bars; the last ends with the period. */
export function bucketsOf(start: Date, end: Date): { unit: BucketUnit; buckets: { start: Date; end: Date }[] } {
  const span = Math.max(0, end.getTime() - start.getTime());
  let [unit, step] = STEPS[STEPS.length - 1];
  for (const [u, s] of STEPS) {
    if (Math.ceil(span / s) <= MAX_BUCKETS) {
      [unit, step] = [u, s];
      break;
    }
  }
  if (span / step > MAX_BUCKETS) step = Math.ceil(span / MAX_BUCKETS);
  const buckets: { start: Date; end: Date }[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += step)
    buckets.push({ start: new Date(t), end: new Date(Math.min(t + step, end.getTime())) });
  return { unit, buckets };
}

const SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const HOUR_FMT = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hourCycle: 'h23' });

export function bucketLabel(d: Date, unit: BucketUnit): string {
  return unit === 'hour' ? `${HOUR_FMT.format(d)} UTC` : SHORT.format(d);
}

/** A quantity as read: "12,345.5" (exact up to 6 decimals). */
export function formatQuantity(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return n.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

const W = 640;
const H = 180;
const PAD = { top: 8, right: 4, bottom: 4, left: 4 };

/**
 * Where today falls: the start of the first bucket not begun yet, when the period has begun and
 * not ended (null otherwise): the chart draws a dashed line there, labelled "Today".
 */
function todayIndex(buckets: UsageBucket[]): number | null {
  const k = buckets.findIndex((b) => b.value === null);
  return k > 0 ? k : null;
}

/**
 * The chart: bars in the SVG, and its words (the axis labels, the scale, "Today") in HTML around
 * it, so they keep the page's font size however narrow the screen (SVG text would shrink with
 * the drawing: 12 units read as 6 px on a phone). The words repeat what the SVG's <desc> says,
 * so they are hidden from screen readers.
 */
export function renderUsageChart(id: string, metricName: string, unit: BucketUnit, buckets: UsageBucket[]): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const values = buckets.map((b) => b.value ?? 0);
  const max = Math.max(0, ...values);
  const scale = max > 0 ? plotH / max : 0;
  const slot = buckets.length ? plotW / buckets.length : plotW;
  const barW = Math.max(1, slot * 0.72);
  const base = PAD.top + plotH;
  const bars = buckets
    .map((b, i) => {
      const x = (PAD.left + i * slot + (slot - barW) / 2).toFixed(1);
      const label = `${bucketLabel(b.start, unit)}: ${b.value === null ? 'not yet' : formatQuantity(b.value)}`;
      if (b.value === null)
        return `<rect x="${x}" y="${(base - 2).toFixed(1)}" width="${barW.toFixed(1)}" height="2" fill="#e5e7eb"><title>${esc(label)}</title></rect>`;
      const h = Math.max(b.value > 0 ? 1 : 0, b.value * scale);
      return `<rect x="${x}" y="${(base - h).toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(1)}" class="bar" fill="#1d4ed8"><title>${esc(label)}</title></rect>`;
    })
    .join('');
  const ticks = buckets.length ? [...new Set([0, Math.floor((buckets.length - 1) / 2), buckets.length - 1])] : [];
  const xLabels = ticks.map((i) => `<span>${esc(bucketLabel(buckets[i].start, unit))}</span>`).join('');
  const today = todayIndex(buckets);
  const todayX = today === null ? null : PAD.left + today * slot;
  const reached = buckets.filter((b) => b.value !== null);
  const peak = reached.length ? Math.max(...reached.map((b) => b.value!)) : 0;
  const desc =
    `${metricName} per ${unit}, ${reached.length} of ${buckets.length} ${unit}s of the period so far` +
    (reached.length ? `; the highest ${unit} reached ${formatQuantity(peak)}.` : '.');
  return `<div class="chart-box">
<div class="y-max" aria-hidden="true">${esc(formatQuantity(max))}</div>
<div class="today-row" aria-hidden="true">${todayX === null ? '' : `<span class="today-label" style="left:${((todayX / W) * 100).toFixed(2)}%">Today</span>`}</div>
<svg class="chart" role="img" aria-labelledby="${esc(id)}-t ${esc(id)}-d" viewBox="0 0 ${W} ${H}" width="100%" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg">
<title id="${esc(id)}-t">${esc(`${metricName} per ${unit}`)}</title>
<desc id="${esc(id)}-d">${esc(desc)}</desc>
<line x1="${PAD.left}" y1="${base}" x2="${W - PAD.right}" y2="${base}" stroke="#9ca3af" stroke-width="1" vector-effect="non-scaling-stroke"/>
<line x1="${PAD.left}" y1="${PAD.top}" x2="${W - PAD.right}" y2="${PAD.top}" stroke="#e5e7eb" stroke-width="1" stroke-dasharray="4 4" vector-effect="non-scaling-stroke"/>
${bars}
${todayX === null ? '' : `<line class="today" x1="${todayX.toFixed(1)}" y1="0" x2="${todayX.toFixed(1)}" y2="${base}" stroke="#1f2937" stroke-width="2" stroke-dasharray="5 3" vector-effect="non-scaling-stroke"/>`}
</svg>
<div class="x-axis" aria-hidden="true">${xLabels}</div>
</div>`;
}
