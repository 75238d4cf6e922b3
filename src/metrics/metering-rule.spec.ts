import { DomainError } from '../platform/errors/domain-error';
import { inValues, parseMeteringRule } from './metering-rule';
import { filterSql, groupKeySql, propertyText, SqlParams } from './usage/metering-sql';

const prop = (property: string) => ({ item_type: 'PROPERTY', property });
const val = (value: unknown) => ({ item_type: 'VALUE', value });

function errorsOf(raw: unknown): Record<string, string> {
  try {
    parseMeteringRule(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return (err as DomainError).validationErrors ?? {};
  }
  throw new Error('expected a validation error');
}

describe('parseMeteringRule', () => {
  it('normalises a rule: defaults, text values, every field present', () => {
    expect(parseMeteringRule({ aggregator: 'COUNT' })).toEqual({ aggregator: 'COUNT', property: null, group_keys: [], rule: null });
    const rule = parseMeteringRule({
      aggregator: 'MAX',
      property: 'p',
      group_keys: ['g'],
      rule: {
        comparator: {
          type: 'OR',
          items: [
            { type: 'LESS_THAN', left_item: prop('p'), right_item: val(2.5) },
            { type: 'EQUAL', left_item: val(true), right_item: prop('b') },
          ],
        },
      },
    });
    expect(rule.rule!.comparator).toEqual({
      type: 'OR',
      left_item: null,
      right_item: null,
      items: [
        {
          type: 'LESS_THAN',
          items: null,
          left_item: { comparator: null, item_type: 'PROPERTY', property: 'p', value: null },
          right_item: { comparator: null, item_type: 'VALUE', property: null, value: '2.5' },
        },
        {
          type: 'EQUAL',
          items: null,
          left_item: { comparator: null, item_type: 'VALUE', property: null, value: 'true' },
          right_item: { comparator: null, item_type: 'PROPERTY', property: 'b', value: null },
        },
      ],
    });
    // its own output is accepted again unchanged
    expect(parseMeteringRule(rule)).toEqual(rule);
  });

  it('names every bad node by its path', () => {
    expect(
      errorsOf({
        aggregator: 'SUM',
        rule: {
          comparator: {
            type: 'AND',
            items: [
              { type: 'EQUAL', left_item: prop('a'), right_item: val('x') },
              { type: 'NOPE' },
              { type: 'IN', left_item: prop('a'), right_item: val([]) },
            ],
          },
        },
      }),
    ).toEqual({
      'metering_rule.property': 'is required for aggregator SUM',
      'metering_rule.rule.comparator.items[1].type': expect.stringContaining('must be one of'),
      'metering_rule.rule.comparator.items[2].right_item.value': expect.stringContaining('1 to 100'),
    });
    expect(Object.keys(errorsOf('x'))).toEqual(['metering_rule']);
  });

  it('caps depth and size', () => {
    let node: object = { type: 'EQUAL', left_item: prop('a'), right_item: val(1) };
    for (let i = 0; i < 9; i++) node = { type: 'AND', items: [node] };
    expect(() => parseMeteringRule({ aggregator: 'COUNT', rule: { comparator: node } })).not.toThrow(); // 10 levels
    node = { type: 'OR', items: [node] };
    expect(Object.keys(errorsOf({ aggregator: 'COUNT', rule: { comparator: node } }))).toEqual([
      `metering_rule.rule.comparator${'.items[0]'.repeat(10)}`,
    ]);
  });

  it('takes dotted paths to nested properties, and refuses malformed ones naming the field', () => {
    const rule = parseMeteringRule({
      aggregator: 'SUM',
      property: 'tokens.input',
      group_keys: ['model.name', 'region'],
      rule: { comparator: { type: 'EQUAL', left_item: prop('model.tier'), right_item: val('pro') } },
    });
    expect(rule).toMatchObject({ property: 'tokens.input', group_keys: ['model.name', 'region'] });
    expect(parseMeteringRule({ aggregator: 'MAX', property: 'a.b.c.d.e' }).property).toBe('a.b.c.d.e'); // 5 levels
    for (const bad of ['a..b', '.a', 'a.', '.', 'a.b.c.d.e.f']) {
      expect(
        errorsOf({
          aggregator: 'SUM',
          property: bad,
          group_keys: ['ok', bad],
          rule: { comparator: { type: 'EQUAL', left_item: prop(bad), right_item: val(1) } },
        }),
      ).toEqual({
        'metering_rule.property': expect.stringMatching(/dotted path|at most 5 levels/),
        'metering_rule.group_keys[1]': expect.stringMatching(/dotted path|at most 5 levels/),
        'metering_rule.rule.comparator.left_item.property': expect.stringMatching(/dotted path|at most 5 levels/),
      });
    }
  });

  it('splits comma-separated IN values', () => {
    expect(inValues('a, b ,c')).toEqual(['a', 'b', 'c']);
    expect(inValues(['a, b'])).toEqual(['a, b']);
  });
});

describe('metering SQL', () => {
  it('binds every user value as a parameter, never in the SQL text', () => {
    const evil = "x'); DROP TABLE usage_events; --";
    const rule = parseMeteringRule({
      aggregator: 'COUNT',
      group_keys: [evil],
      rule: {
        comparator: {
          type: 'AND',
          items: [
            { type: 'EQUAL', left_item: prop(evil), right_item: val(evil) },
            { type: 'IN', left_item: prop('a'), right_item: val([evil, '5']) },
            { type: 'CONTAINS', left_item: prop('a'), right_item: val(evil) },
            { type: 'GREATER_THAN', left_item: prop('n'), right_item: val(10) },
          ],
        },
      },
    });
    const params = new SqlParams();
    const sql = filterSql(rule.rule!.comparator, 'e.properties', params) + groupKeySql('e.properties', rule.group_keys, params);
    expect(sql).not.toContain('DROP');
    expect(params.values).toContain(evil);
    expect(params.values.filter((v) => v === evil).length).toBeGreaterThanOrEqual(2);
    expect(sql).toMatch(/\$\d+::numeric/);
  });

  it('reads a dotted name as the key of that exact name, else as a path through objects, binding each name', () => {
    const params = new SqlParams();
    const sql = propertyText('e.properties', 'tokens.input', params);
    expect(params.values).toEqual(['tokens.input', 'tokens', 'input']);
    expect(sql).toContain('COALESCE(e.properties -> $1::text, e.properties -> $2::text -> $3::text)');
    expect(sql).toContain("WHEN 'object' THEN NULL WHEN 'array' THEN NULL");
    const flat = new SqlParams();
    expect(propertyText('e.properties', 'region', flat)).toContain('(e.properties ->> $1::text)');
    expect(flat.values).toEqual(['region']);
  });

  it('is "true" without a rule', () => {
    expect(filterSql(null, 'e.properties', new SqlParams())).toBe('true');
  });
});
