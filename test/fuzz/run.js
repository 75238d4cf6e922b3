#!/usr/bin/env node
// `npm run fuzz -- --cases 20000 [--seed 42]`: the generative OpenAPI test (test/fuzz/openapi.e2e-spec.ts)
// with more cases, printing its figures. On $DATABASE_URL when set, else on an embedded database.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const cases = Number(option('cases', '20000'));
const seed = option('seed', undefined);
if (!Number.isInteger(cases) || cases < 1) {
  process.stderr.write('usage: npm run fuzz -- [--cases N] [--seed S]\n');
  process.exit(2);
}
const env = { ...process.env, FUZZ_CASES: String(cases), FUZZ_REPORT: '1' };
if (seed !== undefined) env.FUZZ_SEED = seed;
const root = path.join(__dirname, '..', '..');
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const result = spawnSync(jest, ['--selectProjects', 'e2e', '--runTestsByPath', 'test/fuzz/openapi.e2e-spec.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
