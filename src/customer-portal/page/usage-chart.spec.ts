import { bucketsOf, formatQuantity, renderUsageChart } from './usage-chart';

const d = (s: string) => new Date(s);

describe('usage chart', () => {
  it('days for a month, hours for a day, weeks for a year; the last bucket ends with the period', () => {
    const month = bucketsOf(d('2027-03-01T00:00:00Z'), d('2027-04-01T00:00:00Z'));
    expect(month.unit).toBe('day');
    expect(month.buckets).toHaveLength(31);
    expect(month.buckets[30]).toEqual({ start: d('2027-03-31T00:00:00Z'), end: d('2027-04-01T00:00:00Z') });
    const day = bucketsOf(d('2027-03-01T00:00:00Z'), d('2027-03-02T00:00:00Z'));
    expect(day).toMatchObject({ unit: 'hour' });
    expect(day.buckets).toHaveLength(24);
    const year = bucketsOf(d('2027-01-01T00:00:00Z'), d('2028-01-01T00:00:00Z'));
    expect(year.unit).toBe('week');
    expect(year.buckets).toHaveLength(53);
    expect(year.buckets[52].end).toEqual(d('2028-01-01T00:00:00Z'));
    const long = bucketsOf(d('2027-01-01T00:00:00Z'), d('2030-01-01T00:00:00Z'));
    expect(long.buckets.length).toBeLessThanOrEqual(62);
    expect(long.buckets.at(-1)!.end).toEqual(d('2030-01-01T00:00:00Z'));
    expect(bucketsOf(d('2027-01-01T00:00:00Z'), d('2027-01-01T00:00:00Z')).buckets).toEqual([]);
  });

  it('draws one bar per bucket scaled to the largest, not-yet buckets empty, text escaped', () => {
    const svg = renderUsageChart('c<1>', 'Calls <x>', 'day', [
      { start: d('2027-03-01T00:00:00Z'), end: d('2027-03-02T00:00:00Z'), value: 10 },
      { start: d('2027-03-02T00:00:00Z'), end: d('2027-03-03T00:00:00Z'), value: 5 },
      { start: d('2027-03-03T00:00:00Z'), end: d('2027-03-04T00:00:00Z'), value: null },
    ]);
    expect(svg).not.toMatch(/<x>|c<1>/);
    expect(svg).toContain('role="img"');
    expect(svg.match(/<rect /g)).toHaveLength(3);
    const heights = [...svg.matchAll(/class="bar"/g)];
    expect(heights).toHaveLength(2);
    const [h1, h2] = [...svg.matchAll(/height="([\d.]+)" class="bar"/g)].map((m) => Number(m[1]));
    expect(h1).toBeCloseTo(2 * h2, 0);
    expect(svg).toContain('<title>3 Mar: not yet</title>');
    expect(svg).toContain('the highest day reached 10.');
    // the words outside the drawing, at the page's size; today where the not-yet buckets begin
    expect(svg).toContain('<div class="x-axis" aria-hidden="true"><span>1 Mar</span><span>2 Mar</span><span>3 Mar</span></div>');
    expect(svg).toMatch(/<span class="today-label" style="left:66\.\d+%">Today<\/span>/);
    expect(svg.match(/<svg[\s\S]*<\/svg>/)![0]).not.toContain('<text');
  });

  it('no today marker before the period begins or once it is over', () => {
    const day = (v: number | null) => ({ start: d('2027-03-01T00:00:00Z'), end: d('2027-03-02T00:00:00Z'), value: v });
    expect(renderUsageChart('c', 'Calls', 'day', [day(1), day(2)])).not.toContain('Today');
    expect(renderUsageChart('c', 'Calls', 'day', [day(null), day(null)])).not.toContain('Today');
  });

  it('formats quantities exactly, with grouping', () => {
    expect(formatQuantity('1239.5')).toBe('1,239.5');
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity('0.000001')).toBe('0.000001');
  });
});
