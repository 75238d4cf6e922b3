import { Webhook } from 'standardwebhooks';
import {
  endpointUrlProblem,
  isAllowedHost,
  isPrivateAddress,
  newSigningSecret,
  nextAttemptAfterFailure,
  signature,
  signedHeaders,
  signingSecrets,
} from './delivery.rules';

describe('webhook delivery rules', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    const at = new Date('2030-01-01T00:00:00.000Z');
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAfterFailure(n, at)!.getTime() - at.getTime());
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAfterFailure(8, at)).toBeNull();
    expect(nextAttemptAfterFailure(9, at)).toBeNull();
  });

  it('signs as the Standard Webhooks specification says (its published example)', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(signature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('headers verify with the standardwebhooks library, for the current and the previous secret alike', () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test' });
    const ts = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], 'evt_1', ts, body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual({ id: 'evt_1', type: 'webhook.test' });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ id: 'evt_1', type: 'webhook.test' });
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it('the previous secret signs until it expires', () => {
    const at = new Date('2030-01-01T00:00:00.000Z');
    const e = { secret: 'whsec_new', previous_secret: 'whsec_old', previous_secret_expires_at: new Date(at.getTime() + 1000) };
    expect(signingSecrets(e, at)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(e, new Date(at.getTime() + 1000))).toEqual(['whsec_new']);
    expect(signingSecrets({ ...e, previous_secret: null, previous_secret_expires_at: null }, at)).toEqual(['whsec_new']);
  });

  it.each([
    ['https://example.com/hooks', null],
    ['http://127.0.0.1:8080/x?y=1', null],
    ['ftp://example.com/', 'must be an absolute http or https URL'],
    ['/relative', 'must be an absolute http or https URL'],
    ['example.com', 'must be an absolute http or https URL'],
    ['https://example.com/#frag', 'must not have a fragment (#…)'],
  ])('URL %s → %p', (url, problem) => {
    expect(endpointUrlProblem(url)).toBe(problem);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::127.0.0.1', true],
    ['::ffff:0:127.0.0.1', true],
    ['::ffff:0:a9fe:a9fe', true],
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a00:5', true],
    ['64:ff9b:1::7f00:1', true],
    ['2002:7f00:1::', true],
    ['2002:a9fe:a9fe::1', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    ['fec0::1', true],
    ['ff02::1', true],
    ['::', true],
    ['2001:db8::1', true],
    ['192.0.2.1', true],
    ['198.51.100.7', true],
    ['203.0.113.9', true],
    ['198.18.0.1', true],
    ['100.64.0.1', true],
    ['255.255.255.255', true],
    ['224.0.0.1', true],
    ['fe80::1%eth0', true],
    ['not-an-address', true],
    ['127.1', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['64:ff9b::808:808', false],
    ['2002:808:808::1', false],
    ['::8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s private: %p', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it.each([
    ['127.0.0.1', ['127.0.0.1'], true],
    ['[::1]', ['::1'], true],
    ['[0:0:0:0:0:0:0:1]', ['::1'], true],
    ['Hooks.Internal.', ['hooks.internal'], true],
    ['127.0.0.2', ['127.0.0.1'], false],
    ['[::ffff:127.0.0.1]', ['127.0.0.1'], false],
    ['sub.hooks.internal', ['hooks.internal'], false],
  ])('host %s with allowed %p: %p', (host, allowed, expected) => {
    expect(isAllowedHost(host, allowed)).toBe(expected);
  });
});
