import request from 'supertest';
import { cli } from '../support/cli';
import { TOKEN_CACHE_TTL_MS } from '../../src/platform/auth/companies.service';
import { createTestApp, TestApp } from '../support/app';

describe('command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const find = (companyId: string, token: string) =>
    request(t.http).post(`/api/v1/companies/${companyId}/entitlements/find`).set('Authorization', `Bearer ${token}`).send({});

  it('creates two companies whose tokens work on their own company only', async () => {
    const one = await cli('company', 'create', '--name', 'Acme', '--json');
    const two = await cli('company', 'create', '--name', 'Globex', '--json');
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
    const a = JSON.parse(one.stdout);
    const b = JSON.parse(two.stdout);
    expect(a).toEqual({
      company_id: expect.stringMatching(/^cmp_[0-9a-z]{26}$/),
      token: expect.stringMatching(/^tally_sk_/),
      token_id: expect.stringMatching(/^key_/),
    });
    expect(b.company_id).not.toBe(a.company_id);
    await find(a.company_id, a.token).expect(200);
    await find(b.company_id, b.token).expect(200);
    await find(a.company_id, b.token).expect(403);
  });

  it('creates, lists and revokes tokens', async () => {
    const company = JSON.parse((await cli('company', 'create', '--name', 'Tokens Inc', '--json')).stdout);
    const created = await cli('token', 'create', '--company', company.company_id, '--json');
    expect(created.code).toBe(0);
    const token = JSON.parse(created.stdout);
    expect(token).toEqual({ token_id: expect.stringMatching(/^key_/), token: expect.stringMatching(/^tally_sk_/) });
    await find(company.company_id, token.token).expect(200);

    const listed = JSON.parse((await cli('token', 'list', '--company', company.company_id, '--json')).stdout);
    expect(listed.tokens.map((x: { token_id: string }) => x.token_id)).toEqual([company.token_id, token.token_id]);
    expect(JSON.stringify(listed)).not.toContain('tally_sk_');

    const revoked = await cli('token', 'revoke', '--token-id', token.token_id, '--json');
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ token_id: token.token_id, revoked_at: expect.any(String) });
    // the command line is another instance: the service may still accept the token from its cache
    // for up to TOKEN_CACHE_TTL_MS (the documented revocation bound), never longer
    const revokedAt = Date.now();
    let status = (await find(company.company_id, token.token)).status;
    while (status === 200 && Date.now() - revokedAt < TOKEN_CACHE_TTL_MS + 1000) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await find(company.company_id, token.token)).status;
    }
    expect(status).toBe(401);
    await find(company.company_id, company.token).expect(200);
    const after = JSON.parse((await cli('token', 'list', '--company', company.company_id, '--json')).stdout);
    expect(after.tokens.find((x: { token_id: string }) => x.token_id === token.token_id).revoked_at).not.toBeNull();
  });

  it('prints human output without --json', async () => {
    const res = await cli('company', 'create', '--name', 'Human');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/company cmp_\w+ created/);
  });

  it.each([
    [['company', 'create']],
    [['company', 'create', '--name', '   ']],
    [['token', 'create']],
    [['token', 'create', '--company', 'cmp_01jzzzzzzzzzzzzzzzzzzzzzzz']],
    [['token', 'create', '--company', 'nope']],
    [['token', 'revoke', '--token-id', 'key_01jzzzzzzzzzzzzzzzzzzzzzzz']],
    [['token', 'list', '--company', 'cmp_01jzzzzzzzzzzzzzzzzzzzzzzz']],
    [['frobnicate']],
    [['company', 'create', '--name', 'x', '--bogus']],
  ])('fails with a message and a non-zero exit for %j', async (args) => {
    const res = await cli(...args);
    expect(res.code).not.toBe(0);
    expect(res.stderr.length).toBeGreaterThan(0);
    expect(res.stdout).toBe('');
  });
});
