import { billingDetailsUpdate, postedBillingDetails } from './billing-details';

describe('portal billing details', () => {
  const address = { address_line_1: '1 Main St', address_line_2: '', city: 'Arlington', state: 'VA', zip: '22201', country: 'us' };

  it('turns a post into the customers update: trimmed, extra e-mails split once each, country upper case', () => {
    const form = postedBillingDetails({
      name: ' Ann Lee ',
      email: 'ann@x.test',
      billing_emails: 'ap@x.test, ap@x.test;cfo@x.test',
      ...address,
    });
    expect(billingDetailsUpdate(form)).toEqual({
      update: {
        name: 'Ann Lee',
        email: 'ann@x.test',
        billing_emails: ['ap@x.test', 'cfo@x.test'],
        address: { address_line_1: '1 Main St', address_line_2: '', city: 'Arlington', state: 'VA', zip: '22201', country: 'US' },
      },
    });
  });

  it('a blank address clears it; a partial one or a missing name says what is missing', () => {
    expect(billingDetailsUpdate(postedBillingDetails({ name: 'A', email: 'a@x.test' }))).toMatchObject({
      update: { address: null, billing_emails: null },
    });
    expect(billingDetailsUpdate(postedBillingDetails({ name: 'A', email: 'a@x.test', city: 'Paris' }))).toEqual({
      problem: 'Enter your address line 1.',
    });
    expect(billingDetailsUpdate(postedBillingDetails({ name: 'A', email: 'a@x.test', ...address, country: 'ZZ' }))).toEqual({
      problem: 'Choose your country from the list.',
    });
    expect(billingDetailsUpdate(postedBillingDetails({ email: 'a@x.test' }))).toEqual({ problem: 'Enter your name.' });
  });
});
