import type { Tenant } from './app';
import { ok } from './fixtures';

export type Row = Record<string, any>;

/** One documented filter of a find: a value, and which rows of the unfiltered answer it keeps (read from the answers themselves). */
export interface Probe {
  value: unknown;
  keeps: (row: Row) => boolean;
  /** The description says it matches nothing (e.g. no subscription groups exist): the answer is empty. */
  matchesNothing?: boolean;
  /** The description says it keeps every row Tally can hold (a filter of records Tally never makes): the answer is whole. */
  matchesAll?: boolean;
  /** Filters both reads carry, for a filter that narrows a wider answer (`include_deleted: false` within `include_deleted: true`). */
  base?: Row;
}

/** The filters the OpenAPI document lists for `<find>/find`, sorted. */
export function filtersOf(doc: Row, find: string): string[] {
  const body = doc.paths[`/api/v1/companies/{company_id}/${find}/find`].post.requestBody.content['application/json'].schema.$ref;
  const query = doc.components.schemas[body.split('/').pop()].properties.query;
  const ref = (query.allOf?.[0] ?? query).$ref as string;
  return Object.keys(doc.components.schemas[ref.split('/').pop()!].properties).sort();
}

/** Every row `<find>/find` answers for `query`, oldest first, over all pages. */
export async function allRows(tenant: Tenant, find: string, query: Row = {}): Promise<Row[]> {
  const rows: Row[] = [];
  let from_key: string | null = null;
  do {
    const page: Row = await ok(
      await tenant.post(`/${find}/find`, { query, sort_key: 'createdAtAsc', pagination: { limit: 100, from_key } }),
    );
    rows.push(...page.results);
    from_key = page.pagination?.from_key ?? null;
  } while (from_key);
  return rows;
}

/**
 * What is wrong with `probes` of one find (empty when nothing): a documented filter without a
 * probe (or a probe of an undocumented one), a filter that keeps other rows than its probe says,
 * a probe that does not narrow (a strict, non-empty subset unless `matchesNothing` or
 * `matchesAll`), or a match
 * in company `b`, which holds none of `a`'s rows. `key` names a row (`id` unless told).
 */
export async function probeProblems(doc: Row, a: Tenant, b: Tenant, find: string, probes: Record<string, Probe>, key = 'id') {
  const problems: string[] = [];
  const documented = filtersOf(doc, find);
  const probed = Object.keys(probes).sort();
  if (JSON.stringify(probed) !== JSON.stringify(documented)) problems.push(`probes ${probed.join(',')} != filters ${documented.join(',')}`);
  for (const [filter, probe] of Object.entries(probes)) {
    const rows = await allRows(a, find, probe.base);
    const expected = rows
      .filter(probe.keeps)
      .map((r) => r[key])
      .sort();
    const got = (await allRows(a, find, { ...probe.base, [filter]: probe.value })).map((r) => r[key]).sort();
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${filter}: got ${got.length} rows, expected ${expected.length}`);
    const narrows = expected.length > 0 && expected.length < rows.length;
    if (probe.matchesNothing ? expected.length !== 0 : probe.matchesAll ? expected.length !== rows.length : !narrows)
      problems.push(`${filter}: the probe does not narrow (${expected.length} of ${rows.length})`);
    if ((await allRows(b, find, { ...probe.base, [filter]: probe.value })).length > 0) problems.push(`${filter}: matched company B`);
  }
  return problems;
}
