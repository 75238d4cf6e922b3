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
  it('delivers by default and allows private targets by default', () => {
    expect(loadConfig({})).toMatchObject({ webhookDelivery: true, webhookBlockPrivate: false });
    expect(loadConfig({ TALLY_SCHEDULER: 'off' }).webhookDelivery).toBe(true);
  });

  it('reads both switches', () => {
    expect(loadConfig({ TALLY_WEBHOOK_DELIVERY: 'off', TALLY_WEBHOOK_BLOCK_PRIVATE: 'ON' })).toMatchObject({
      webhookDelivery: false,
      webhookBlockPrivate: true,
    });
  });

  it.each([{ TALLY_WEBHOOK_DELIVERY: 'no' }, { TALLY_WEBHOOK_BLOCK_PRIVATE: '1' }])('fails fast on %p', (env) => {
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
