import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';

/**
 * Programs a few tests drive that npm does not install: the tests find them, and when one is
 * missing they fail with how to install it (`npm test` installs nothing system-wide; `.ci/run`
 * installs both through `.ci/browser`).
 */

/** Debian's Chromium (`/usr/bin/chromium`), or the executable `CHROMIUM_PATH` names. */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  const candidate = configured || '/usr/bin/chromium';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    const where = configured ? `CHROMIUM_PATH=${configured} is not an executable file` : '/usr/bin/chromium not found';
    throw new Error(
      `the browser tests need a headless Chromium: ${where}. Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`, ` +
        'or `sudo bash .ci/browser`) or set CHROMIUM_PATH to a Chromium or Chrome executable',
    );
  }
}

/** Poppler's `pdftotext` on the PATH. */
export function pdftotextPath(): string {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return 'pdftotext';
  } catch {
    throw new Error(
      'the invoice PDF tests read PDFs with `pdftotext`, which is not on the PATH. Install poppler-utils ' +
        '(Debian/Ubuntu: `sudo apt-get install poppler-utils`, or `sudo bash .ci/browser`)',
    );
  }
}

/** The text of a PDF as `pdftotext -layout` reads it (from a file in a folder removed after). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'tally-pdf-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync(pdftotextPath(), ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A supertest request whose answer body is kept as one Buffer (a PDF). */
export const binary = (res: request.Test): request.Test =>
  res.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
