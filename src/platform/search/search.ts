import { Brackets, ObjectLiteral, SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import type { FindBody } from './find-body.dto';
import { isDateTimeString } from '../validation/limits';

export type SortValueKind = 'date' | 'number' | 'string';

export interface SortKeyDef {
  /** SQL expression of the sort column (e.g. `c.created_at`); never null. */
  column: string;
  direction: 'ASC' | 'DESC';
  kind: SortValueKind;
  /** The row's value of that column (defaults to row[<column after the dot>]). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of whichever entity the search reads
  value?: (row: any) => unknown;
}

export type FilterDef =
  | { kind: 'exact'; column: string }
  | { kind: 'ci_exact'; column: string }
  | { kind: 'search'; columns: string[] }
  | { kind: 'range'; column: string }
  | { kind: 'date_range'; column: string }
  | { kind: 'set'; column: string; array: boolean }
  | { kind: 'in'; column: string }
  | { kind: 'bool'; column: string }
  | { kind: 'is_null'; column: string; whenTrue: boolean }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter value as validated by the resource's DTO
  | { kind: 'custom'; apply: (qb: WhereExpressionBuilder, value: any, param: string) => void };

export interface SearchSpec {
  /** Alias of the main table in the query builder; its `id` column breaks ties. */
  alias: string;
  sortKeys: Record<string, SortKeyDef>;
  filters: Record<string, FilterDef>;
}

/**
 * The most one page of a find answers, in bytes of its rows' JSON (estimated from the rows as
 * read): a page stops at the row that would pass it and says there is more with a `from_key`,
 * like a page that reached its `limit`. A page always has at least one row, so a single row
 * larger than the budget (possible only for rows stored before the limits of metadata existed)
 * still comes back, alone on its page. Rows within the documented limits come 100 to a page
 * unless they are unusually large.
 */
export const MAX_PAGE_BYTES = 1_048_576;

/** Approximately the bytes of `value` as JSON (strings by their UTF-16 length), stopping once past `stopAt`. */
export function approxJsonBytes(value: unknown, stopAt = Infinity): number {
  let total = 0;
  const walk = (v: unknown): void => {
    if (total > stopAt) return;
    if (typeof v === 'string') total += v.length + 2;
    else if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') total += 8;
    else if (v instanceof Date) total += 26;
    else if (Array.isArray(v)) {
      total += 2;
      for (const item of v) walk(item);
    } else if (typeof v === 'object') {
      total += 2;
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        total += k.length + 4;
        walk(item);
      }
    }
  };
  walk(value);
  return total;
}

/** How many of `rows` fit MAX_PAGE_BYTES (at least one when there are any). */
function rowsWithinBudget(rows: readonly unknown[], budget: number): number {
  let used = 0;
  for (let i = 0; i < rows.length; i++) {
    used += approxJsonBytes(rows[i], budget - used);
    if (used > budget) return Math.max(1, i);
  }
  return rows.length;
}

export interface SearchPage<T> {
  results: T[];
  pagination: { from_key: string | null; limit: number; total?: number };
}

/** The four sort keys every find accepts, by created_at/updated_at then id. */
export function baseSortKeys(alias: string): Record<string, SortKeyDef> {
  return {
    createdAtDesc: { column: `${alias}.created_at`, direction: 'DESC', kind: 'date' },
    createdAtAsc: { column: `${alias}.created_at`, direction: 'ASC', kind: 'date' },
    updatedAtAsc: { column: `${alias}.updated_at`, direction: 'ASC', kind: 'date' },
    updatedAtDesc: { column: `${alias}.updated_at`, direction: 'DESC', kind: 'date' },
  };
}

const OPS: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const CAST: Record<SortValueKind, string> = { date: 'timestamptz', number: 'numeric', string: 'text' };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function encodeCursor(sortKey: string, value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, value, id]), 'utf8').toString('base64url');
}

const CURSOR_ID = /^[\x21-\x7e]{1,128}$/;
const NUMERIC = /^-?\d{1,30}(\.\d{1,30})?$/;

/** True when a decoded cursor value fits the sort column's type (so PostgreSQL never rejects the cast). */
function cursorValueFits(kind: SortValueKind, value: unknown): boolean {
  switch (kind) {
    case 'date':
      return isDateTimeString(value);
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && NUMERIC.test(value));
    case 'string':
      return typeof value === 'string' && value.length <= 1024 && !value.includes('\u0000');
  }
}

function decodeCursor(cursor: string, sortKey: string, kind: SortValueKind): { value: unknown; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      parsed[0] === sortKey &&
      typeof parsed[2] === 'string' &&
      CURSOR_ID.test(parsed[2]) &&
      cursorValueFits(kind, parsed[1])
    ) {
      return { value: parsed[1], id: parsed[2] };
    }
  } catch {
    /* fall through */
  }
  throw DomainError.invalidField('pagination.from_key', 'is not a cursor returned by this search with this sort_key');
}

