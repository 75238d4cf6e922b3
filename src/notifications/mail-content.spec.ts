import { invoiceMail, mailDate, mailLocale, mailMoney, paymentFailedMail } from './mail-content';
import { recipientsOf } from './notification-planner.service';
import { nextMailAttempt, MAIL_RETRY_DELAYS_MS } from './mail-worker.service';

const brand = { displayName: 'Acme <Cloud>', accentColor: '#0f766e', supportEmail: 'help@acme.test' };

describe('mail content', () => {
  it('amounts in the customer locale, exact to the cent, in the invoice currency', () => {
    expect(mailMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(mailMoney(123456, 'EUR', 'de-DE')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.56));
    expect(mailMoney(5, 'USD', 'en-US')).toBe('$0.05');
    // a currency without minor units: the cents are its units
    expect(mailMoney(1500, 'JPY', 'ja-JP')).toBe(new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(1500));
  });

  it('dates in UTC, in the locale; unknown or absent locales read en-US', () => {
    expect(mailDate(new Date('2027-03-05T23:30:00Z'), 'en-US')).toBe('March 5, 2027');
    // the company's zone: Apr 1 00:00 in Paris is Mar 31 22:00 UTC
    expect(mailDate(new Date('2027-03-31T22:00:00Z'), 'en-US', 'Europe/Paris')).toBe('April 1, 2027');
    expect(mailLocale(null)).toBe('en-US');
    expect(mailLocale('not a locale!')).toBe('en-US');
    expect(mailLocale('fr_FR')).toBe('fr-FR');
  });

  it('the invoice mail: subject, escaped HTML with the accent colour, text with the link', () => {
    const mail = invoiceMail({
      brand,
      locale: 'en-US',
      number: 42,
      currency: 'USD',
      totalCents: 5000,
      dueCents: 4200,
      dueDate: new Date('2027-04-01T00:00:00Z'),
      hostedLink: 'https://pay.test/invoices/pay/x?a=1&b=2',
    });
    expect(mail.subject).toBe('Invoice 42 from Acme <Cloud>');
    expect(mail.html).toContain('Acme &#60;Cloud&#62;');
    expect(mail.html).not.toContain('Acme <Cloud>');
    expect(mail.html).toContain('href="https://pay.test/invoices/pay/x?a=1&#38;b=2"');
    expect(mail.html).toContain('#0f766e');
    expect(mail.text).toContain('Amount due: $42.00');
    expect(mail.text).toContain('Due date: April 1, 2027');
    expect(mail.text).toContain('https://pay.test/invoices/pay/x?a=1&b=2');
    expect(mail.text).toContain('help@acme.test');
  });

  it('payment failed: the pay link and what is due', () => {
    const mail = paymentFailedMail({
      brand,
      locale: 'en-US',
      currency: 'USD',
      amountCents: 900,
      dueCents: 900,
      at: new Date(),
      invoiceNumber: 'ACME-2028-0007',
      hostedLink: 'https://pay.test/p',
    });
    expect(mail.subject).toBe('Payment failed for invoice ACME-2028-0007 from Acme <Cloud>');
    expect(mail.text).toContain('Pay the invoice: https://pay.test/p');
  });

  it('recipients: To the email, Cc the other billing e-mails (once each); none without any address', () => {
    expect(recipientsOf({ email: 'a@x.test', billing_emails: ['b@x.test', 'A@x.test', 'b@x.test'] })).toEqual({
      to: ['a@x.test'],
      cc: ['b@x.test'],
    });
    expect(recipientsOf({ email: null, billing_emails: ['b@x.test', 'c@x.test'] })).toEqual({ to: ['b@x.test'], cc: ['c@x.test'] });
    expect(recipientsOf({ email: null, billing_emails: null })).toBeNull();
  });

  it('the retry schedule: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then spent', () => {
    const t = new Date('2027-01-01T00:00:00Z');
    expect(MAIL_RETRY_DELAYS_MS.map((_, i) => nextMailAttempt(i + 1, t)!.getTime() - t.getTime())).toEqual([
      60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000,
    ]);
    expect(nextMailAttempt(MAIL_RETRY_DELAYS_MS.length + 1, t)).toBeNull();
  });
});
