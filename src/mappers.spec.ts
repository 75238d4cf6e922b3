import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

/**
 * The answer convention: a module's views class loads what a response needs, and its mappers
 * (`*.mapper.ts`) turn loaded rows into responses without any I/O. So a domain module's mapper
 * never imports Nest or TypeORM, never imports (other than as a type) a service, use case,
 * repository, views class, controller or module, and never reads the clock (now is an input).
 */
const IO_FILE = /(?:\.|-)(?:service|use-case|repository|repositories|views|controller|module)$/;

export function mapperProblems(source: string): string[] {
  const problems: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const imports = [
    ...code.matchAll(/^\s*(import|export)(\s+type\b)?[^;]*?[\s}*]from\s*['"]([^'"\n]+)['"]/gm),
    ...code.matchAll(/^\s*(import)()\s*['"]([^'"]+)['"]/gm),
  ];
  for (const [, , typeOnly, spec] of imports) {
    if (typeOnly) continue;
    if (spec.startsWith('@nestjs/') || spec === 'typeorm') problems.push(`imports ${spec}`);
    else if (IO_FILE.test(spec)) problems.push(`imports ${spec}`);
  }
  if (/\b(?:require|import)\s*\(/.test(code)) problems.push('dynamic import');
  if (/\bDate\s*\.\s*now\b|\bnew\s+Date\s*\(\s*\)|\bnew\s+Date\s*(?![\s(])/.test(code)) problems.push('reads the clock');
  return problems;
}

function mapperFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return mapperFiles(path);
    return /\.mappers?\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('mappers are pure', () => {
  const src = __dirname;
  const domains = readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'platform')
    .map((e) => e.name);
  const files = domains.flatMap((d) => mapperFiles(join(src, d))).map((f) => relative(src, f));

  it('finds the mappers of the modules that answer through views', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'customers/customers.mapper.ts',
        'entitlements/entitlements.mapper.ts',
        'contracts/contracts.mapper.ts',
        'credits/credits.mapper.ts',
        'metrics/objects/objects.mapper.ts',
        'payments/payments.mapper.ts',
        'invoicing/invoicing.mapper.ts',
      ]),
    );
  });

  it.each(files)('%s does no I/O', (file) => {
    expect(mapperProblems(readFileSync(join(src, file), 'utf8'))).toEqual([]);
  });

  it('the detector catches each kind of violation (so the checks above can fail)', () => {
    const bad = [
      "import { Injectable } from '@nestjs/common';",
      "import { In } from 'typeorm';",
      "import { CustomersRepository } from './customers.repository';",
      "import { CatalogRepos } from '../catalog/catalog.repository';",
      "import { PlanService } from '../subscriptions/plans.service';",
      "import { CreditViews } from './credits.views';",
      "import { CatalogViews } from '../catalog/catalog.views';",
      "const m = await import('./x');",
      'const t = Date.now();',
      'const d = new Date();',
    ];
    for (const line of bad) expect(mapperProblems(line)).not.toEqual([]);
    expect(
      mapperProblems(
        [
          "import { iso } from '../platform/timestamps';",
          "import type { ConsumeResult } from './credits.service';",
          "import type {\n  A,\n  B,\n} from './customers.views';",
          "import { CustomerEntity } from './customer.entity';",
          'const d = new Date(t);',
          '/** never Date.now() here */',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
