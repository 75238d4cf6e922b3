import { DomainError } from '../platform/errors/domain-error';
import { checkSignatoryEmails, checkStatusChange, companyOfSigningToken, effectiveStatus, newSigningToken } from './contract.rules';

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

  it('signing tokens carry their company and 32 random bytes', () => {
    const company = 'cmp_01hzzzzzzzzzzzzzzzzzzzzzzz';
    const a = newSigningToken(company);
    const b = newSigningToken(company);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^cmp_01hzzzzzzzzzzzzzzzzzzzzzzz_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(company.length + 1), 'base64url')).toHaveLength(32);
    expect(companyOfSigningToken(a)).toBe(company);
    expect(companyOfSigningToken('cmp_short_abc')).toBeNull();
    expect(companyOfSigningToken(`${company}_${'a'.repeat(42)}`)).toBeNull();
  });
});
