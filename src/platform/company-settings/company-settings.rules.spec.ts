import { DomainError } from '../errors/domain-error';
import {
  applySettingsPatch,
  contrastWithWhite,
  DEFAULT_ACCENT_COLOR,
  dunningStepsOf,
  parseOrigin,
  resolveCompanySettings,
  validateSettingsPatch,
} from './company-settings.rules';

const errorsOf = (input: Record<string, unknown>): Record<string, string> => {
  try {
    validateSettingsPatch(input);
  } catch (e) {
    if (e instanceof DomainError) return e.validationErrors ?? {};
    throw e;
  }
  throw new Error('expected a validation error');
};

describe('company settings rules', () => {
  it('fills every default, and ignores stored values of the wrong type', () => {
    expect(resolveCompanySettings('Acme', {})).toEqual({
      display_name: 'Acme',
      support_email: null,
      address: null,
      tax_number: null,
      accent_color: DEFAULT_ACCENT_COLOR,
      portal_cancel_enabled: false,
      portal_quantity_changes_enabled: false,
      usage_page_frame_ancestors: [],
      invoice_grace_period_seconds: 3600,
      payment_retry_days: [1, 3, 5],
      dunning_steps: null,
      email_invoice_finalized: true,
      email_payment_receipt: true,
      email_refund_receipt: true,
      email_payment_failed: true,
      preferred_timezone: 'UTC',
      invoice_number_prefix: null,
      invoice_number_digits: null,
      invoice_number_sequence: 'COMPANY',
      email_signature_request: true,
      signature_reminder_days: [3, 7],
    });
    expect(resolveCompanySettings('Acme', { preferred_timezone: 'Mars/Olympus' }).preferred_timezone).toBe('UTC');
    expect(resolveCompanySettings('Acme', { display_name: 3, portal_cancel_enabled: 'yes', payment_retry_days: ['1'] })).toMatchObject({
      display_name: 'Acme',
      portal_cancel_enabled: false,
      payment_retry_days: [1, 3, 5],
      email_invoice_finalized: true,
      email_payment_receipt: true,
      email_refund_receipt: true,
      email_payment_failed: true,
    });
  });

  it('WCAG contrast with white: the default blue passes 4.5:1, yellow does not', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite(DEFAULT_ACCENT_COLOR)).toBeGreaterThan(4.5);
    expect(contrastWithWhite('#ffff00')).toBeLessThan(1.1);
  });

  it('origins: scheme, host and port only, normalised as URL.origin', () => {
    expect(parseOrigin('https://App.Example.com:443/')).toBe('https://app.example.com');
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    for (const bad of [
      'https://a.test/x',
      'https://a.test?q',
      'https://u:p@a.test',
      'ftp://a.test',
      'https://*.a.test',
      "'self'",
      'a.test',
      '*',
    ])
      expect(parseOrigin(bad)).toBeNull();
  });

  it('a patch is normalised; null resets a key; every bad key is named', () => {
    expect(validateSettingsPatch({ display_name: ' X ', accent_color: '#0F766E', support_email: null })).toEqual({
      display_name: 'X',
      accent_color: '#0f766e',
      support_email: null,
    });
    expect(validateSettingsPatch({ portal_quantity_changes_enabled: true })).toEqual({ portal_quantity_changes_enabled: true });
    expect(validateSettingsPatch({ preferred_timezone: 'europe/paris' })).toEqual({ preferred_timezone: 'Europe/Paris' });
    expect(errorsOf({ preferred_timezone: 'Mars/Olympus' })).toEqual({
      preferred_timezone: 'must be an IANA time zone name such as Europe/Paris or UTC',
    });
    expect(Object.keys(errorsOf({ preferred_timezone: 7 }))).toEqual(['preferred_timezone']);
    expect(
      Object.keys(
        errorsOf({ display_name: '', accent_color: 'blue', nope: 1, payment_retry_days: [0], portal_quantity_changes_enabled: 'yes' }),
      ).sort(),
    ).toEqual(['accent_color', 'display_name', 'nope', 'payment_retry_days', 'portal_quantity_changes_enabled']);
    expect(
      applySettingsPatch({ a: 1, display_name: 'X', accent_color: '#000000' }, { display_name: null, accent_color: '#111111' }),
    ).toEqual({
      a: 1,
      accent_color: '#111111',
    });
  });

  it('dunning_steps: checked step by step; without them, the steps of payment_retry_days', () => {
    const steps = [
      { days_after_due: 0, action_type: 'EMAIL_REMINDER' },
      { days_after_due: 0, action_type: 'RETRY_PAYMENT' },
      { days_after_due: 10, action_type: 'CANCEL_SUBSCRIPTION' },
    ];
    expect(validateSettingsPatch({ dunning_steps: steps })).toEqual({ dunning_steps: steps });
    expect(validateSettingsPatch({ dunning_steps: [] })).toEqual({ dunning_steps: [] });
    for (const bad of [
      {},
      [{ days_after_due: 1.5, action_type: 'EMAIL_REMINDER' }],
      [{ days_after_due: 366, action_type: 'EMAIL_REMINDER' }],
      [{ days_after_due: 1, action_type: 'email_reminder' }],
      [
        { days_after_due: 2, action_type: 'EMAIL_REMINDER' },
        { days_after_due: 1, action_type: 'MARK_UNPAID' },
      ],
      Array.from({ length: 21 }, () => ({ days_after_due: 1, action_type: 'EMAIL_REMINDER' })),
    ])
      expect(Object.keys(errorsOf({ dunning_steps: bad }))).toEqual(['dunning_steps']);
    expect(dunningStepsOf({ dunning_steps: null, payment_retry_days: [1, 3, 5] })).toEqual([
      { days_after_due: 1, action_type: 'RETRY_PAYMENT' },
      { days_after_due: 3, action_type: 'RETRY_PAYMENT' },
      { days_after_due: 5, action_type: 'RETRY_PAYMENT' },
      { days_after_due: 5, action_type: 'MARK_UNPAID' },
    ]);
    expect(dunningStepsOf({ dunning_steps: null, payment_retry_days: [] })).toEqual([{ days_after_due: 0, action_type: 'MARK_UNPAID' }]);
    expect(dunningStepsOf({ dunning_steps: [], payment_retry_days: [1] })).toEqual([]);
  });
});

describe('company address setting', () => {
  it('is kept normalised (country upper case) and refused when incomplete', () => {
    expect(
      validateSettingsPatch({ address: { address_line_1: ' 1 Main St ', city: 'Arlington', state: 'VA', zip: '22201', country: 'us' } }),
    ).toEqual({ address: { address_line_1: '1 Main St', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' } });
    expect(Object.keys(errorsOf({ address: { city: 'Arlington', country: 'US' } }))).toEqual(['address']);
    expect(resolveCompanySettings('Acme', { address: 'x' }).address).toBeNull();
  });
});
