/**
 * Revenue recognition of one invoice line (pure; docs/reports.md, "Revenue"). A line's schedule
 * says on which local days of the company's calendar its cents are earned; the answer is a
 * cumulative function C(x) = cents recognised on the days before day number x, which reaches
 * the line's amount exactly (the rounding remainder lands on the last day).
 *
 * Nothing is recognised before the line is invoiced: what a schedule places on days before the
 * invoice date is recognised on the invoice date (a line billed in arrears catches up there).
 */

export type ScheduleType = 'IMMEDIATE' | 'RATABLE' | 'CUSTOM';

export interface RecognitionLine {
  amount_cents: number;
  /** Day number of the invoice date. */
  invoice_day: number;
  schedule: ScheduleType;
  /** RATABLE: the service period as day numbers [first, end); end > first. */
  first_day: number;
  end_day: number;
  /** CUSTOM: cents per month in turn, each recognised on the first day of its month (day numbers). */
  custom?: { month_first_days: number[]; cents: number[] };
}

/** Cents recognised on the days before `x` by the schedule alone (before the invoice-date catch-up). */
function scheduled(line: RecognitionLine, x: number): number {
  const a = line.amount_cents;
  switch (line.schedule) {
    case 'IMMEDIATE':
      return x > line.invoice_day ? a : 0;
    case 'RATABLE': {
      if (x <= line.first_day) return 0;
      if (x >= line.end_day) return a;
      const days = line.end_day - line.first_day;
      // Math.trunc: a negative line (a discount) is spread like a positive one, mirrored
      return Math.trunc(a / days) * (x - line.first_day);
    }
    case 'CUSTOM': {
      const c = line.custom!;
      const sign = a < 0 ? -1 : 1;
      const cap = Math.abs(a);
      let sum = 0;
      for (let i = 0; i < c.cents.length; i++) {
        if (c.month_first_days[i] >= x) return sign * sum;
        if (i === c.cents.length - 1) return a; // the last listed month takes the rest
        sum = Math.min(cap, sum + Math.max(0, c.cents[i]));
      }
      return a;
    }
  }
}

/** C(x): cents of the line recognised on the local days before day number `x`. */
export function recognisedBefore(line: RecognitionLine, x: number): number {
  return x <= line.invoice_day ? 0 : scheduled(line, x);
}

/** The first day number after which the line recognises nothing more (C is constant from it on). */
export function lastChangeDay(line: RecognitionLine): number {
  let end = line.invoice_day + 1;
  if (line.schedule === 'RATABLE') end = Math.max(end, line.end_day);
  if (line.schedule === 'CUSTOM' && line.custom!.month_first_days.length > 0)
    end = Math.max(end, line.custom!.month_first_days.at(-1)! + 1);
  return end;
}
