import { isLoopback } from './mail-transport';

describe('mail transport', () => {
  it('skips the certificate check only for an SMTP server on this machine', () => {
    for (const url of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtps://[::1]:465', 'smtp://u:p@127.1.2.3:25']) {
      expect(isLoopback(url)).toBe(true);
    }
    for (const url of ['smtp://mail.example.com:587', 'smtps://10.0.0.5:465', 'smtp://localhost.example.com:25', 'smtp://128.0.0.1:25']) {
      expect(isLoopback(url)).toBe(false);
    }
  });
});
