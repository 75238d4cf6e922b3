import { signedTermsText } from './signatories';
import { esc, fillVariables, formatDate, formatMoney, formatPeriod, formatTerm } from '../../platform/hosted-pages/format';
import { renderNotFound, renderSigningForm, renderStatePage, SigningPageModel } from './signing-page.html';

describe('hosted page formatting', () => {
  it.each([
    [5800, 'USD', '$58.00'],
    [0, 'USD', '$0.00'],
    [123456789, 'USD', '$1,234,567.89'],
    [0.2, 'USD', '$0.002'],
    ['12.5', 'USD', '$0.125'],
    [1250, 'EUR', '€12.50'],
    [500, 'JPY', '¥500'],
  ] as const)('formatMoney(%p, %s) = %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it('terms and periods read naturally', () => {
    expect(formatTerm(1, 'YEAR')).toBe('1 year');
    expect(formatTerm(12, 'MONTH')).toBe('12 months');
    expect(formatTerm(1, 'BI_ANNUAL')).toBe('6 months');
    expect(formatTerm(2, 'BI_MONTH')).toBe('4 months');
    expect(formatPeriod(1, 'MONTH')).toBe('month');
    expect(formatPeriod(3, 'MONTH')).toBe('3 months');
    expect(formatPeriod(1, 'ONETIME')).toBe('one time');
    expect(formatDate(new Date('2027-04-01T00:00:00.000Z'))).toBe('1 April 2027');
  });

  it('escapes every HTML-significant character', () => {
    expect(esc(`<a href="x" onclick='y'>&\`</a>`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#96;&#60;/a&#62;');
    expect(esc(null)).toBe('');
  });

  it('fills {{placeholders}} from custom variables, leaving unknown ones as written', () => {
    expect(fillVariables('Hello {{ name }}, {{n}} seats, {{missing}}, {{obj}}', { name: 'Acme', n: 3, obj: { x: 1 } })).toBe(
      'Hello Acme, 3 seats, {{missing}}, {{obj}}',
    );
  });
});

describe('signing page HTML', () => {
  const model: SigningPageModel = {
    companyName: 'Co <b>',
    brand: { name: 'Co <b>', accentColor: null, supportEmail: null },
    title: 'T "quoted" <i>',
    customerName: 'Cust & Sons',
    customerDetail: null,
    signatoryName: '<img src=x>',
    signatoryEmail: 'a@b.test',
    signatoryTitle: null,
    recurring: [{ name: 'Seats <x>', detail: '2 licences × $58.00', amount: '$116.00 / month' }],
    onetime: [],
    discounts: [],
    term: '1 year',
    autoRenews: true,
    startDate: '1 April 2027',
    expirationDate: null,
    content: '<script>alert(1)</script>',
    termsDigest: 'sha256:"><b>',
    requiresCard: false,
    requiresAddress: false,
    signatories: [
      { name: 'Ada <a>', title: 'CFO', status: 'Signed on 1 March 2027', you: false },
      { name: 'Bob', title: null, status: 'Waiting to sign', you: true },
    ],
    termsDownload: null,
  };

  it('escapes every value and keeps the accessible structure', () => {
    const html = renderSigningForm(model, { fullName: '"><script>', agreed: false, errors: { full_name: 'Enter <name>' } });
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<x>/);
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toContain('<label for="full_name">');
    expect(html).toContain('id="full_name"');
    expect(html).toContain('<label for="agree">');
    expect(html).toContain('id="agree"');
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-describedby="full_name-error"');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
    expect(html).not.toContain('payment_token');
  });

  it('a contract that requires a card has a labelled card select, its error tied to it', () => {
    const html = renderSigningForm(
      { ...model, requiresCard: true },
      { fullName: 'Ada', agreed: true, paymentToken: '', errors: { payment_token: 'Choose a <card>.' } },
    );
    expect(html).toContain('<label for="payment_token">');
    expect(html).toContain('<select id="payment_token" name="payment_token"');
    expect(html).toContain('aria-describedby="payment_token-hint payment_token-error"');
    expect(html).toContain('<option value="" selected>Choose a card</option>');
    expect(html).toContain('<option value="tok_visa">');
    expect(html).toContain('Choose a &#60;card&#62;.');
    const chosen = renderSigningForm(
      { ...model, requiresCard: true },
      { fullName: 'Ada', agreed: true, paymentToken: 'tok_visa', errors: {} },
    );
    expect(chosen).toContain('<option value="tok_visa" selected>');
  });

  it('a contract whose options require an address has labelled address fields, errors tied to them', () => {
    const html = renderSigningForm(
      { ...model, requiresAddress: true },
      { fullName: 'Ada', agreed: true, address: { city: '<b>Paris</b>' }, errors: { zip: 'Enter your postal code.' } },
    );
    for (const id of ['address_line_1', 'city', 'zip', 'country']) expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('value="&#60;b&#62;Paris&#60;/b&#62;"');
    expect(html).toContain('aria-describedby="zip-error"');
    expect(renderSigningForm(model, { fullName: 'Ada', agreed: true, errors: {} })).not.toContain('address_line_1');
  });

  it('lists every signatory with its status; a signed page offers the signed terms', () => {
    const html = renderSigningForm(model, { fullName: '', agreed: false, errors: {} });
    expect(html).toContain('<h2 id="signatories-h">Signatories</h2>');
    expect(html).toContain('Ada &#60;a&#62;');
    expect(html).toContain('<span class="sig-status">Signed on 1 March 2027</span>');
    expect(html).toMatch(/Bob<\/strong> <span class="badge">you<\/span>/);
    expect(html).not.toContain('Download the signed terms');
    const signed = renderStatePage({ ...model, termsDownload: 'tok/terms' }, 'already_signed', '1 March 2027');
    expect(signed).toContain('<a href="tok/terms" download>Download the signed terms</a>');
  });

  it("a confirmation message replaces the state page's own text, escaped", () => {
    const html = renderStatePage(model, 'executed', '1 March 2027', 'Welcome <b>aboard</b>');
    expect(html).toContain('Welcome &#60;b&#62;aboard&#60;/b&#62;');
    expect(html).not.toContain('Every signatory has now signed');
  });

  it('state pages and the 404 page have no form', () => {
    for (const kind of ['signed', 'executed', 'already_signed', 'already_executed', 'expired', 'void'] as const) {
      const html = renderStatePage(model, kind, '1 March 2027');
      expect(html).not.toContain('<form');
      expect(html).not.toMatch(/<script|<img/);
      expect(html).toContain('<h1>');
    }
    expect(renderNotFound()).toContain('This signing link is not valid');
  });
});

