import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigError, loadConfig, TallyConfig } from '../config/config';
import { companiesToVisit, crossCompany } from '../database/cross-company';

/**
 * The secrets of hosted page links (invoice page and PDF, checkout page, contract signing page).
 *
 * A secret is derived, never stored: `<company id>_<base64url(HMAC-SHA256(page key,
 * "<kind>:<company id>:<record id>:<nonce>"))>`. The record keeps only the SHA-256 of its secret
 * (to find it when a page is opened) and its nonce (to show the link again on every read). A
 * copy of the tables, a backup or a read-only SQL access therefore cannot open a page; changing
 * the nonce revokes the link. The company id in front lets the page look the hash up under its
 * company (company_id leads every key), as portal links and API tokens do.
 *
 * The page key comes from TALLY_PAGE_KEY. Without it, one is generated once and kept: on the
 * embedded database in the data folder (`page-key`, mode 0600), on PostgreSQL in the
 * platform_keys table (every instance reads the same row). Production should set
 * TALLY_PAGE_KEY so that the database never holds what rebuilds a link.
 */
export type PageKind = 'invoice' | 'checkout' | 'signing';

const SECRET_PATTERN = /^(cmp_[0-9a-z]{26})_([A-Za-z0-9_-]{43})$/;
export const PAGE_KEY_FILE = 'page-key';
const PAGE_KEY_NAME = 'page';

export class PageSecrets {
  private readonly key: Buffer;

  /** `publicUrl`: the address links start with (PUBLIC_URL). */
  constructor(
    key: string,
    readonly publicUrl = '',
  ) {
    if (key.length < 32) throw new ConfigError('the page key must be at least 32 characters');
    this.key = Buffer.from(key, 'utf8');
  }

  /** A fresh nonce for a record (a new link; replacing it revokes the previous one). */
  static newNonce(): string {
    return randomBytes(16).toString('base64url');
  }

  /** The secret of a record's link, rebuilt from the key and the record's nonce. */
  secret(kind: PageKind, companyId: string, recordId: string, nonce: string): string {
    const mac = createHmac('sha256', this.key).update(`${kind}:${companyId}:${recordId}:${nonce}`, 'utf8').digest('base64url');
    return `${companyId}_${mac}`;
  }

  /** What the record stores for its link: the hash of the secret `secret()` rebuilds. */
  hashOf(kind: PageKind, companyId: string, recordId: string, nonce: string): string {
    return hashPageSecret(this.secret(kind, companyId, recordId, nonce));
  }

  /** A new link for a record: the nonce and the hash to store (the secret itself is never stored). */
  issue(kind: PageKind, companyId: string, recordId: string): { nonce: string; hash: string } {
    const nonce = PageSecrets.newNonce();
    return { nonce, hash: this.hashOf(kind, companyId, recordId, nonce) };
  }
}

/** What a read needs to show a link: the public address and the key the secret is rebuilt with. */
export type PageLinks = Pick<PageSecrets, 'publicUrl' | 'secret'>;

/** SHA-256 (hex) of a presented or derived secret: what the tables store and look up. */
export function hashPageSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The company of a well-formed page secret, or null (then the page answers "not found" without a lookup). */
export function companyOfPageSecret(secret: unknown): string | null {
  const m = typeof secret === 'string' ? SECRET_PATTERN.exec(secret) : null;
  return m ? m[1] : null;
}

/** Compares two stored hashes in constant time. */
export function samePageHash(a: string | null | undefined, b: string): boolean {
  if (!a) return false;
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Where the page key comes from: the configuration's key, else the data folder (embedded) or platform_keys (PostgreSQL). */
export type PageKeySource = Pick<TallyConfig, 'pageKey' | 'databaseUrl' | 'dataDir'>;

/** The page key: configured, or generated once and kept (see PageSecrets). */
export async function resolvePageKey(query: Query, source: PageKeySource): Promise<string> {
  if (source.pageKey) return source.pageKey;
  if (!source.databaseUrl) return keyInDataFolder(source.dataDir);
  await query(`${crossCompany('page-key')}INSERT INTO platform_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    PAGE_KEY_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const rows = await query(`${crossCompany('page-key')}SELECT value FROM platform_keys WHERE name = $1`, [PAGE_KEY_NAME]);
  return String(rows[0].value);
}

function keyInDataFolder(dataDir: string): string {
  const file = path.join(dataDir, PAGE_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new ConfigError(`${file} must hold a page key of at least 32 characters (delete it to generate one)`);
  return key;
}

let migrationSource: PageKeySource | null = null;

/** The configuration migrations take the page key from (prepareDatabase sets it; else the environment's). */
export function usePageKeySource(source: PageKeySource | null): void {
  migrationSource = source;
}

/** A record of a table being moved from a plaintext secret to a hash (see hashPlaintextSecrets). */
export interface PlaintextSecretColumns {
  table: string;
  kind: PageKind;
  /** The columns that, with company_id, identify a record; joined by ':' they are its record id. */
  keys: string[];
  plaintext: string;
  hash: string;
  nonce: string;
  /** Keeps the hash of the plaintext secret, so links handed out before keep opening. */
  legacyHash: string;
}

/**
 * For a migration: every record of `table` with a plaintext secret gets a nonce and the hash of
 * its derived secret (the link reads show from now on), and the hash of its plaintext secret in
 * `legacyHash` (the link handed out before keeps opening); the plaintext is then cleared. Company
 * by company, in batches. The migration drops the plaintext column afterwards.
 */
export async function hashPlaintextSecrets(query: Query, c: PlaintextSecretColumns, batch = 1000): Promise<number> {
  const secrets = new PageSecrets(await resolvePageKey(query, migrationSource ?? loadConfig(process.env)));
  const companies = await companiesToVisit((sql) => query(sql) as Promise<{ company_id: string }[]>, 'page-secret-hash');
  const keyList = c.keys.join(', ');
  let total = 0;
  for (const companyId of companies) {
    for (;;) {
      const rows = await query(
        `SELECT ${keyList}, ${c.plaintext} AS plaintext FROM ${c.table}
          WHERE company_id = $1 AND ${c.plaintext} IS NOT NULL ORDER BY ${keyList} LIMIT $2`,
        [companyId, batch],
      );
      if (rows.length === 0) break;
      const nonces = rows.map(() => PageSecrets.newNonce());
      const recordIds = rows.map((r) => c.keys.map((k) => String(r[k])).join(':'));
      const keyArrays = c.keys.map((k) => rows.map((r) => String(r[k])));
      const n = c.keys.length;
      await query(
        `UPDATE ${c.table} t SET ${c.hash} = v.hash, ${c.nonce} = v.nonce, ${c.legacyHash} = v.legacy, ${c.plaintext} = NULL
           FROM unnest(${c.keys.map((_, i) => `$${i + 2}::text[]`).join(', ')}, $${n + 2}::text[], $${n + 3}::text[], $${n + 4}::text[])
                AS v(${keyList}, hash, nonce, legacy)
          WHERE t.company_id = $1 AND ${c.keys.map((k) => `t.${k} = v.${k}`).join(' AND ')}`,
        [
          companyId,
          ...keyArrays,
          rows.map((_, i) => secrets.hashOf(c.kind, companyId, recordIds[i], nonces[i])),
          nonces,
          rows.map((r) => hashPageSecret(String(r.plaintext))),
        ],
      );
      total += rows.length;
    }
  }
  return total;
}
