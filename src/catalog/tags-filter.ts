import type { FilterDef } from '../platform/search/search';

/** The search filter behind `TagsFilter`: a list (every tag) or `{condition, values}` over a text[] column. */
export function tagsFilter(column: string): FilterDef {
  return {
    kind: 'custom',
    apply: (qb, v: string[] | { condition: 'AND' | 'OR'; values: string[] }, p) => {
      const { condition, values } = Array.isArray(v) ? { condition: 'AND', values: v } : v;
      qb.andWhere(`${column} ${condition === 'AND' ? '@>' : '&&'} CAST(:${p} AS text[])`, { [p]: values });
    },
  };
}
