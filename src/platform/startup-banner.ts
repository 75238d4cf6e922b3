import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { CompaniesService } from './auth/companies.service';
import type { TallyConfig } from './config/config';

const DEMO_FILE = 'demo-credentials.json';

export interface DemoCredentials {
  company_id: string;
  token: string | null;
}

/** The demo company (made once, by the same factory as every company) and its token when this folder kept it. */
export async function demoCredentials(app: INestApplication, dataDir: string): Promise<DemoCredentials> {
  const demo = await app.get(CompaniesService).ensureDemoCompany();
  const demoFile = path.join(dataDir, DEMO_FILE);
  if (demo.created && demo.token) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(demoFile, JSON.stringify({ company_id: demo.company_id, token: demo.token }, null, 2), { mode: 0o600 });
    return { company_id: demo.company_id, token: demo.token };
  }
  if (fs.existsSync(demoFile)) {
    const saved = JSON.parse(fs.readFileSync(demoFile, 'utf8')) as DemoCredentials;
    if (saved.company_id === demo.company_id) return { company_id: demo.company_id, token: saved.token };
  }
  return { company_id: demo.company_id, token: null };
}

/** What `npm start` prints: where it listens and, with a demo company, one command to paste. */
export function startBanner(url: string, config: TallyConfig, demo: DemoCredentials | null): string {
  const lines = [
    '',
    `Tally is listening on ${url}`,
    `  database:      ${config.databaseUrl ? 'PostgreSQL from DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}`,
    `  API reference: ${url}/api/docs`,
    `  mail:          ${mailLine(config)}`,
  ];
  if (!demo) {
    lines.push('  demo company:  none (TALLY_DEMO=off); make a company with: npm run cli -- company create --name Acme');
  } else if (!demo.token) {
    lines.push(`  demo company:  ${demo.company_id}`);
    lines.push(`  demo token:    (not stored here; make one with: npm run cli -- token create --company ${demo.company_id})`);
  } else {
    const api = `${url}/api/v1/companies/${demo.company_id}`;
    lines.push(`  demo company:  ${demo.company_id}`, `  demo token:    ${demo.token}`, '');
    lines.push('Paste this into a shell to follow docs/walkthrough.md (it sets API and TOKEN and lists your customers):');
    lines.push(
      `export API=${api} TOKEN=${demo.token} && curl -s -X POST "$API/customers/find" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{}'`,
    );
  }
  return lines.join('\n') + '\n\n';
}

/** Where the messages Tally sends go (the SMTP server's password is never printed). */
function mailLine(config: TallyConfig): string {
  if (config.smtpUrl) {
    const u = new URL(config.smtpUrl);
    return `sent through ${u.protocol}//${u.host}`;
  }
  if (config.mailDir) return `not sent (no SMTP_URL): written as .eml files to ${config.mailDir}`;
  return 'not sent and not saved (set SMTP_URL, or TALLY_MAIL_DIR for .eml files)';
}
