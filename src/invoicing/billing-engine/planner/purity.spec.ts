import { readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

/**
 * The planner stays pure and synchronous: the files of planner/ and model.ts import (at run
 * time) only billing-math, each other and the pure phase rule of subscriptions; they may import
 * types from anywhere (erased when compiled). They read no clock or random source, and nothing in
 * them awaits: everything the planner reads is handed in as data by the load stage.
 */
const ENGINE = join(__dirname, '..');
const PLANNER_FILES = [
  ...readdirSync(__dirname)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => join(__dirname, f)),
  join(ENGINE, 'model.ts'),
];
const ALLOWED_MODULES = ['billing-math', 'subscriptions/phases', 'invoicing/billing-engine/model'];

/** Whether a run-time import of `file` stays inside the pure set (resolved against the src folder). */
function allowed(file: string, spec: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = resolve(dirname(file), spec);
  if (dirname(target) === __dirname) return true;
  const fromSrc = relative(join(ENGINE, '../..'), target);
  return ALLOWED_MODULES.includes(fromSrc);
}

export function walkPurityProblems(source: string, file = join(__dirname, 'planner.ts')): string[] {
  const problems: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  // the code without its string literals (a string may say anything)
  const bare = code.replace(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, '""');
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s*['"]([^'"\n]+)['"]/gm)) {
    if (!m[2] && !allowed(file, m[3])) problems.push(`forbidden import "${m[3]}"`);
  }
  for (const m of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) problems.push(`forbidden import "${m[1]}"`);
  const forbidden: [RegExp, string][] = [
    [/\brequire\s*\(/, 'require'],
    [/\bimport\s*\(/, 'dynamic import'],
    [/\basync\b/, 'async'],
    [/\bawait\b/, 'await'],
    [/\bPromise\b/, 'Promise'],
    [/\.then\s*\(/, '.then'],
    [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\b/, 'timer'],
    [/\bfetch\s*\(/, 'fetch'],
    [/\bDate\s*\.\s*now\b/, 'Date.now'],
    [/\bnew\s+Date\s*\(\s*\)/, 'new Date()'],
    [/\bnew\s+Date\s*(?![\s(])/, 'new Date without arguments'],
    [/(^|[^.\w])Date\s*\(\s*\)/m, 'Date() as a function'],
    [/\bperformance\s*\.\s*now\b/, 'performance.now'],
    [/\bprocess\s*\.\s*(hrtime|uptime|env)\b/, 'process clock or environment'],
    [/\bMath\s*\.\s*random\b/, 'Math.random'],
  ];
  for (const [re, what] of forbidden) if (re.test(bare)) problems.push(what);
  return problems;
}

describe('planner purity', () => {
  it.each(PLANNER_FILES.map((f) => relative(ENGINE, f)))(
    '%s imports only billing-math and pure siblings at run time, and is synchronous and clock-free',
    (file) => {
      const path = join(ENGINE, file);
      expect(walkPurityProblems(readFileSync(path, 'utf8'), path)).toEqual([]);
    },
  );

  it('the phase rule the planner may import is pure too', () => {
    const path = join(ENGINE, '../../subscriptions/phases.ts');
    expect(walkPurityProblems(readFileSync(path, 'utf8'), path).filter((p) => !p.startsWith('forbidden import "./'))).toEqual([]);
  });

  it('the detector catches each kind of violation (so the checks above can fail)', () => {
    const bad = [
      "import { Injectable } from '@nestjs/common';",
      "import { EntityManager } from 'typeorm';",
      "import { Pool } from 'pg';",
      "import { UsageService } from '../../../metrics/usage/usage.service';",
      "import { InvoiceKind } from '../../invoicing.entity';",
      "import { EngineLoader } from '../load';",
      "import './side-effect';",
      "const fs = require('fs');",
      "const m = await import('x');",
      'export async function walk() {}',
      'const q = await usage(price);',
      'function f(): Promise<string> { return x; }',
      'usage().then((v) => v);',
      'setTimeout(() => 1, 0);',
      'const t = Date.now();',
      'const d = new Date();',
      'const r = Math.random();',
    ];
    for (const line of bad) expect(walkPurityProblems(line)).not.toEqual([]);
    expect(
      walkPurityProblems(
        [
          "import { chargeForPeriod } from '../../../billing-math';",
          "import type { InvoiceKind } from '../../invoicing.entity';",
          "import { buildSegments, Segment } from '../model';",
          "import { advanceLines } from './advance-lines';",
          'const d = new Date(t);',
          "const key = 'awaits a Promise';",
          '/** never async */',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
