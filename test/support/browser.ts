import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { Clock } from '../../src/platform/clock/clock';
import { createTestApp, Tenant, TestApp } from './app';
import { chromiumPath } from './system-tools';

/** Screenshots of the hosted pages (git-ignored). */
export const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface BrowserHarness {
  t: TestApp;
  a: Tenant;
  browser: Browser;
  /** PUBLIC_URL of the listening app (hosted-page links point here). */
  publicUrl: string;
  close(): Promise<void>;
}

/**
 * The real app listening on 127.0.0.1 with PUBLIC_URL pointing at it, a company, and headless
 * Chromium (`chromiumPath()`) driven by playwright-core (flags for this machine's closed network).
 */
export async function startBrowserHarness(options: { clock: Clock; companyName: string }): Promise<BrowserHarness> {
  // before anything starts: a missing Chromium fails the file with how to install it
  const executablePath = chromiumPath();
  const savedPublicUrl = process.env.PUBLIC_URL;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  process.env.PUBLIC_URL = publicUrl;
  const t = await createTestApp({ clock: options.clock });
  await t.app.listen(port, '127.0.0.1');
  const a = await t.tenant(options.companyName);
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    t,
    a,
    browser,
    publicUrl,
    async close() {
      await browser.close();
      await t.close();
      if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = savedPublicUrl;
    },
  };
}
