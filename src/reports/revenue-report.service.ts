import { Injectable } from '@nestjs/common';
import { ZoneCalendar, Period, periodsOf } from './calendar';
import { lastChangeDay, recognisedBefore, RecognitionLine, ScheduleType } from './recognition';
import { MAX_RANGE_DAYS, parseRange } from './report-range';
import { ReportCalendars } from './report-calendar.service';
import { RevenueLineRow, ReportsRepository } from './reports.repository';
import type { RevenueReportDto, RevenueReportResponse, RevenueRow } from './dto/report.dto';

interface Acc {
  currency: string;
  product_id: string | null;
  before_invoiced: number;
  before_recognized: number;
  invoiced: number[];
  recognized: number[];
}

/** Half away from zero, to whole cents (a CUSTOM schedule's amounts may carry fractions). */
function cents(v: number | string): number {
  const n = Number(v);
  return Math.sign(n) * Math.round(Math.abs(n));
}

/**
 * The schedule of a line (docs/reports.md, "Revenue"): its price's recognition_schedule when set;
 * else RATABLE for a recurring, non-usage line with a service period, IMMEDIATE otherwise.
 */
export function toRecognitionLine(row: RevenueLineRow, cal: ZoneCalendar): RecognitionLine {
  const invoiceDay = cal.dayNumber(row.invoice_date.getTime());
  const start = row.line_start ?? row.invoice_start;
  const end = row.line_end ?? row.invoice_end;
  const firstDay = start ? cal.dayNumber(start.getTime()) : invoiceDay;
  // the service period's end is exclusive: a period ending at midnight does not hold that day
  const endDay = end ? cal.dayNumber(end.getTime() - 1) + 1 : firstDay + 1;
  const stored = row.recognition_schedule?.recognition_schedule_type as ScheduleType | undefined;
  let schedule: ScheduleType = stored ?? (row.price_type === 'RECURRING' && !row.usage && start && end ? 'RATABLE' : 'IMMEDIATE');
  const line: RecognitionLine = {
    amount_cents: Number(row.amount_cents),
    invoice_day: invoiceDay,
    schedule,
    first_day: firstDay,
    end_day: endDay,
  };
  if (schedule === 'RATABLE' && endDay <= firstDay) line.schedule = schedule = 'IMMEDIATE';
  if (schedule === 'CUSTOM') {
    const amounts = (row.recognition_schedule?.amount_per_period ?? []).map(cents);
    const month0 = cal.monthNumber(start ? start.getTime() : row.invoice_date.getTime());
    line.custom = { cents: amounts, month_first_days: amounts.map((_, i) => cal.monthFirstDay(month0 + i)) };
  }
  return line;
}

/** The first period index whose end is after `day` (binary search; periods are consecutive). */
function periodAt(periods: Period[], day: number): number {
  let lo = 0;
  let hi = periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (periods[mid].endDay <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The revenue report: invoiced, recognised and deferred per period and currency (docs/reports.md). */
@Injectable()
export class RevenueReportService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly calendars: ReportCalendars,
  ) {}

  async report(companyId: string, dto: RevenueReportDto): Promise<RevenueReportResponse> {
    const range = parseRange(dto.from, dto.to, MAX_RANGE_DAYS[dto.granularity]);
    const cal = await this.calendars.of(companyId);
    const periods = periodsOf(cal, range.from, range.to, dto.granularity);
    const rows = await this.repo.revenueLines(companyId, periods.at(-1)!.end);
    const first = periods[0].firstDay;
    const accs = new Map<string, Acc>();
    for (const row of rows) {
      const line = toRecognitionLine(row, cal);
      const productId = dto.by_product ? row.product_id : null;
      const key = `${row.currency}\u0000${productId ?? ''}`;
      let acc = accs.get(key);
      if (!acc) {
        acc = {
          currency: row.currency,
          product_id: productId,
          before_invoiced: 0,
          before_recognized: 0,
          invoiced: periods.map(() => 0),
          recognized: periods.map(() => 0),
        };
        accs.set(key, acc);
      }
      // `n` identical lines: each recognised (and rounded) alone, so n times one line
      const n = row.lines;
      if (line.invoice_day < first) acc.before_invoiced += n * line.amount_cents;
      else acc.invoiced[periodAt(periods, line.invoice_day)] += n * line.amount_cents;
      let prev = recognisedBefore(line, first);
      acc.before_recognized += n * prev;
      const stop = lastChangeDay(line);
      for (let p = periodAt(periods, Math.max(first, line.invoice_day)); p < periods.length && periods[p].firstDay < stop; p++) {
        const upTo = recognisedBefore(line, periods[p].endDay);
        acc.recognized[p] += n * (upTo - prev);
        prev = upTo;
      }
    }
    const results: RevenueRow[] = [];
    const ordered = [...accs.values()].sort((a, b) =>
      a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : (a.product_id ?? '') < (b.product_id ?? '') ? -1 : 1,
    );
    periods.forEach((period, i) => {
      for (const acc of ordered) {
        let deferred = acc.before_invoiced - acc.before_recognized;
        for (let q = 0; q <= i; q++) deferred += acc.invoiced[q] - acc.recognized[q];
        results.push({
          period: period.label,
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
          currency: acc.currency,
          ...(dto.by_product ? { product_id: acc.product_id } : {}),
          invoiced: acc.invoiced[i],
          recognized: acc.recognized[i],
          deferred_balance: deferred,
        });
      }
    });
    return { time_zone: cal.timeZone, results };
  }
}
