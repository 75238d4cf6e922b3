import { ConfigError, loadConfig } from './config';

describe('rate limit configuration', () => {
  it('has generous defaults, per instance', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      apiPoints: 6000,
      pagePoints: 120,
      windowSeconds: 60,
      redisUrl: null,
      keyPrefix: 'tally:rl',
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      TALLY_RATE_LIMIT: '100',
      TALLY_PAGE_RATE_LIMIT: 'OFF',
      TALLY_RATE_LIMIT_WINDOW: '10',
      REDIS_URL: 'redis://cache:6379/2',
      TALLY_RATE_LIMIT_PREFIX: 'acme:rl',
    });
    expect(c.rateLimit).toEqual({
      apiPoints: 100,
      pagePoints: null,
      windowSeconds: 10,
      redisUrl: 'redis://cache:6379/2',
      keyPrefix: 'acme:rl',
    });
    expect(loadConfig({ TALLY_RATE_LIMIT: 'off' }).rateLimit.apiPoints).toBeNull();
  });

  it.each([
    { TALLY_RATE_LIMIT: '0' },
    { TALLY_RATE_LIMIT: '1.5' },
    { TALLY_RATE_LIMIT: 'many' },
    { TALLY_PAGE_RATE_LIMIT: '-1' },
    { TALLY_RATE_LIMIT_WINDOW: '0' },
    { TALLY_RATE_LIMIT_WINDOW: '90000' },
    { REDIS_URL: 'http://cache' },
    { TALLY_RATE_LIMIT_PREFIX: 'has space' },
  ])('fails fast on %p', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

describe('webhook configuration', () => {
  const PG = 'postgresql://u@db:5432/tally';

  it('delivers by default; private targets are blocked on PostgreSQL, allowed on the embedded database', () => {
    expect(loadConfig({})).toMatchObject({ webhookDelivery: true, webhookBlockPrivate: false, webhookAllowedHosts: [] });
    expect(loadConfig({ DATABASE_URL: PG })).toMatchObject({ webhookBlockPrivate: true, webhookAllowedHosts: [] });
    expect(loadConfig({ TALLY_SCHEDULER: 'off' }).webhookDelivery).toBe(true);
    expect(loadConfig({ TALLY_WEBHOOK_DELIVERY: 'off' }).webhookDelivery).toBe(false);
  });

  it('mail: SMTP_URL and MAIL_FROM; .eml files in the data folder only on the embedded database; its own switch', () => {
    expect(loadConfig({ TALLY_DATA_DIR: '/tmp/tally-x' })).toMatchObject({
      smtpUrl: null,
      mailDir: '/tmp/tally-x/mail',
      mailDelivery: true,
    });
    expect(loadConfig({ DATABASE_URL: PG })).toMatchObject({ smtpUrl: null, mailDir: null });
    expect(loadConfig({ DATABASE_URL: PG, TALLY_MAIL_DIR: '/tmp/outbox' }).mailDir).toBe('/tmp/outbox');
    const smtp = loadConfig({ SMTP_URL: 'smtps://u:p@mail.test:465', MAIL_FROM: 'Acme <b@acme.test>' });
    expect(smtp).toMatchObject({ smtpUrl: 'smtps://u:p@mail.test:465', mailFrom: 'Acme <b@acme.test>' });
    expect(loadConfig({ TALLY_SCHEDULER: 'off' }).mailDelivery).toBe(true);
    expect(loadConfig({ TALLY_MAIL_DELIVERY: 'off' }).mailDelivery).toBe(false);
  });

  it('reads the allowed hosts: names lower-cased, addresses in their canonical spelling', () => {
    const env = { DATABASE_URL: PG, TALLY_WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Hooks.Internal. ,[::1],0:0:0:0:0:0:0:1,, receiver_1 ' };
    expect(loadConfig(env).webhookAllowedHosts).toEqual(['127.0.0.1', 'hooks.internal', '::1', 'receiver_1']);
  });

  it('accepts TALLY_WEBHOOK_BLOCK_PRIVATE=on (what is now the default) and refuses off, pointing to its replacement', () => {
    expect(loadConfig({ DATABASE_URL: PG, TALLY_WEBHOOK_BLOCK_PRIVATE: 'on' }).webhookBlockPrivate).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: PG, TALLY_WEBHOOK_BLOCK_PRIVATE: 'off' })).toThrow(/TALLY_WEBHOOK_ALLOWED_HOSTS/);
  });

  it.each([
    { TALLY_WEBHOOK_DELIVERY: 'no' },
    { TALLY_WEBHOOK_BLOCK_PRIVATE: '1' },
    { TALLY_WEBHOOK_ALLOWED_HOSTS: '10.0.0.0/8' },
    { TALLY_WEBHOOK_ALLOWED_HOSTS: '*.internal' },
    { TALLY_WEBHOOK_ALLOWED_HOSTS: 'http://hooks.internal' },
    { SMTP_URL: 'http://mail.test' },
    { SMTP_URL: 'mail.test:25' },
    { MAIL_FROM: 'not an address' },
    { TALLY_MAIL_DELIVERY: 'maybe' },
  ])('fails fast on %p', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

describe('metrics endpoint configuration', () => {
  it('is open without TALLY_METRICS_TOKEN and guarded with it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ TALLY_METRICS_TOKEN: 'scrape-secret-0123456789' }).metricsToken).toBe('scrape-secret-0123456789');
  });

  it.each(['short', 'has a space in it, long enough', 'x'.repeat(513), 'tab\tinside-the-token-text'])(
    'fails fast on the token %p',
    (token) => {
      expect(() => loadConfig({ TALLY_METRICS_TOKEN: token })).toThrow(ConfigError);
    },
  );
});

describe('page key configuration', () => {
  it('is unset without TALLY_PAGE_KEY (a key is then generated and kept) and taken as given with it', () => {
    expect(loadConfig({}).pageKey).toBeNull();
    const key = 'k'.repeat(32);
    expect(loadConfig({ TALLY_PAGE_KEY: key }).pageKey).toBe(key);
  });

  it.each(['k'.repeat(31), 'short', 'a key with spaces that is long enough', 'x'.repeat(1025)])('fails fast on the key %p', (key) => {
    expect(() => loadConfig({ TALLY_PAGE_KEY: key })).toThrow(ConfigError);
  });
});