describe('signed terms text', () => {
  it('says the terms, every signature and the digest', () => {
    const text = signedTermsText(
      {
        companyName: 'Acme',
        brand: { name: 'Acme', accentColor: null, supportEmail: null },
        title: 'Order form',
        customerName: 'Contoso',
        customerDetail: null,
        signatoryName: null,
        signatoryEmail: 'a@b.test',
        signatoryTitle: null,
        recurring: [{ name: 'Seats', detail: '3 licences × $58.00', amount: '$174.00 / month' }],
        onetime: [],
        discounts: [],
        term: '1 year',
        autoRenews: true,
        startDate: '1 April 2027',
        expirationDate: null,
        content: 'Net 30.',
        termsDigest: 'sha256:abc',
        requiresCard: false,
        requiresAddress: false,
        signatories: [],
        termsDownload: null,
      },
      [{ name: 'Ada', title: 'CFO', status: 'Signed on 1 March 2027', you: true }],
      'sha256:abc',
    );
    expect(text).toContain('Between Acme and Contoso');
    expect(text).toContain('  Seats (3 licences × $58.00): $174.00 / month');
    expect(text).toContain('Net 30.');
    expect(text).toContain('  Ada, CFO: Signed on 1 March 2027');
    expect(text).toContain('Terms digest: sha256:abc');
  });
});
