import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError } from '../config/config';
import { companyOfPageSecret, hashPageSecret, PAGE_KEY_FILE, PageSecrets, resolvePageKey, samePageHash } from './page-secrets';

const COMPANY = 'cmp_01hzzzzzzzzzzzzzzzzzzzzzzz';
const noDatabase = () => Promise.reject(new Error('no query expected'));

describe('page secrets', () => {
  it('derive the same secret from the same key, kind, company, record and nonce, and another when any changes', () => {
    const pages = new PageSecrets('k'.repeat(32));
    const s = pages.secret('invoice', COMPANY, 'inv_1', 'n1');
    expect(new PageSecrets('k'.repeat(32)).secret('invoice', COMPANY, 'inv_1', 'n1')).toBe(s);
    expect(companyOfPageSecret(s)).toBe(COMPANY);
    for (const other of [
      new PageSecrets('j'.repeat(32)).secret('invoice', COMPANY, 'inv_1', 'n1'),
      pages.secret('checkout', COMPANY, 'inv_1', 'n1'),
      pages.secret('invoice', 'cmp_01hyyyyyyyyyyyyyyyyyyyyyyy', 'inv_1', 'n1'),
      pages.secret('invoice', COMPANY, 'inv_2', 'n1'),
      pages.secret('invoice', COMPANY, 'inv_1', 'n2'),
    ])
      expect(other).not.toBe(s);
  });

  it('issue a fresh nonce each time and store only the hash of the secret', () => {
    const pages = new PageSecrets('k'.repeat(32));
    const a = pages.issue('signing', COMPANY, 'ctr_1:a@x.test');
    const b = pages.issue('signing', COMPANY, 'ctr_1:a@x.test');
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.hash).toBe(hashPageSecret(pages.secret('signing', COMPANY, 'ctr_1:a@x.test', a.nonce)));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(samePageHash(a.hash, a.hash)).toBe(true);
    expect(samePageHash(a.hash, b.hash)).toBe(false);
    expect(samePageHash(null, a.hash)).toBe(false);
  });

  it('refuse a key shorter than 32 characters', () => {
    expect(() => new PageSecrets('k'.repeat(31))).toThrow(ConfigError);
  });
});

describe('the page key', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-page-key-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the configured one when TALLY_PAGE_KEY is set', async () => {
    const key = 'c'.repeat(40);
    expect(await resolvePageKey(noDatabase, { pageKey: key, databaseUrl: 'postgresql://x/y', dataDir: dir })).toBe(key);
    expect(fs.existsSync(path.join(dir, PAGE_KEY_FILE))).toBe(false);
  });

  it('on the embedded database, is generated once and kept in the data folder, readable by its owner only', async () => {
    const source = { pageKey: null, databaseUrl: null, dataDir: path.join(dir, 'data') };
    const first = await resolvePageKey(noDatabase, source);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolvePageKey(noDatabase, source)).toBe(first);
    const file = path.join(dir, 'data', PAGE_KEY_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('on the embedded database, refuses a kept key too short to be one', async () => {
    fs.writeFileSync(path.join(dir, PAGE_KEY_FILE), 'short');
    await expect(resolvePageKey(noDatabase, { pageKey: null, databaseUrl: null, dataDir: dir })).rejects.toThrow(ConfigError);
  });
});