function isEmptySet(value: unknown): boolean {
  const set = value as { condition?: unknown; values?: unknown };
  return typeof value === 'object' && set.condition !== undefined && Array.isArray(set.values) && set.values.length === 0;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter value as validated by the resource's DTO
function applyFilter(qb: WhereExpressionBuilder, name: string, def: FilterDef, value: any): void {
  const p = `f_${name}`;
  switch (def.kind) {
    case 'exact':
      qb.andWhere(`${def.column} = :${p}`, { [p]: value });
      return;
    case 'ci_exact':
      qb.andWhere(`lower(${def.column}) = lower(:${p})`, { [p]: value });
      return;
    case 'bool':
      qb.andWhere(`${def.column} = :${p}`, { [p]: value });
      return;
    case 'is_null':
      qb.andWhere(`${def.column} ${value === def.whenTrue ? 'IS NULL' : 'IS NOT NULL'}`);
      return;
    case 'search': {
      const pattern = `%${escapeLike(String(value))}%`;
      qb.andWhere(
        new Brackets((b) => {
          def.columns.forEach((c, i) => (i === 0 ? b.where(`${c} ILIKE :${p}`) : b.orWhere(`${c} ILIKE :${p}`)));
        }),
        { [p]: pattern },
      );
      return;
    }
    case 'range':
    case 'date_range':
      for (const [op, sql] of Object.entries(OPS)) {
        if (value[op] === undefined || value[op] === null) continue;
        const param = `${p}_${op}`;
        const cast = def.kind === 'date_range' ? '::timestamptz' : '::numeric';
        qb.andWhere(`${def.column} ${sql} :${param}${cast}`, { [param]: value[op] });
      }
      return;
    case 'in': {
      const values: string[] = Array.isArray(value) ? value : [value];
      qb.andWhere(`lower(${def.column}) IN (:...${p})`, { [p]: values.map((v) => String(v).toLowerCase()) });
      return;
    }
    case 'set': {
      const { condition, values } = value as { condition: 'AND' | 'OR'; values: string[] };
      if (def.array) {
        qb.andWhere(`${def.column} ${condition === 'AND' ? '@>' : '&&'} :${p}::text[]`, { [p]: values });
      } else if (condition === 'OR') {
        qb.andWhere(`${def.column} IN (:...${p})`, { [p]: values });
      } else {
        // every value at once: a scalar can only equal all of them when they are all the same
        const distinct = [...new Set(values)];
        qb.andWhere(distinct.length === 1 ? `${def.column} = :${p}` : '1 = 0', { [p]: distinct[0] });
      }
      return;
    }
    case 'custom':
      def.apply(qb, value, p);
      return;
  }
}

/**
 * Runs a find body against a query builder that is already scoped by company: filters of the
 * spec, keyset pagination (no OFFSET) ordered by the sort column then id, `include_meta` total.
 * A page holds at most `limit` rows and at most MAX_PAGE_BYTES of them (then `from_key` goes on).
 */
export async function runSearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  body: FindBody<object> | undefined,
  spec: SearchSpec,
): Promise<SearchPage<T>> {
  const limit = body?.pagination?.limit ?? 20;
  const sortKey = body?.sort_key ?? 'createdAtDesc';
  const sort = spec.sortKeys[sortKey];
  if (!sort) throw DomainError.invalidField('sort_key', `must be one of ${Object.keys(spec.sortKeys).join(', ')}`);

  const query = (body?.query ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const def = spec.filters[name];
    if (!def) throw DomainError.invalidField(`query.${name}`, 'is not a filter of this search');
    if (isEmptySet(value)) continue; // only filters whose DTO allows it (owner_ids): no filter
    applyFilter(qb, name, def, value);
  }

  let total: number | undefined;
  if (body?.include_meta) total = await qb.clone().getCount();

  const idColumn = `${spec.alias}.id`;
  const fromKey = body?.pagination?.from_key;
  if (fromKey) {
    const cursor = decodeCursor(fromKey, sortKey, sort.kind);
    const cmp = sort.direction === 'DESC' ? '<' : '>';
    qb.andWhere(`(${sort.column}, ${idColumn}) ${cmp} (CAST(:cursor_value AS ${CAST[sort.kind]}), :cursor_id)`, {
      cursor_value: cursor.value,
      cursor_id: cursor.id,
    });
  }
  qb.orderBy(sort.column, sort.direction)
    .addOrderBy(idColumn, sort.direction)
    .limit(limit + 1);
  const rows = await qb.getMany();
  const fit = rowsWithinBudget(rows.length > limit ? rows.slice(0, limit) : rows, MAX_PAGE_BYTES);
  const hasMore = rows.length > fit;
  const results = hasMore ? rows.slice(0, fit) : rows;
  let nextKey: string | null = null;
  if (hasMore) {
    const last = results[results.length - 1] as unknown as Record<string, unknown> & { id: string };
    const raw = sort.value ? sort.value(last) : last[sort.column.split('.').pop()!];
    const value = raw instanceof Date ? raw.toISOString() : raw;
    nextKey = encodeCursor(sortKey, value, last.id);
  }
  const pagination: SearchPage<T>['pagination'] = { from_key: nextKey, limit };
  if (total !== undefined) pagination.total = total;
  return { results, pagination };
}
