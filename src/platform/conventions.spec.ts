import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative, resolve, dirname } from 'path';

/**
 * The codebase's conventions, read from the source tree (no app, no database). Each rule is a
 * function returning its problems as lines, and one `it` expects none; a new rule is one more
 * function and one more `it`.
 *
 * The module stack, lowest first (a module imports only modules of its own tier or below, and
 * the imports between modules form no cycle):
 *
 *   platform, billing-math, webhooks  <-  customers, entitlements, metrics, catalog, taxes  <-  subscriptions
 *   <-  invoicing  <-  payments, credits  <-  checkout, contracts, invoice-pages, customer-portal, reports  <-  notifications
 *
 * audit, cli and the files at the root of src/ (main.ts, app.module.ts, schema.ts) compose
 * the modules and sit above them all. A module calls a higher one only through the hooks it
 * declares (src/platform/hooks/module-hooks.ts).
 */
export const TIERS: Record<string, number> = {
  platform: 0,
  'billing-math': 0,
  webhooks: 0,
  customers: 1,
  entitlements: 1,
  metrics: 1,
  catalog: 1,
  taxes: 1,
  subscriptions: 2,
  invoicing: 3,
  payments: 4,
  credits: 4,
  checkout: 5,
  'invoice-pages': 5,
  contracts: 5,
  'customer-portal': 5,
  notifications: 6,
  reports: 5,
};
/** Folders of src/ that compose the modules (above every tier). */
export const COMPOSITION = new Set(['audit', 'cli']);

const SRC = resolve(__dirname, '..');

export interface SourceFile {
  /** Path relative to src/, e.g. `payments/auto-charge.service.ts`. */
  path: string;
  /** The top-level folder of src/ (`payments`), or `''` for a file at the root of src/. */
  module: string;
  text: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : name.endsWith('.ts') ? [full] : [];
  });
}

let cache: SourceFile[] | null = null;
/** Every .ts file under src/ (specs included; not this file, whose examples break every rule). */
export function sourceFiles(): SourceFile[] {
  cache ??= walk(SRC)
    .filter((full) => full !== __filename)
    .map((full) => {
      const path = relative(SRC, full).split('\\').join('/');
      return { path, module: path.includes('/') ? path.split('/')[0] : '', text: readFileSync(full, 'utf8') };
    });
  return cache;
}

/** The source without comments (string contents are kept). */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The relative import specifiers of a file (static and dynamic imports, `export … from`, `import type`). */
export function relativeImports(text: string): string[] {
  const code = stripComments(text);
  const out: string[] = [];
  const statements = [
    /^\s*(?:import|export)\b[^;]*?[\s}*]from\s*['"](\.[^'"\n]+)['"]/gm,
    /^\s*import\s*['"](\.[^'"]+)['"]/gm,
    /(?:^|[=(,\s])(?:await\s+)?import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/gm,
  ];
  for (const re of statements) {
    for (const m of code.matchAll(re)) out.push(m[1]);
  }
  return out;
}

/** The module (top-level folder of src/) an import of `file` points to, or `''` for a file at the root of src/. */
export function importedModule(file: SourceFile, spec: string): string | null {
  const target = relative(SRC, resolve(SRC, dirname(file.path), spec))
    .split('\\')
    .join('/');
  if (target.startsWith('..')) return null;
  if (target.includes('/')) return target.split('/')[0];
  // `../billing-math` is the folder's index; `../schema` a file at the root of src/
  return existsSync(join(SRC, target)) && statSync(join(SRC, target)).isDirectory() ? target : '';
}

/** Imports between two different modules: `from -> to` with the importing file. */
export function moduleImports(files: SourceFile[] = sourceFiles()): { from: string; to: string; file: string; spec: string }[] {
  const out: { from: string; to: string; file: string; spec: string }[] = [];
  for (const f of files) {
    for (const spec of relativeImports(f.text)) {
      const to = importedModule(f, spec);
      if (to !== null && to !== f.module) out.push({ from: f.module, to, file: f.path, spec });
    }
  }
  return out;
}

// ---------------------------------------------------------------- (a) platform imports no domain module

export function platformImportProblems(files: SourceFile[] = sourceFiles()): string[] {
  return moduleImports(files.filter((f) => f.module === 'platform'))
    .filter((i) => i.to !== 'billing-math')
    .map((i) => `${i.file}: platform imports ${i.to || 'the composition root'} ("${i.spec}")`);
}

