import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * docs/walkthrough.md is a test: a fresh `npm start` on the embedded database, the line it
 * prints pasted into bash, then every ```bash block marked `<!-- walkthrough -->` run in that
 * same bash session, exactly as written, each compared with the ```text block under it (`…`
 * matches any value that differs per run). The README's taste of the API is made of the
 * walk-through's own lines, so this test covers it too.
 */
const ROOT = path.resolve(__dirname, '../..');
const WALKTHROUGH = fs.readFileSync(path.join(ROOT, 'docs/walkthrough.md'), 'utf8');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

interface Step {
  script: string;
  expected: string[];
}

export function walkthroughSteps(page: string): Step[] {
  const steps: Step[] = [];
  const re = /<!-- walkthrough -->\n```bash\n([\s\S]*?)```\n```text\n([\s\S]*?)```/g;
  for (let m = re.exec(page); m; m = re.exec(page)) steps.push({ script: m[1], expected: m[2].replace(/\n$/, '').split('\n') });
  return steps;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A printed line matches its line on the page, `…` standing for any non-empty text. */
export function lineMatches(expected: string, actual: string): boolean {
  return new RegExp(`^${expected.split('…').map(escapeRe).join('.+?')}$`).test(actual);
}

/** One bash session fed step by step; each step's stdout is read up to a marker. */
class Shell {
  private readonly proc: ChildProcess;
  private out = '';
  private err = '';
  private n = 0;

  constructor(env: NodeJS.ProcessEnv) {
    this.proc = spawn('bash', ['--noprofile', '--norc'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout!.on('data', (d) => (this.out += d.toString()));
    this.proc.stderr!.on('data', (d) => (this.err += d.toString()));
  }

  run(script: string, timeoutMs = 90_000): Promise<{ lines: string[]; stderr: string }> {
    const marker = `@@walkthrough-step-${++this.n}@@`;
    this.out = '';
    this.err = '';
    this.proc.stdin!.write(`${script}\necho '${marker}'\n`);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const at = this.out.indexOf(marker);
        if (at >= 0) {
          clearInterval(poll);
          const text = this.out.slice(0, at).replace(/\n$/, '');
          resolve({ lines: text === '' ? [] : text.split('\n'), stderr: this.err });
        } else if (Date.now() - started > timeoutMs) {
          clearInterval(poll);
          reject(new Error(`step did not finish in ${timeoutMs} ms:\n${script}\nstdout: ${this.out}\nstderr: ${this.err}`));
        }
      }, 50);
    });
  }

  close(): void {
    this.proc.stdin!.end();
    this.proc.kill('SIGKILL');
  }
}

function startService(env: NodeJS.ProcessEnv): Promise<{ proc: ChildProcess; output: string; pasteLine: string }> {
  return new Promise((resolve, reject) => {
    // `npm start` exactly as the page says, in its own process group so that it stops whole
    const proc = spawn('npm', ['start'], { cwd: ROOT, env, detached: true });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`npm start printed no paste line within 120 s:\n${output}`)), 120_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const pasteLine = output.split('\n').find((l) => l.startsWith('export API='));
      if (pasteLine) {
        clearTimeout(timer);
        resolve({ proc, output, pasteLine });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d) => (output += d.toString()));
    proc.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

describe('docs/walkthrough.md, run as written against a fresh npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-walkthrough-'));
  const env: NodeJS.ProcessEnv = { ...process.env, TALLY_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.TALLY_SCHEDULER; // the service bills by itself, as a newcomer's does
  let service: { proc: ChildProcess; output: string; pasteLine: string } | undefined;
  let shell: Shell | undefined;

  afterAll(async () => {
    shell?.close();
    const proc = service?.proc;
    if (proc?.pid && proc.exitCode === null && proc.signalCode === null) {
      // the service writes its database while it shuts down: its folder is removed once it has exited
      const killLater = setTimeout(() => process.kill(-proc.pid!, 'SIGKILL'), 30_000);
      await stopService(service!);
      clearTimeout(killLater);
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }, 60_000);

  it('finds the walk-through blocks (a customer, a price, a card, a subscription, a paid invoice, usage on the next one)', () => {
    const steps = walkthroughSteps(WALKTHROUGH);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    const all = steps.map((s) => s.script).join('\n');
    for (const needed of [
      'POST /customers',
      'POST /pricing',
      'payment_methods',
      'POST /subscriptions',
      'billing run --now',
      '/events/ingest',
    ]) {
      expect(all).toContain(needed);
    }
    expect(lineMatches('pp_… pmp_…', 'pp_01abc pmp_01def')).toBe(true);
    expect(lineMatches('pp_… pmp_…', 'pp_01abc')).toBe(false);
    expect(lineMatches('PAID', 'PENDING')).toBe(false);
  });

  it("the README's taste of the API is made of lines the walk-through runs", () => {
    const taste = /<!-- taste: lines of docs\/walkthrough.md -->\n```bash\n([\s\S]*?)```/.exec(README);
    expect(taste).not.toBeNull();
    const run = new Set(walkthroughSteps(WALKTHROUGH).flatMap((s) => s.script.split('\n')));
    const lines = taste![1].split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.filter((l) => !run.has(l))).toEqual([]);
  });

  async function runBlocks(sh: Shell): Promise<void> {
    for (const step of walkthroughSteps(WALKTHROUGH)) {
      const { lines, stderr } = await sh.run(step.script);
      const report = `block:\n${step.script}\nexpected:\n${step.expected.join('\n')}\nprinted:\n${lines.join('\n')}\nstderr:\n${stderr}`;
      if (lines.length !== step.expected.length || !step.expected.every((e, i) => lineMatches(e, lines[i]))) {
        throw new Error(`docs/walkthrough.md drifted from the product\n${report}`);
      }
    }
  }

  function stopService(s: { proc: ChildProcess }): Promise<void> {
    return new Promise((resolve) => {
      s.proc.removeAllListeners('exit');
      s.proc.on('exit', () => resolve());
      process.kill(-s.proc.pid!, 'SIGTERM');
    });
  }

  it('prints one paste line that works, then every block prints what the page shows', async () => {
    service = await startService(env);
    expect(service.output).toMatch(/demo company:\s+cmp_[0-9a-z]{26}/);
    expect(service.output).toMatch(/demo token:\s+tally_sk_/);
    shell = new Shell(env);

    // the printed line, pasted as is: it sets API and TOKEN and lists the (empty) customers
    const pasted = await shell.run(service.pasteLine);
    expect(pasted.lines).toHaveLength(1);
    expect(JSON.parse(pasted.lines[0])).toEqual({ pagination: expect.any(Object), results: [] });
    await runBlocks(shell);
  }, 600_000);

  it('runs again, pasted as is, after a restart on the same data', async () => {
    expect(service).toBeDefined();
    shell!.close();
    await stopService(service!);
    service = await startService(env);
    shell = new Shell(env);
    const pasted = await shell.run(service.pasteLine);
    expect(JSON.parse(pasted.lines[0]).results).toHaveLength(1); // the first pass's customer is kept
    await runBlocks(shell);
  }, 600_000);
});
