import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './node-flags';

const root = path.resolve(__dirname, '..', '..', '..');
const serverCommand = ['node', ...SERVER_NODE_FLAGS, 'dist/main.js'];

describe('the server is started with SERVER_NODE_FLAGS', () => {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it.each(['start', 'start:prod'])('npm run %s', (name) => {
    const last = scripts[name].split('&&').pop()!.trim();
    expect(last.split(/\s+/)).toEqual(serverCommand);
  });

  it("the image's CMD", () => {
    const cmd = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('CMD '))
      .pop()!;
    expect(JSON.parse(cmd.slice(4))).toEqual(serverCommand);
  });

  it('names a flag node accepts, with a size in MB', () => {
    for (const flag of SERVER_NODE_FLAGS) expect(flag).toMatch(/^--max-semi-space-size=\d+$/);
    expect(process.allowedNodeEnvironmentFlags.has('--max-semi-space-size')).toBe(true);
  });
});
