import { DomainError } from '../platform/errors/domain-error';
import type { MeteringRule } from './billable-metric.entity';
import { MAX_PROPERTY_DEPTH } from './usage/properties';

/**
 * Metering rules: validation of the tree a client sends and its normalised stored form.
 * Pure (no Nest, no SQL). The SQL that evaluates a rule lives in usage/metering-sql.ts.
 */
/**
 * WEIGHTED_SUM (prorated seats): the property's values are changes of a quantity that persists
 * across periods; a period is billed its time-weighted quantity (usage/weighted-sum.ts).
 */
export const AGGREGATORS = ['COUNT', 'SUM', 'MAX', 'AVG', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const;
export type Aggregator = (typeof AGGREGATORS)[number];
export const LOGICAL_TYPES = ['AND', 'OR'] as const;
export const COMPARISON_TYPES = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'CONTAINS',
  'IN',
] as const;
export type LogicalType = (typeof LOGICAL_TYPES)[number];
export type ComparisonType = (typeof COMPARISON_TYPES)[number];
export const ITEM_TYPES_OF_RULE = ['PROPERTY', 'VALUE'] as const;

export const MAX_RULE_DEPTH = 10;
export const MAX_RULE_NODES = 100;
export const MAX_GROUP_KEYS = 10;
export const MAX_IN_VALUES = 100;
const MAX_NAME = 255;
const MAX_VALUE = 1024;

/** The same test as NUMERIC_RE_SQL: a string that PostgreSQL's numeric accepts (no NaN/Infinity). */
export const NUMERIC_RE = /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]{1,3})?$/;

export type RuleItem =
  | { comparator: null; item_type: 'PROPERTY'; property: string; value: null }
  | { comparator: null; item_type: 'VALUE'; property: null; value: string | string[] };

export type ComparatorNode =
  | { type: LogicalType; items: ComparatorNode[]; left_item: null; right_item: null }
  | { type: ComparisonType; items: null; left_item: RuleItem; right_item: RuleItem };

export interface NormalisedMeteringRule extends MeteringRule {
  aggregator: Aggregator;
  property: string | null;
  group_keys: string[];
  rule: { comparator: ComparatorNode } | null;
}

type Errors = Record<string, string>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null;

function checkKeys(obj: Record<string, unknown>, allowed: string[], path: string, errors: Errors): void {
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) errors[`${path}.${key}`] = 'is not an allowed field';
}

function checkName(value: unknown, path: string, errors: Errors): value is string {
  if (typeof value !== 'string' || value.length === 0) {
    errors[path] = 'must be a non-empty string';
    return false;
  }
  if (value.length > MAX_NAME) {
    errors[path] = `must be at most ${MAX_NAME} characters`;
    return false;
  }
  return true;
}

/**
 * A property a rule reads: a key of the properties, or a dotted path to a nested value
 * (`tokens.input`) of at most MAX_PROPERTY_DEPTH names, none empty (`a..b`, `.a`, `a.` are
 * refused: they could never name a value).
 */
function checkPropertyName(value: unknown, path: string, errors: Errors): value is string {
  if (!checkName(value, path, errors)) return false;
  const segments = (value as string).split('.');
  if (segments.some((segment) => segment.length === 0)) {
    errors[path] = 'must be a property name or a dotted path of names (tokens.input), without an empty name (a..b, .a, a.)';
    return false;
  }
  if (segments.length > MAX_PROPERTY_DEPTH) {
    errors[path] = `must name at most ${MAX_PROPERTY_DEPTH} levels (properties nest at most ${MAX_PROPERTY_DEPTH} deep)`;
    return false;
  }
  return true;
}

