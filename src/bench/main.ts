import 'reflect-metadata';
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

function parseFlags(args: string[], bench: Bench): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (!m) throw new Error(`unexpected argument "${args[i]}" (flags are --name value)`);
    const [, name, inline] = m;
    if (SWITCHES.includes(name)) flags[name] = inline ?? '';
    else if (!bench.flags.includes(name)) {
      throw new Error(`unknown flag --${name} (this benchmark takes ${[...bench.flags, ...SWITCHES].map((f) => `--${f}`).join(', ')})`);
    } else {
      const value = inline ?? args[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return flags;
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
