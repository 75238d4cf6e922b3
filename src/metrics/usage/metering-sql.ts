import { ComparatorNode, inValues, NUMERIC_RE, RuleItem } from '../metering-rule';

/**
 * SQL for metering rules. Every user value (property names, rule values) is a bound parameter;
 * only our own constants (operators, the numeric pattern) are written into the text.
 *
 * Semantics (mirrored by the brute-force model of the property test):
 * - A property reads as text: `properties->>'key'` (numbers in their JSON spelling, booleans
 *   as "true"/"false"); a VALUE reads as its normalised text. A dotted name reads a nested
 *   value (propertyJson). A value that is null, an object or an array reads as missing.
 * - A comparison is NUMERIC when both sides are numeric text (NUMERIC_RE: optional sign, digits
 *   with an optional decimal point, optional exponent — what PostgreSQL's numeric accepts, without
 *   NaN/Infinity); otherwise it compares the texts in code-point order (COLLATE "C").
 *   A VALUE's numeric-ness is known when the SQL is built, so a non-numeric VALUE never reaches a
 *   cast; a property's is tested per row by the regular expression inside a CASE.
 * - A comparison with a missing property is false (NOT_EQUAL included). Rules have no NOT, so
 *   this is the same as SQL's NULL folded to false at each comparison.
 * - CONTAINS: the left text contains the right text (case-sensitive substring).
 * - IN: the left side equals (with the numeric/text rule above) one value of the list.
 * - Aggregated values (SUM, MAX, AVG, LATEST): a JSON number, or a string matching NUMERIC_RE;
 *   anything else (missing, boolean, other text) is skipped. UNIQUE_COUNT counts distinct texts.
 */
export const NUMERIC_RE_SQL = `'${NUMERIC_RE.source}'`;

/** Positional parameters ($1, $2, ...) of one statement. */
export class SqlParams {
  readonly values: unknown[] = [];
  private readonly texts = new Map<string, string>();

  constructor(initial: unknown[] = []) {
    this.values.push(...initial);
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A text parameter, reused when the same text is bound twice (property names). */
  text(value: string): string {
    const known = this.texts.get(value);
    if (known) return known;
    const p = `${this.add(value)}::text`;
    this.texts.set(value, p);
    return p;
  }
}

interface Operand {
  /** SQL text expression (binds its parameter when first asked: an unused parameter has no type). */
  text: () => string;
  /** SQL boolean for "is numeric", or a constant known while building. */
  isNumeric: string | boolean;
  /** SQL numeric expression; only asked for where isNumeric holds. */
  num: () => string;
}

function once(make: () => string): () => string {
  let made: string | null = null;
  return () => (made ??= make());
}

const OPS: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '<>',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
};

/**
 * The jsonb value a property name reads. A name without a dot is a key of the properties. A
 * dotted name (`tokens.input`) is a path through nested objects (`props -> 'tokens' -> 'input'`:
 * `->` with a text key reads objects only, so an array on the way reads as missing); a key of that
 * exact name, written with its dots, wins when the properties have one (flat keys with dots were
 * how nested values were sent before properties could nest, and the rules written then keep
 * their meaning).
 */
export function propertyJson(props: string, key: string, params: SqlParams): string {
  const exact = params.text(key);
  if (!key.includes('.')) return `(${props} -> ${exact})`;
  const path = key
    .split('.')
    .map((segment) => ` -> ${params.text(segment)}`)
    .join('');
  return `COALESCE(${props} -> ${exact}, ${props}${path})`;
}

/** A property as text (NULL when missing, null, or an object or an array: rules read scalars). */
export function propertyText(props: string, key: string, params: SqlParams): string {
  const json = propertyJson(props, key, params);
  const text = key.includes('.') ? `(${json} #>> '{}')` : `(${props} ->> ${params.text(key)})`;
  return `(CASE jsonb_typeof(${json}) WHEN 'object' THEN NULL WHEN 'array' THEN NULL ELSE ${text} END)`;
}

