import { DomainError } from '../platform/errors/domain-error';
import { fillVariables } from '../platform/hosted-pages/format';
import { checkTemplateVariables, contractOptions, placeholdersOf, templateCustomVariables } from './contract.rules';
import { checkSignatoryEmails, checkStatusChange, companyOfSigningToken, effectiveStatus, signingRecordId } from './contract.rules';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';

describe('contract rules', () => {
  const now = new Date('2027-03-01T12:00:00.000Z');

  it('derives EXPIRED for open contracts past expiration_date only', () => {
    const past = new Date('2027-03-01T12:00:00.000Z');
    const future = new Date('2027-03-01T12:00:00.001Z');
    expect(effectiveStatus({ status: 'DRAFT', expiration_date: past }, now)).toBe('EXPIRED');
    expect(effectiveStatus({ status: 'PENDING_SIGNATURES', expiration_date: past }, now)).toBe('EXPIRED');
    expect(effectiveStatus({ status: 'PENDING_SIGNATURES', expiration_date: future }, now)).toBe('PENDING_SIGNATURES');
    expect(effectiveStatus({ status: 'EXECUTED', expiration_date: past }, now)).toBe('EXECUTED');
    expect(effectiveStatus({ status: 'VOID', expiration_date: past }, now)).toBe('VOID');
    expect(effectiveStatus({ status: 'DRAFT', expiration_date: null }, now)).toBe('DRAFT');
  });

  it.each([
    ['DRAFT', 'PENDING_SIGNATURES', true],
    ['DRAFT', 'VOID', true],
    ['PENDING_SIGNATURES', 'VOID', true],
    ['PENDING_SIGNATURES', 'PENDING_SIGNATURES', true],
    ['PENDING_SIGNATURES', 'DRAFT', false],
    ['EXECUTED', 'VOID', false],
    ['VOID', 'DRAFT', false],
    ['EXPIRED', 'PENDING_SIGNATURES', false],
  ] as const)('%s → %s allowed: %p', (from, to, ok) => {
    if (ok) expect(() => checkStatusChange(from, to)).not.toThrow();
    else expect(() => checkStatusChange(from, to)).toThrow(DomainError);
  });

  it('signatory e-mails are unique case-insensitively; signed and declined exclude each other', () => {
    expect(checkSignatoryEmails([{ email: 'A@x.test' }, { email: 'b@x.test' }])).toEqual(['a@x.test', 'b@x.test']);
    expect(() => checkSignatoryEmails([{ email: 'a@x.test' }, { email: 'A@X.TEST' }])).toThrow(/signatories\[1\]\.email/);
    expect(() => checkSignatoryEmails([{ email: 'a@x.test', signed: true, declined: true }])).toThrow(/signatories\[0\]\.declined/);
  });

  it('signing links carry their company and a 32-byte MAC of the signatory and its nonce', () => {
    const company = 'cmp_01hzzzzzzzzzzzzzzzzzzzzzzz';
    const pages = new PageSecrets('k'.repeat(32));
    const me = signingRecordId({ contract_id: 'ctr_1', email_key: 'a@x.test' });
    const other = signingRecordId({ contract_id: 'ctr_1', email_key: 'b@x.test' });
    const a = pages.secret('signing', company, me, 'n1');
    expect(pages.secret('signing', company, me, 'n1')).toBe(a);
    expect(pages.secret('signing', company, me, 'n2')).not.toBe(a);
    expect(pages.secret('signing', company, other, 'n1')).not.toBe(a);
    expect(a).toMatch(/^cmp_01hzzzzzzzzzzzzzzzzzzzzzzz_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(company.length + 1), 'base64url')).toHaveLength(32);
    expect(companyOfSigningToken(a)).toBe(company);
    expect(companyOfSigningToken('cmp_short_abc')).toBeNull();
    expect(companyOfSigningToken(`${company}_${'a'.repeat(42)}`)).toBeNull();
  });
});

describe('contract template rules', () => {
  it('finds the {{name}} placeholders the signing page fills, once each, in order', () => {
    const text = 'Hi {{ who }}, {{seats}} seats for {{who}}; {{not a name}} {{a.b-c_d}}';
    expect(placeholdersOf(text)).toEqual(['who', 'seats', 'a.b-c_d']);
    // the same names fillVariables replaces
    expect(fillVariables(text, { who: 'Ada', seats: 3, 'a.b-c_d': 'x' })).toBe('Hi Ada, 3 seats for Ada; {{not a name}} x');
  });

  it('every placeholder must be declared, each variable once', () => {
    expect(checkTemplateVariables('{{a}} {{b}}', [{ name: 'a' }, { name: 'b', default_value: '1' }, { name: 'unused' }])).toEqual([
      { name: 'a', description: null, default_value: null },
      { name: 'b', description: null, default_value: '1' },
      { name: 'unused', description: null, default_value: null },
    ]);
    expect(() => checkTemplateVariables('{{a}} {{b}}', [{ name: 'a' }])).toThrow(DomainError);
    expect(() => checkTemplateVariables('x', [{ name: 'a' }, { name: 'a' }])).toThrow(/declared twice/);
  });

  it("a contract's variables: the ones given, defaults for the others, a missing one without default is a 400", () => {
    const tpl = {
      variables: [
        { name: 'a', description: null, default_value: null },
        { name: 'b', description: null, default_value: 'B' },
      ],
    };
    expect(templateCustomVariables(tpl, { a: 1, extra: 'kept' })).toEqual({ a: 1, b: 'B', extra: 'kept' });
    expect(templateCustomVariables(tpl, { a: 'x', b: 'given' })).toEqual({ a: 'x', b: 'given' });
    expect(templateCustomVariables(tpl, { a: 'x', b: null })).toEqual({ a: 'x', b: 'B' });
    expect(() => templateCustomVariables(tpl, { b: 'x' })).toThrow(/custom_variables\.a/);
    expect(() => templateCustomVariables(tpl, null)).toThrow(DomainError);
  });

  it('options: REDIRECT follows redirect_url, needs one, and only an absolute http(s) URL', () => {
    expect(contractOptions(null)).toBeNull();
    expect(contractOptions({ redirect_url: 'https://acme.test/done' })).toMatchObject({ completion_action: 'REDIRECT' });
    expect(contractOptions({})).toEqual({
      allow_promo_code: false,
      completion_action: 'CONFIRMATION_MESSAGE',
      confirmation_message: null,
      redirect_url: null,
      requires_customer_address: false,
    });
    expect(() => contractOptions({ completion_action: 'REDIRECT' })).toThrow(/redirect_url/);
    expect(() => contractOptions({ redirect_url: 'ftp://x' })).toThrow(/absolute http/);
  });
});
