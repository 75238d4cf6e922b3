import { readFileSync } from 'fs';
import { join } from 'path';

/**
 * The billing walk stays pure and synchronous: walker.ts and model.ts import (at run time) only
 * billing-math, each other and the pure phase rule of subscriptions; they may import types from
 * anywhere (erased when compiled). They read no clock or random source, and nothing in them
 * awaits: everything the walk reads is handed in as data by the load stage.
 */
const WALK_FILES = ['walker.ts', 'model.ts'];
const ALLOWED_IMPORTS = new Set(['../../billing-math', './walker', './model', '../../subscriptions/phases']);

export function walkPurityProblems(source: string): string[] {
  const problems: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  // the code without its string literals (a string may say anything)
  const bare = code.replace(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, '""');
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s*['"]([^'"\n]+)['"]/gm)) {
    if (!m[2] && !ALLOWED_IMPORTS.has(m[3])) problems.push(`forbidden import "${m[3]}"`);
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

describe('billing walk purity', () => {
  it.each(WALK_FILES)('%s imports only billing-math and pure siblings at run time, and is synchronous and clock-free', (file) => {
    expect(walkPurityProblems(readFileSync(join(__dirname, file), 'utf8'))).toEqual([]);
  });

  it('the phase rule the walk may import is pure too', () => {
    const source = readFileSync(join(__dirname, '../../subscriptions/phases.ts'), 'utf8');
    expect(walkPurityProblems(source).filter((p) => !p.startsWith('forbidden import "./'))).toEqual([]);
  });

  it('the detector catches each kind of violation (so the checks above can fail)', () => {
    const bad = [
      "import { Injectable } from '@nestjs/common';",
      "import { EntityManager } from 'typeorm';",
      "import { Pool } from 'pg';",
      "import { UsageService } from '../../metrics/usage/usage.service';",
      "import { InvoiceKind } from '../invoicing.entity';",
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
          "import { chargeForPeriod } from '../../billing-math';",
          "import type { InvoiceKind } from '../invoicing.entity';",
          "import { buildSegments, Segment } from './model';",
          'const d = new Date(t);',
          "const key = 'awaits a Promise';",
          '/** never async */',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
