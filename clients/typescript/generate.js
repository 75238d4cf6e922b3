// Generates clients/typescript/schema.ts (the API's types, for openapi-fetch) from the OpenAPI
// document the service serves. `npm run client:generate` builds the service, asks its command line
// for the document (`tally openapi`: Nest's preview mode, no database) and writes the file.
// test/e2e/client-typescript.e2e-spec.ts renders the same file from a test app's /api/docs-json
// (`node generate.js --document <file> --stdout`) and fails when the committed one is stale.
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const SCHEMA_FILE = path.join(__dirname, 'schema.ts');
const HEADER = [
  '/**',
  ' * The Tally API, as TypeScript types generated from its OpenAPI document by openapi-typescript.',
  ' * Do not edit: regenerate with `npm run client:generate` (a test fails while this file is stale).',
  ' */',
  '',
  '',
].join('\n');

/** The schema file for an OpenAPI document (a string: the whole file). */
async function renderSchemaTypes(document) {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  // openapi-typescript's own defaults: the types anyone gets from `npx openapi-typescript` over the document
  const nodes = await openapiTS(document, { silent: true });
  return HEADER + astToString(nodes);
}

/** The document of the built service (`npm run build` first), without a database. */
function serviceDocument() {
  const root = path.join(__dirname, '../..');
  const json = execFileSync(process.execPath, [path.join(root, 'dist/cli/main.js'), 'openapi'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(json.toString('utf8'));
}

async function main(args) {
  const from = args.indexOf('--document');
  const document = from >= 0 ? JSON.parse(readFileSync(args[from + 1], 'utf8')) : serviceDocument();
  const schema = await renderSchemaTypes(document);
  if (args.includes('--stdout')) {
    await new Promise((resolve, reject) => process.stdout.write(schema, (err) => (err ? reject(err) : resolve())));
    return;
  }
  writeFileSync(SCHEMA_FILE, schema);
  process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}\n`);
}

module.exports = { renderSchemaTypes, SCHEMA_FILE };
// (openapi-typescript needs require() of ES modules: plain Node >= 20.19 has it, jest does not,
// so tests run this file as a child process.)

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  });
}
