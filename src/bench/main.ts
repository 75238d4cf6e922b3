import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ingestBench } from './ingest.bench';
import { billingRunBench, billingRunWorker } from './billing-run.bench';
import { readsBench } from './reads.bench';

/**
 * `npm run bench -- <name> [--flag value ...]`: runs one benchmark against the real PostgreSQL of
 * this machine. Add a benchmark by adding it to BENCHES.
 */
export interface Bench {
  description: string;
  /** The flags it reads that take a value (`--name value` or `--name=value`); `--embedded` takes none and is always accepted. */
  flags: string[];
  run(flags: Record<string, string>): Promise<void>;
}

/** Flags without a value, accepted by every benchmark. */
const SWITCHES = ['embedded'];

const BENCHES: Record<string, Bench> = {
  reads: readsBench,
  ingest: ingestBench,
  'billing-run': billingRunBench,
  'billing-run-worker': billingRunWorker,
};

/** The benchmark's flags (node's parseArgs, strict: an unknown flag or one without its value is an error). */
function parseFlags(args: string[], bench: Bench): Record<string, string> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of bench.flags) options[name] = { type: 'string' };
  for (const name of SWITCHES) options[name] = { type: 'boolean' };
  try {
    const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
    return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === true ? '' : String(value)]));
  } catch (err) {
    const known = Object.keys(options).map((f) => `--${f}`);
    throw new Error(`${(err as Error).message} (this benchmark takes ${known.join(', ')})`, { cause: err });
  }
}

async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  const bench = name ? BENCHES[name] : undefined;
  if (!bench) {
    process.stderr.write(`usage: npm run bench -- <name> [--flag value ...]\n\nbenchmarks:\n`);
    for (const [key, b] of Object.entries(BENCHES)) process.stderr.write(`  ${key.padEnd(14)} ${b.description}\n`);
    process.exit(name ? 1 : 0);
  }
  await bench.run(parseFlags(rest, bench));
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    process.stderr.write(`benchmark failed: ${err.stack ?? err.message}\n`);
    process.exit(1);
  },
);
