import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

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
