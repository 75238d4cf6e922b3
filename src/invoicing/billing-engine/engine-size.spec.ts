/**
 * The engine stays readable: no function in this folder over 60 lines and no file over 300, so
 * that each billing feature lands in a small piece of its own. A function's length is counted
 * from the line of its first token to the line of its last, comments inside included; a file's
 * is its line count.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

const MAX_FUNCTION_LINES = 60;
const MAX_FILE_LINES = 300;

/** Every TypeScript file of the engine folder and its subfolders, specs included. */
function engineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? engineFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const files = engineFiles(__dirname);

/** Lines as `wc -l` counts them, plus a last line without a newline. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function longFunctions(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push(`${relative(__dirname, path)}:${first + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('billing engine size bounds', () => {
  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files.filter((f) => lineCount(readFileSync(f, 'utf8')) > MAX_FILE_LINES).map((f) => relative(__dirname, f));
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((f) => longFunctions(f))).toEqual([]);
  });

  it('the measure catches a long function, a method and an arrow function (so the checks above can fail)', () => {
    const body = Array.from({ length: 60 }, (_, k) => `  const v${k} = ${k};`).join('\n');
    const text = [
      `function f() {\n${body}\n}`,
      `class C {\n  m() {\n${body}\n  }\n}`,
      `const g = () => {\n${body}\n};`,
      'const short = () => 1;',
    ].join('\n');
    expect(longFunctions(join(__dirname, 'x.ts'), text)).toEqual(['x.ts:1 (62 lines)', 'x.ts:64 (62 lines)', 'x.ts:127 (62 lines)']);
  });
});