/** The numeric value of a property, NULL when missing or not numeric. */
export function propertyNumeric(props: string, key: string, params: SqlParams): string {
  const json = propertyJson(props, key, params);
  const text = key.includes('.') ? `(${json} #>> '{}')` : `(${props} ->> ${params.text(key)})`;
  return (
    `(CASE jsonb_typeof(${json}) WHEN 'number' THEN (${json})::numeric ` +
    `WHEN 'string' THEN CASE WHEN ${text} ~ ${NUMERIC_RE_SQL} THEN ${text}::numeric END END)`
  );
}

/** The group key of a row: a JSON array (as text) of the group properties' texts, '[]' without keys. */
export function groupKeySql(props: string, groupKeys: string[], params: SqlParams): string {
  if (groupKeys.length === 0) return `'[]'::text`;
  return `jsonb_build_array(${groupKeys.map((k) => propertyText(props, k, params)).join(', ')})::text`;
}

function operand(item: RuleItem, props: string, params: SqlParams): Operand {
  if (item.item_type === 'PROPERTY') {
    const text = propertyText(props, item.property, params);
    return { text: () => text, isNumeric: `(${text} ~ ${NUMERIC_RE_SQL})`, num: () => `${text}::numeric` };
  }
  const value = Array.isArray(item.value) ? item.value.join(',') : item.value;
  const numeric = NUMERIC_RE.test(value);
  return {
    text: once(() => `${params.add(value)}::text`),
    isNumeric: numeric,
    num: once(() => (numeric ? `${params.add(value)}::numeric` : 'NULL::numeric')),
  };
}

function bothNumeric(l: Operand, r: Operand): string | boolean {
  if (l.isNumeric === false || r.isNumeric === false) return false;
  const parts = [l.isNumeric, r.isNumeric].filter((p): p is string => typeof p === 'string');
  return parts.length === 0 ? true : parts.join(' AND ');
}

function comparisonSql(node: Extract<ComparatorNode, { left_item: RuleItem }>, props: string, params: SqlParams): string {
  const l = operand(node.left_item, props, params);
  if (node.type === 'IN') {
    const list = inValues(node.right_item.value as string | string[]);
    const numeric = list.filter((v) => NUMERIC_RE.test(v));
    const texts = list.filter((v) => !NUMERIC_RE.test(v));
    const parts: string[] = [];
    if (texts.length > 0) parts.push(`${l.text()} = ANY(${params.add(texts)}::text[])`);
    if (numeric.length > 0) {
      const asNumber = () => `${l.num()} = ANY(${params.add(numeric)}::numeric[])`;
      const asText = () => `${l.text()} = ANY(${params.add(numeric)}::text[])`;
      if (l.isNumeric === true) parts.push(asNumber());
      else if (l.isNumeric === false) parts.push(asText());
      else parts.push(`(CASE WHEN ${l.isNumeric} THEN ${asNumber()} ELSE ${asText()} END)`);
    }
    return `COALESCE((${parts.join(' OR ')}), false)`;
  }
  const r = operand(node.right_item, props, params);
  if (node.type === 'CONTAINS') return `COALESCE(strpos(${l.text()}, ${r.text()}) > 0, false)`;
  const op = OPS[node.type];
  const asText = () => `${l.text()} COLLATE "C" ${op} ${r.text()} COLLATE "C"`;
  const asNumber = () => `${l.num()} ${op} ${r.num()}`;
  const numeric = bothNumeric(l, r);
  if (numeric === false) return `COALESCE(${asText()}, false)`;
  if (numeric === true) return `COALESCE(${asNumber()}, false)`;
  return `COALESCE((CASE WHEN ${numeric} THEN ${asNumber()} ELSE ${asText()} END), false)`;
}

/** A SQL boolean for the rule's comparator over the jsonb expression `props` ('true' without a rule). */
export function filterSql(node: ComparatorNode | null | undefined, props: string, params: SqlParams): string {
  if (!node) return 'true';
  if (node.left_item === null) {
    const joiner = node.type === 'AND' ? ' AND ' : ' OR ';
    return `(${node.items.map((child) => filterSql(child, props, params)).join(joiner)})`;
  }
  return comparisonSql(node, props, params);
}
