import { loadModule, parseSync } from 'libpg-query';
import { CROSS_COMPANY_SCANS } from '../../src/platform/database/cross-company';

/**
 * The query audit: is a SQL statement routable to one Citus shard? A statement that reads or
 * writes a tenant table (one with company_id) must pin company_id to one value: every tenant
 * table it names must be tied, through `company_id = company_id` join conditions, to an equality
 * `company_id = $n` (or a constant); an INSERT must list company_id among its columns.
 * Statements marked `/* cross-company:<name> *\/` with a name listed in CROSS_COMPANY_SCANS
 * (src/platform/database/cross-company.ts) are the allowed exceptions.
 *
 * The analysis is over the parse tree of PostgreSQL's own parser (libpg-query), per statement:
 * aliases are matched by name across subqueries (a correlated subquery naming the outer alias is
 * tied to it), and an unqualified company_id belongs to the tenant tables of its own FROM list.
 */

export const ready: Promise<void> = loadModule();

type Node = Record<string, unknown>;

interface Scope {
  relations: string[]; // alias keys of the tenant tables in this statement's FROM / target
}

class Analysis {
  readonly relations = new Set<string>();
  readonly pinned = new Set<string>();
  private readonly parent = new Map<string, string>();
  readonly problems: string[] = [];

  constructor(
    private readonly tenant: Set<string>,
    private readonly ctes: Set<string>,
  ) {}

  find(x: string): string {
    let p = this.parent.get(x) ?? x;
    if (p !== x) {
      p = this.find(p);
      this.parent.set(x, p);
    }
    return p;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }

  isTenant(rv: Node): boolean {
    const name = rv.relname as string;
    return this.tenant.has(name) && !(this.ctes.has(name) && !rv.schemaname);
  }
}

const KEYWORD_STATEMENTS = new Set(['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

function aliasOf(rv: Node): string {
  const alias = rv.alias as { aliasname?: string } | undefined;
  return alias?.aliasname ?? (rv.relname as string);
}

/** The RangeVars of a FROM list (through joins, not into subqueries). */
function fromRelations(items: unknown[] | undefined, out: Node[] = []): Node[] {
  for (const item of items ?? []) {
    const n = item as Node;
    if (n.RangeVar) out.push(n.RangeVar as Node);
    else if (n.JoinExpr) {
      const j = n.JoinExpr as Node;
      fromRelations([j.larg, j.rarg], out);
    }
  }
  return out;
}

function columnRef(n: unknown): { qualifier: string | null; column: string } | null {
  const ref = (n as Node | undefined)?.ColumnRef as { fields?: Node[] } | undefined;
  if (!ref?.fields) return null;
  const names = ref.fields.map((f) => (f.String as { sval?: string } | undefined)?.sval ?? '*');
  return { qualifier: names.length > 1 ? names[names.length - 2] : null, column: names[names.length - 1] };
}

function isValue(n: unknown): boolean {
  const node = n as Node | undefined;
  if (!node) return false;
  if (node.ParamRef || node.A_Const) return true;
  if (node.TypeCast) return isValue((node.TypeCast as Node).arg);
  return false;
}

function walk(node: unknown, a: Analysis, scope: Scope): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, a, scope);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (KEYWORD_STATEMENTS.has(key)) {
      statement(key, value as Node, a);
      continue;
    }
    if (key === 'A_Expr') {
      expression(value as Node, a, scope);
    }
    walk(value, a, scope);
  }
}

function expression(e: Node, a: Analysis, scope: Scope): void {
  const op = ((e.name as Node[] | undefined)?.[0]?.String as { sval?: string } | undefined)?.sval;
  const list = e.kind === 'AEXPR_IN' ? ((e.rexpr as Node | undefined)?.List as { items?: unknown[] } | undefined)?.items : undefined;
  const single = list?.length === 1 ? list[0] : null;
  if (!(e.kind === 'AEXPR_OP' && op === '=') && single === null) return;
  const right = single ?? e.rexpr;
  const l = columnRef(e.lexpr);
  const r = columnRef(right);
  const targets = (ref: { qualifier: string | null }): string[] => (ref.qualifier ? [ref.qualifier] : scope.relations);
  if (l?.column === 'company_id' && r?.column === 'company_id') {
    for (const x of targets(l)) for (const y of targets(r)) a.union(x, y);
  } else if (l?.column === 'company_id' && isValue(right)) {
    for (const x of targets(l)) a.pinned.add(x);
  } else if (r?.column === 'company_id' && isValue(e.lexpr)) {
    for (const x of targets(r)) a.pinned.add(x);
  }
}

function statement(kind: string, s: Node, a: Analysis): void {
  const ctes = ((s.withClause as Node | undefined)?.ctes as Node[] | undefined) ?? [];
  for (const c of ctes) a['ctes'].add((c.CommonTableExpr as Node).ctename as string);
  let rvs: Node[] = [];
  if (kind === 'SelectStmt') rvs = fromRelations(s.fromClause as unknown[]);
  if (kind === 'UpdateStmt') rvs = [s.relation as Node, ...fromRelations(s.fromClause as unknown[])];
  if (kind === 'DeleteStmt') rvs = [s.relation as Node, ...fromRelations(s.usingClause as unknown[])];
  if (kind === 'MergeStmt') rvs = [s.relation as Node, ...fromRelations([s.sourceRelation])];
  if (kind === 'InsertStmt') {
    const rv = s.relation as Node;
    if (a.isTenant(rv)) {
      const cols = ((s.cols as Node[] | undefined) ?? []).map((c) => (c.ResTarget as Node).name as string);
      if (cols.length > 0 && !cols.includes('company_id')) a.problems.push(`INSERT INTO ${rv.relname as string} without company_id`);
    }
  }
  const tenantRvs = rvs.filter((rv) => a.isTenant(rv));
  const scope: Scope = { relations: tenantRvs.map(aliasOf) };
  for (const rv of tenantRvs) a.relations.add(aliasOf(rv));
  // everything but the relations themselves (their aliases carry no conditions)
  const rest: Node = { ...s };
  delete rest.relation;
  walk(rest, a, scope);
}

/** The name in a statement's `/* cross-company:<name> *\/` marker, if it has one. */
export function crossCompanyMarker(sql: string): string | null {
  return /\/\*\s*cross-company:([a-z0-9-]+)\s*\*\//.exec(sql)?.[1] ?? null;
}

/** Problems of one SQL text (empty when every statement is routable to one company). */
export function auditStatement(sql: string, tenantTables: Set<string>): string[] {
  const marker = crossCompanyMarker(sql);
  if (marker) {
    return marker in CROSS_COMPANY_SCANS ? [] : [`unknown cross-company marker "${marker}" (list it in CROSS_COMPANY_SCANS)`];
  }
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(sql) as { stmts?: { stmt: Node }[] };
  } catch (err) {
    return [`does not parse: ${(err as Error).message}`];
  }
  const problems: string[] = [];
  for (const { stmt } of tree.stmts ?? []) {
    const [kind] = Object.keys(stmt);
    if (!KEYWORD_STATEMENTS.has(kind)) continue; // BEGIN, SET, DDL, locks by function call...
    const a = new Analysis(tenantTables, new Set());
    statement(kind, stmt[kind] as Node, a);
    problems.push(...a.problems);
    const pinnedRoots = new Set([...a.pinned].map((x) => a.find(x)));
    const loose = [...a.relations].filter((x) => !pinnedRoots.has(a.find(x)));
    if (loose.length) problems.push(`no company_id equality for ${loose.join(', ')}`);
  }
  return problems;
}
