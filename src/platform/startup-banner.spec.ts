import { loadConfig } from './config/config';
import { startBanner } from './startup-banner';

describe('start banner', () => {
  const url = 'http://127.0.0.1:3000';

  it('with a demo token: one line to paste that sets API and TOKEN and calls the API with them', () => {
    const text = startBanner(url, loadConfig({}), { company_id: 'cmp_x', token: 'tally_sk_cmp_x_secret' });
    const paste = text.split('\n').filter((l) => l.startsWith('export '));
    expect(paste).toEqual([
      `export API=${url}/api/v1/companies/cmp_x TOKEN=tally_sk_cmp_x_secret && curl -s -X POST "$API/customers/find" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{}'`,
    ]);
    expect(text).toContain('demo token:    tally_sk_cmp_x_secret');
  });

  it('with DATABASE_URL and no TALLY_DEMO: no company and no token printed', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    expect(config.demo).toBe(false);
    const text = startBanner(url, config, null);
    expect(text).toContain('PostgreSQL from DATABASE_URL');
    expect(text).not.toMatch(/tally_sk_|export API/);
    expect(text).toContain('npm run cli -- company create');
  });

  it('a demo company whose token this folder did not keep: how to make one, no paste line', () => {
    const text = startBanner(url, loadConfig({}), { company_id: 'cmp_x', token: null });
    expect(text).toContain('token create --company cmp_x');
    expect(text).not.toContain('export API');
  });

  it('says where mail goes: the SMTP server (never its password), the .eml folder, or nowhere', () => {
    const smtp = startBanner(url, loadConfig({ SMTP_URL: 'smtp://user:s3cret@mail.test:2525' }), null);
    expect(smtp).toContain('mail:          sent through smtp://mail.test:2525');
    expect(smtp).not.toContain('s3cret');
    expect(startBanner(url, loadConfig({ TALLY_DATA_DIR: '/tmp/tally-b' }), null)).toContain('written as .eml files to /tmp/tally-b/mail');
    expect(startBanner(url, loadConfig({ DATABASE_URL: 'postgres://u@h/db' }), null)).toContain('mail:          not sent and not saved');
  });
});