// ---------------------------------------------------------------- (b) imports point down the stack, no cycles

export function stackProblems(files: SourceFile[] = sourceFiles()): string[] {
  const problems: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const i of moduleImports(files)) {
    if (!(i.from in TIERS)) continue; // composition (audit, cli, the root files) may import anything
    if (!(i.to in TIERS)) {
      problems.push(`${i.file}: ${i.from} imports ${i.to || 'the composition root'}, which is above every module ("${i.spec}")`);
      continue;
    }
    if (TIERS[i.to] > TIERS[i.from])
      problems.push(`${i.file}: ${i.from} (tier ${TIERS[i.from]}) imports ${i.to} (tier ${TIERS[i.to]}) ("${i.spec}")`);
    if (!edges.has(i.from)) edges.set(i.from, new Set());
    edges.get(i.from)!.add(i.to);
  }
  // cycles between modules (within a tier, where sideways imports are allowed)
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (m: string) => {
    state.set(m, 'open');
    path.push(m);
    for (const next of edges.get(m) ?? []) {
      if (state.get(next) === 'open') problems.push(`module cycle: ${[...path.slice(path.indexOf(next)), next].join(' -> ')}`);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(m, 'done');
  };
  for (const m of [...edges.keys()].sort()) if (!state.has(m)) visit(m);
  return problems;
}

// ---------------------------------------------------------------- (c) a table is written only by its module

