import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * billing-math stays pure: its non-test files import only decimal.js and each other, and never
 * read a clock or a random source (time is always an explicit input).
 */
const ALLOWED_IMPORT = (spec: string) => spec === 'decimal.js' || /^\.\/[a-z0-9-]+$/.test(spec);

export function purityProblems(source: string): string[] {
  const problems: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const importRes = [
    /^\s*(?:import|export)\b[^;]*?[\s}*]from\s*['"]([^'"\n]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  for (const re of importRes) {
    for (const m of code.matchAll(re)) if (!ALLOWED_IMPORT(m[1])) problems.push(`forbidden import "${m[1]}"`);
  }
  if (/\brequire\s*\(\s*[^'"`\s]/.test(code)) problems.push('dynamic require');
  if (/\bimport\s*\(\s*[^'"`\s]/.test(code)) problems.push('dynamic import');
  const clockReads: [RegExp, string][] = [
    [/\bDate\s*\.\s*now\b/, 'Date.now'],
    [/\bnew\s+Date\s*\(\s*\)/, 'new Date()'],
    [/\bnew\s+Date\s*(?![\s(])/, 'new Date without arguments'],
    [/(^|[^.\w])Date\s*\(\s*\)/m, 'Date() as a function'],
    [/\bperformance\s*\.\s*now\b/, 'performance.now'],
    [/\bprocess\s*\.\s*(hrtime|uptime|env)\b/, 'process clock or environment'],
    [/\bMath\s*\.\s*random\b/, 'Math.random'],
    [/@nestjs\//, '@nestjs reference'],
    [/\btypeorm\b/, 'typeorm reference'],
  ];
  for (const [re, what] of clockReads) if (re.test(code)) problems.push(what);
  return problems;
}

describe('billing-math purity', () => {
  const dir = __dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));

  it('has the modules it is expected to have', () => {
    expect(files).toEqual(expect.arrayContaining(['index.ts', 'money.ts', 'periods.ts', 'pricing.ts', 'proration.ts', 'lines.ts']));
  });

  it.each(files)('%s imports only decimal.js and sibling modules, and reads no clock', (file) => {
    expect(purityProblems(readFileSync(join(dir, file), 'utf8'))).toEqual([]);
  });

  it('has no subfolders that would escape the check', () => {
    const dirs = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(dirs.map((d) => d.name)).toEqual([]);
  });

  it('the detector catches each kind of violation (so the checks above can fail)', () => {
    const bad = [
      "import { Injectable } from '@nestjs/common';",
      "import { Repository } from 'typeorm';",
      "import x from '../platform/clock/clock';",
      "const fs = require('fs');",
      'const t = Date.now();',
      'const d = new Date();',
      'const d = new Date;',
      'const r = Math.random();',
      'const p = performance.now();',
      "const m = await import('x');",
    ];
    for (const line of bad) expect(purityProblems(line)).not.toEqual([]);
    expect(
      purityProblems(
        "import DecimalJs from 'decimal.js';\nimport { x } from './money';\nconst d = new Date(t);\nnew Date(Date.UTC(2027, 0, 1));",
      ),
    ).toEqual([]);
    expect(purityProblems('/** never Date.now() here */\n// nor new Date()\nconst a = 1;')).toEqual([]);
  });
});