/** A scalar of a rule as text: numbers and booleans keep their JSON spelling ("10", "true"). */
function scalarText(value: unknown, path: string, errors: Errors): string | null {
  if (typeof value === 'string') {
    if (value.length > MAX_VALUE) {
      errors[path] = `must be at most ${MAX_VALUE} characters`;
      return null;
    }
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  errors[path] = 'must be a string, a finite number or a boolean';
  return null;
}

function parseItem(raw: unknown, path: string, listAllowed: boolean, errors: Errors): RuleItem | null {
  if (!isObject(raw)) {
    errors[path] = 'must be an object {item_type, property} or {item_type, value}';
    return null;
  }
  checkKeys(raw, ['comparator', 'item_type', 'property', 'value'], path, errors);
  if (!isBlank(raw.comparator)) errors[`${path}.comparator`] = 'must be null (nest comparisons with AND/OR items)';
  if (raw.item_type === 'PROPERTY') {
    if (!isBlank(raw.value)) errors[`${path}.value`] = 'must be empty for item_type PROPERTY';
    if (!checkPropertyName(raw.property, `${path}.property`, errors)) return null;
    return { comparator: null, item_type: 'PROPERTY', property: raw.property as string, value: null };
  }
  if (raw.item_type === 'VALUE') {
    if (!isBlank(raw.property)) errors[`${path}.property`] = 'must be empty for item_type VALUE';
    if (raw.value === undefined || raw.value === null) {
      errors[`${path}.value`] = 'is required for item_type VALUE';
      return null;
    }
    if (Array.isArray(raw.value)) {
      if (!listAllowed) {
        errors[`${path}.value`] = 'may be a list only on the right side of IN';
        return null;
      }
      if (raw.value.length === 0 || raw.value.length > MAX_IN_VALUES) {
        errors[`${path}.value`] = `must list 1 to ${MAX_IN_VALUES} values`;
        return null;
      }
      const list: string[] = [];
      raw.value.forEach((v, i) => {
        const text = scalarText(v, `${path}.value[${i}]`, errors);
        if (text !== null) list.push(text);
      });
      return list.length === raw.value.length ? { comparator: null, item_type: 'VALUE', property: null, value: list } : null;
    }
    const text = scalarText(raw.value, `${path}.value`, errors);
    return text === null ? null : { comparator: null, item_type: 'VALUE', property: null, value: text };
  }
  errors[`${path}.item_type`] = `must be one of ${ITEM_TYPES_OF_RULE.join(', ')}`;
  return null;
}

function parseNode(
  raw: unknown,
  path: string,
  depth: number,
  counter: { nodes: number; root: string },
  errors: Errors,
): ComparatorNode | null {
  counter.nodes += 1;
  if (counter.nodes > MAX_RULE_NODES) {
    errors[counter.root] = `must have at most ${MAX_RULE_NODES} nodes`;
    return null;
  }
  if (depth > MAX_RULE_DEPTH) {
    errors[path] = `nests deeper than ${MAX_RULE_DEPTH} levels`;
    return null;
  }
  if (!isObject(raw)) {
    errors[path] = 'must be an object with a type';
    return null;
  }
  checkKeys(raw, ['type', 'items', 'left_item', 'right_item'], path, errors);
  const type = raw.type;
  if ((LOGICAL_TYPES as readonly unknown[]).includes(type)) {
    if (!isBlank(raw.left_item)) errors[`${path}.left_item`] = `must be empty for type ${String(type)}`;
    if (!isBlank(raw.right_item)) errors[`${path}.right_item`] = `must be empty for type ${String(type)}`;
    if (!Array.isArray(raw.items) || raw.items.length === 0) {
      errors[`${path}.items`] = `must be a non-empty list of comparators for type ${String(type)}`;
      return null;
    }
    const items: ComparatorNode[] = [];
    raw.items.forEach((child, i) => {
      const parsed = parseNode(child, `${path}.items[${i}]`, depth + 1, counter, errors);
      if (parsed) items.push(parsed);
    });
    return items.length === raw.items.length ? { type: type as LogicalType, items, left_item: null, right_item: null } : null;
  }
  if ((COMPARISON_TYPES as readonly unknown[]).includes(type)) {
    if (!isBlank(raw.items) && !(Array.isArray(raw.items) && raw.items.length === 0)) {
      errors[`${path}.items`] = `must be empty for comparison type ${String(type)}`;
    }
    const left = parseItem(raw.left_item, `${path}.left_item`, false, errors);
    const right = parseItem(raw.right_item, `${path}.right_item`, type === 'IN', errors);
    if (type === 'IN' && right && right.item_type !== 'VALUE') {
      errors[`${path}.right_item.item_type`] = 'must be VALUE for IN (a list or a comma-separated string)';
      return null;
    }
    if (!left || !right) return null;
    return { type: type as ComparisonType, items: null, left_item: left, right_item: right };
  }
  errors[`${path}.type`] = `must be one of ${[...LOGICAL_TYPES, ...COMPARISON_TYPES].join(', ')}`;
  return null;
}

/** Validates a metering rule and returns its normalised form, or throws a 400 naming every bad node. */
export function parseMeteringRule(raw: unknown): NormalisedMeteringRule {
  const errors: Errors = {};
  const base = 'metering_rule';
  if (!isObject(raw)) throw DomainError.invalidField(base, 'must be an object {aggregator, property, group_keys, rule}');
  checkKeys(raw, ['aggregator', 'property', 'group_keys', 'rule'], base, errors);

  const aggregator = raw.aggregator;
  if (!(AGGREGATORS as readonly unknown[]).includes(aggregator)) errors[`${base}.aggregator`] = `must be one of ${AGGREGATORS.join(', ')}`;

  let property: string | null = null;
  if (isBlank(raw.property)) {
    if (aggregator !== 'COUNT' && (AGGREGATORS as readonly unknown[]).includes(aggregator)) {
      errors[`${base}.property`] = `is required for aggregator ${String(aggregator)}`;
    }
  } else if (checkPropertyName(raw.property, `${base}.property`, errors)) {
    property = raw.property as string;
  }

  const groupKeys: string[] = [];
  if (!isBlank(raw.group_keys)) {
    if (!Array.isArray(raw.group_keys)) errors[`${base}.group_keys`] = 'must be a list of property names';
    else if (raw.group_keys.length > MAX_GROUP_KEYS) errors[`${base}.group_keys`] = `must have at most ${MAX_GROUP_KEYS} keys`;
    else
      raw.group_keys.forEach((key, i) => {
        if (!checkPropertyName(key, `${base}.group_keys[${i}]`, errors)) return;
        if (groupKeys.includes(key as string)) errors[`${base}.group_keys[${i}]`] = 'is listed twice';
        else groupKeys.push(key as string);
      });
  }

  let rule: NormalisedMeteringRule['rule'] = null;
  if (!isBlank(raw.rule)) {
    if (!isObject(raw.rule)) errors[`${base}.rule`] = 'must be an object {comparator} or null';
    else {
      checkKeys(raw.rule, ['comparator'], `${base}.rule`, errors);
      if (!isBlank(raw.rule.comparator)) {
        const root = `${base}.rule.comparator`;
        const comparator = parseNode(raw.rule.comparator, root, 1, { nodes: 0, root }, errors);
        if (comparator) rule = { comparator };
      }
    }
  }

  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  return { aggregator: aggregator as Aggregator, property, group_keys: groupKeys, rule };
}

/**
 * A matching rule on its own (`POST /objects/find`'s `matching_rule_string`, parsed from JSON):
 * `{comparator: {...}}` or the comparator itself, validated like a metering rule's. Throws a 400
 * naming `path` (and the bad nodes under it).
 */
export function parseMatchingRule(raw: unknown, path: string): ComparatorNode {
  const errors: Errors = {};
  const node = isObject(raw) && 'comparator' in raw ? raw.comparator : raw;
  if (isObject(raw) && 'comparator' in raw) checkKeys(raw, ['comparator'], path, errors);
  const root = `${path}.comparator`;
  const parsed = parseNode(node, root, 1, { nodes: 0, root }, errors);
  if (Object.keys(errors).length > 0 || !parsed)
    throw DomainError.validation(Object.keys(errors).length > 0 ? errors : { [path]: 'is not a rule' });
  return parsed;
}

/** The values of an IN list: a list as given, or a comma-separated string split and trimmed. */
export function inValues(value: string | string[]): string[] {
  return Array.isArray(value) ? value : value.split(',').map((v) => v.trim());
}
