import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ingestBench } from './ingest.bench';
import { billingRunBench, billingRunWorker } from './billing-run.bench';
import { readsBench } from './reads.bench';
import { reportsBench } from './reports.bench';
import { UsageError, wholeFlag } from './harness';

/**
 * `npm run bench -- <name> [--flag value ...]`: runs one benchmark, `--repeat N` times, and prints
 * the median and spread of each ratio it measures. Add a benchmark by adding it to BENCHES.
 */
export interface Bench {
  description: string;
  /** The flags it reads that take a value (`--name value` or `--name=value`), each with what it does and its default. */
  flags: Record<string, string>;
  /** Started by another benchmark, never by hand: left out of the usage. */
  internal?: boolean;
  /** One run; answers the ratios it measured by name (Tally's figure over its bare baseline's of the same run). */
  run(flags: Record<string, string>): Promise<Record<string, number>>;
}

/** Flags every benchmark takes: value flags, then switches (no value). */
const COMMON_FLAGS: Record<string, string> = {
  repeat: 'run the benchmark N times and print the median and spread of each ratio (1)',
};
const SWITCHES: Record<string, string> = {
  embedded: 'a fresh embedded database instead of PostgreSQL (also TALLY_BENCH_EMBEDDED=1)',
  help: 'print this help',
};

const BENCHES: Record<string, Bench> = {
  reads: readsBench,
  ingest: ingestBench,
  'billing-run': billingRunBench,
  'billing-run-worker': billingRunWorker,
  reports: reportsBench,
};

function usage(bench?: [string, Bench]): string {
  const flagLines = (flags: Record<string, string>, value: boolean) =>
    Object.entries(flags).map(([name, text]) => `  ${`--${name}${value ? ' N' : ''}`.padEnd(30)} ${text}`);
  const lines = ['usage: npm run bench -- <name> [--flag value ...]', ''];
  if (bench) {
    lines.push(`${bench[0]}: ${bench[1].description}`, '', 'flags:');
    lines.push(...Object.entries(bench[1].flags).map(([name, text]) => `  ${`--${name} VALUE`.padEnd(30)} ${text}`));
  } else {
    lines.push('benchmarks:');
    for (const [key, b] of Object.entries(BENCHES)) if (!b.internal) lines.push(`  ${key.padEnd(14)} ${b.description}`);
    lines.push('', 'flags of each benchmark: npm run bench -- <name> --help', '', 'flags every benchmark takes:');
  }
  lines.push(...flagLines(COMMON_FLAGS, true), ...flagLines(SWITCHES, false));
  lines.push('', 'Database: DATABASE_URL (an empty database), else a fresh tally_bench on postgresql://postgres@127.0.0.1:5432.');
  return lines.join('\n') + '\n';
}

/** The benchmark's flags (node's parseArgs, strict: an unknown flag or one without its value is a UsageError). */
function parseFlags(args: string[], bench: Bench): Record<string, string> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const name of [...Object.keys(bench.flags), ...Object.keys(COMMON_FLAGS)]) options[name] = { type: 'string' };
  for (const name of Object.keys(SWITCHES)) options[name] = { type: 'boolean' };
  options.help.short = 'h';
  try {
    const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
    return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === true ? '' : String(value)]));
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
}

const median = (sorted: number[]) =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;

/** Each ratio over the repetitions: its median, lowest and highest, and the spread (highest − lowest) as a share of the median. */
function summary(runs: Record<string, number>[]): string {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  const json: Record<string, unknown> = {};
  const lines = ['', `=== ratios over ${runs.length} run(s): median (lowest–highest, spread) ===`];
  for (const name of names) {
    const values = runs.map((r) => r[name]).filter((v) => v !== undefined && Number.isFinite(v));
    if (values.length === 0) continue;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = median(sorted);
    const spread = mid > 0 ? (sorted[sorted.length - 1] - sorted[0]) / mid : 0;
    lines.push(
      `${name.padEnd(28)} ${mid.toFixed(3)} (${sorted[0].toFixed(3)}–${sorted[sorted.length - 1].toFixed(3)}, ${(spread * 100).toFixed(0)}%)`,
    );
    json[name] = {
      median: Number(mid.toFixed(3)),
      min: Number(sorted[0].toFixed(3)),
      max: Number(sorted[sorted.length - 1].toFixed(3)),
      spread: Number(spread.toFixed(3)),
      runs: values.map((v) => Number(v.toFixed(3))),
    };
  }
  return `${lines.join('\n')}\n${JSON.stringify({ ratios: json })}\n`;
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (name === undefined || name === '--help' || name === '-h') {
    (name ? process.stdout : process.stderr).write(usage());
    return name ? 0 : 2;
  }
  const bench = BENCHES[name];
  if (!bench) {
    process.stderr.write(`error: unknown benchmark "${name}"\n\n${usage()}`);
    return 2;
  }
  let flags: Record<string, string>;
  let repeat: number;
  try {
    flags = parseFlags(rest, bench);
    repeat = wholeFlag(flags, 'repeat', 1, 1, 100);
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n\n${usage([name, bench])}`);
    return 2;
  }
  if (flags.help !== undefined) {
    process.stdout.write(usage([name, bench]));
    return 0;
  }
  const runs: Record<string, number>[] = [];
  try {
    for (let i = 0; i < repeat; i++) {
      if (repeat > 1) process.stderr.write(`--- run ${i + 1} of ${repeat}\n`);
      runs.push(await bench.run(flags));
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n\n${usage([name, bench])}`);
      return 2;
    }
    throw err;
  }
  if (!bench.internal) process.stdout.write(summary(runs));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`benchmark failed: ${err.stack ?? err.message}\n`);
    process.exit(1);
  },
);