/** table -> owning module, from each module's entities (`@Entity('table')`) and migrations (`CREATE TABLE table`). */
export function tableOwners(files: SourceFile[] = sourceFiles()): Map<string, string> {
  const owners = new Map<string, string>();
  for (const f of files) {
    if (!(f.module in TIERS) || f.path.endsWith('.spec.ts')) continue;
    const code = stripComments(f.text);
    const tables = [...code.matchAll(/@Entity\(\s*['"](\w+)['"]/g)].map((m) => m[1]);
    if (f.path.includes('/migrations/'))
      tables.push(...[...code.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi)].map((m) => m[1]));
    for (const t of tables) owners.set(t, f.module);
  }
  return owners;
}

/** entity class -> owning module (classes decorated with `@Entity`). */
export function entityOwners(files: SourceFile[] = sourceFiles()): Map<string, string> {
  const owners = new Map<string, string>();
  for (const f of files) {
    if (!(f.module in TIERS) || f.path.endsWith('.spec.ts')) continue;
    for (const m of stripComments(f.text).matchAll(/@Entity\([^)]*\)[\s\S]*?\bclass\s+(\w+)/g)) owners.set(m[1], f.module);
  }
  return owners;
}

/** repository class -> owning module (classes whose name ends in Repository, declared in the module). */
export function repositoryOwners(files: SourceFile[] = sourceFiles()): Map<string, string> {
  const owners = new Map<string, string>();
  for (const f of files) {
    if (!(f.module in TIERS) || f.path.endsWith('.spec.ts')) continue;
    for (const m of stripComments(f.text).matchAll(/\bexport\s+class\s+(\w+Repository)\b/g)) owners.set(m[1], f.module);
  }
  return owners;
}

/** The tables a piece of code writes with SQL: `INSERT INTO t`, `UPDATE t [alias] SET`, `DELETE FROM t`. */
export function sqlWrites(code: string): string[] {
  const out: string[] = [];
  for (const re of [
    /\bINSERT\s+INTO\s+"?(\w+)"?/gi,
    /\bUPDATE\s+"?(\w+)"?(?:\s+(?:AS\s+)?\w+)?\s+SET\b/gi,
    /\bDELETE\s+FROM\s+"?(\w+)"?/gi,
  ]) {
    for (const m of code.matchAll(re)) out.push(m[1]);
  }
  return out;
}

const WRITE_METHODS = 'insert|update|delete|save|upsert|increment|decrement|softDelete|remove';

/** Entity classes a piece of code writes through an EntityManager: `m.update(SubscriptionEntity, …)`. */
export function entityWrites(code: string): string[] {
  return [...code.matchAll(new RegExp(`\\.(?:${WRITE_METHODS})\\(\\s*(\\w+Entity)\\b`, 'g'))].map((m) => m[1]);
}

/**
 * Repository classes a piece of code writes through: a constructor parameter `private readonly x:
 * FooRepository` written as `this.x.insert(…)`, `this.x.with(m).update(…)`, or through a local
 * `const repo = this.x.with(m)` then `repo.delete(…)` in the same method.
 */
export function repositoryWrites(code: string): string[] {
  const out: string[] = [];
  for (const [, field, repoClass] of code.matchAll(/\b(?:private|protected|public)\s+(?:readonly\s+)?(\w+)\s*:\s*(\w+Repository)\b/g)) {
    const direct = new RegExp(`\\bthis\\.${field}(?:\\s*\\.\\s*with\\([^)]*\\))?\\s*\\.\\s*(?:${WRITE_METHODS})\\(`);
    let written = direct.test(code);
    for (const m of code.matchAll(new RegExp(`\\b(?:const|let)\\s+(\\w+)\\s*=\\s*this\\.${field}\\s*\\.\\s*with\\(`, 'g'))) {
      // the local lives until the end of its method (a line `  }` closes a method in formatted code)
      const rest = code.slice(m.index);
      const end = rest.search(/\n {2}\}/);
      const body = end < 0 ? rest : rest.slice(0, end);
      if (new RegExp(`\\b${m[1]}\\s*\\.\\s*(?:${WRITE_METHODS})\\(`).test(body)) written = true;
    }
    if (written) out.push(repoClass);
  }
  return out;
}

export function ownershipProblems(files: SourceFile[] = sourceFiles()): string[] {
  const tables = tableOwners(files);
  const entities = entityOwners(files);
  const repositories = repositoryOwners(files);
  const problems: string[] = [];
  for (const f of files) {
    if (!(f.module in TIERS) || f.path.endsWith('.spec.ts') || f.path.includes('/migrations/')) continue;
    const code = stripComments(f.text);
    const foreign = (owner: string | undefined) => owner !== undefined && owner !== f.module;
    for (const t of sqlWrites(code))
      if (foreign(tables.get(t))) problems.push(`${f.path}: writes table ${t} (owned by ${tables.get(t)}) with SQL`);
    for (const e of entityWrites(code)) if (foreign(entities.get(e))) problems.push(`${f.path}: writes ${e} (owned by ${entities.get(e)})`);
    for (const r of repositoryWrites(code))
      if (foreign(repositories.get(r))) problems.push(`${f.path}: writes through ${r} (owned by ${repositories.get(r)})`);
  }
  return problems;
}

/**
 * File suffixes: a file that holds one kind of piece says so with one singular suffix —
 * `.controller .service .use-case .repository .entity .mapper .views .rules .schema .module .dto
 * .hooks .spec` — never a plural (`.entities`, `.repositories`, `.mappers`), never a dash form
 * (`-rules`, `-views`), never a retired kind (`.port`, `.hook`). A module's views class lives in
 * `<module>.views.ts` (one per module). Pure helpers keep a plain name (`phases.ts`).
 */
export const FORBIDDEN_SUFFIX = /(\.(entities|repositories|mappers|port|hook)|-(rules|views|mapper|mappers|entity|repository))\.ts$/;

export function suffixProblems(files: SourceFile[] = sourceFiles()): string[] {
  const problems: string[] = [];
  for (const f of files) {
    const name = f.path.split('/').pop()!;
    if (FORBIDDEN_SUFFIX.test(name.replace(/\.spec\.ts$/, '.ts'))) problems.push(`${f.path}: use the singular kind suffix`);
    if (name.endsWith('.views.ts') && f.path !== `${f.module}/${f.module}.views.ts`)
      problems.push(`${f.path}: a module's views class is ${f.module}/${f.module}.views.ts`);
  }
  return problems;
}

describe('conventions', () => {
  it('reads the source tree and every module of the stack', () => {
    const modules = new Set(sourceFiles().map((f) => f.module));
    for (const m of Object.keys(TIERS)) expect(modules).toContain(m);
    expect(tableOwners().get('subscriptions')).toBe('subscriptions');
    expect(tableOwners().get('invoices')).toBe('invoicing');
    expect(tableOwners().get('companies')).toBe('platform');
    expect(entityOwners().get('SubscriptionEntity')).toBe('subscriptions');
    expect(repositoryOwners().get('CustomersRepository')).toBe('customers');
  });

  it('(a) platform imports no domain module (billing-math only)', () => {
    expect(platformImportProblems()).toEqual([]);
  });

  it('(b) modules import only their own tier or below, with no cycle between them', () => {
    expect(stackProblems()).toEqual([]);
  });

  it('(c) a module writes only the tables it owns', () => {
    expect(ownershipProblems()).toEqual([]);
  });

  it('(d) file names take one singular kind suffix; a module has one views class, <module>.views.ts', () => {
    expect(suffixProblems()).toEqual([]);
  });

  describe('the checks find what they look for', () => {
    const file = (path: string, text: string): SourceFile => ({ path, module: path.split('/')[0], text });

    it('(d) plural, dash and retired suffixes, and a views class outside <module>.views.ts', () => {
      const names = ['catalog/catalog.entities.ts', 'contracts/contract-rules.spec.ts', 'customers/x.port.ts', 'credits/credit-views.ts'];
      expect(suffixProblems(names.map((n) => file(n, '')))).toEqual([
        'catalog/catalog.entities.ts: use the singular kind suffix',
        'contracts/contract-rules.spec.ts: use the singular kind suffix',
        'customers/x.port.ts: use the singular kind suffix',
        'credits/credit-views.ts: use the singular kind suffix',
      ]);
      expect(suffixProblems([file('contracts/contract.views.ts', '')])).toEqual([
        "contracts/contract.views.ts: a module's views class is contracts/contracts.views.ts",
      ]);
      const fine = ['catalog/catalog.entity.ts', 'contracts/contract.rules.spec.ts', 'subscriptions/phases.ts', 'metrics/metrics.views.ts'];
      expect(suffixProblems(fine.map((n) => file(n, '')))).toEqual([]);
    });
    const owner = file('subscriptions/subscription.entity.ts', "@Entity('subscriptions')\nexport class SubscriptionEntity {}");
    const repo = file('customers/customers.repository.ts', 'export class CustomersRepository extends ScopedRepository<CustomerEntity> {}');

    it('(a) an import of a domain module from platform', () => {
      const problems = platformImportProblems([file('platform/database/x.ts', "import { a } from '../../invoicing/invoicing.schema';")]);
      expect(problems).toEqual([expect.stringContaining('platform imports invoicing')]);
      expect(platformImportProblems([file('platform/hosted-pages/x.ts', "import { Dec } from '../../billing-math/money';")])).toEqual([]);
    });

    it('(b) an upward import, an import of the composition root and a cycle', () => {
      expect(stackProblems([file('catalog/x.ts', "import type { S } from '../subscriptions/subscription.entity';")])).toEqual([
        expect.stringContaining('catalog (tier 1) imports subscriptions (tier 2)'),
      ]);
      expect(stackProblems([file('customers/x.ts', "import { TALLY_SCHEMA } from '../schema';")])).toEqual([
        expect.stringContaining('customers imports the composition root'),
      ]);
      const cycle = stackProblems([
        file('catalog/a.ts', "import { m } from '../metrics/m';"),
        file('metrics/b.ts', "export { c } from '../catalog/c';"),
      ]);
      expect(cycle).toEqual([expect.stringContaining('module cycle: catalog -> metrics -> catalog')]);
      expect(stackProblems([file('cli/x.ts', "import { AppModule } from '../app.module';")])).toEqual([]);
    });

    it('(c) SQL, EntityManager and repository writes of another module’s table', () => {
      const writer = file(
        'payments/x.service.ts',
        [
          'class X {',
          '  constructor(private readonly customers: CustomersRepository) {}',
          '  async a(m) {',
          "    await m.query('UPDATE subscriptions SET unpaid = true WHERE company_id = $1');",
          '    await m.update(SubscriptionEntity, { id }, { payment_method_id: null });',
          '    await this.customers.with(m).update(companyId, { id }, patch);',
          "    await m.query('SELECT 1 FROM subscriptions FOR UPDATE');",
          '  }',
          '}',
        ].join('\n'),
      );
      expect(ownershipProblems([owner, repo, writer])).toEqual([
        'payments/x.service.ts: writes table subscriptions (owned by subscriptions) with SQL',
        'payments/x.service.ts: writes SubscriptionEntity (owned by subscriptions)',
        'payments/x.service.ts: writes through CustomersRepository (owned by customers)',
      ]);
      const reader = file('payments/y.ts', "const r = await m.query('SELECT * FROM subscriptions WHERE company_id = $1 FOR UPDATE');");
      expect(ownershipProblems([owner, reader])).toEqual([]);
      const local = file(
        'checkout/z.ts',
        'constructor(private readonly c: CustomersRepository) {}\nconst repo = this.c.with(m);\nawait repo.delete(companyId, {});',
      );
      expect(ownershipProblems([repo, local])).toEqual(['checkout/z.ts: writes through CustomersRepository (owned by customers)']);
    });
  });
});
