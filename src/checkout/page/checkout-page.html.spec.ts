import { CheckoutPageModel, renderCheckoutForm, renderCheckoutNotFound, renderCheckoutState } from './checkout-page.html';

describe('checkout page HTML', () => {
  const model: CheckoutPageModel = {
    companyName: 'Co <b>',
    brand: { name: 'Co <b>', accentColor: null, supportEmail: null },
    planName: 'Plan "x" <i>',
    customerName: 'Cust & Sons',
    lines: [{ name: 'Seats <x>', detail: '2 × $58.00', amount: '$116.00' }],
    subTotal: '$116.00',
    discounts: [{ name: 'Promo <y>', detail: null, amount: '$10.00' }],
    total: '$106.00',
    dueLabel: 'Due today',
    facts: [{ label: 'Term', value: '1 month', sub: 'Renews automatically' }],
    requiresAddress: true,
    isChange: false,
    quoteDigest: 'sha256:"><z>',
    priceRows: [{ name: 'API <calls>', price: '$0.02 per API call' }],
    renewal: { then: 'Then $116.00 per month, plus usage', renews: 'Renews monthly on 10 February 2028' },
  };

  it('escapes every value and keeps the accessible structure', () => {
    const html = renderCheckoutForm(model, {
      name: '"><script>',
      email: 'a@b.test',
      address: { city: '<img src=x>' },
      paymentToken: 'tok_visa',
      errors: { name: 'Enter <name>' },
      decline: null,
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<x>|<y>|<calls>/);
    expect(html).toContain('<p class="renewal" id="renewal">Then $116.00 per month, plus usage. Renews monthly on 10 February 2028.</p>');
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<main>/g)).toHaveLength(1);
    for (const id of ['name', 'email', 'address_line_1', 'city', 'zip', 'country', 'payment_token'])
      expect(html).toContain(`<label for="${id}">`);
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-describedby="name-error"');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
    expect(html).toContain('<option value="tok_visa" selected>');
    expect(html).toContain('−$10.00');
  });

  it('without requires_customer_address there are no address fields; a decline is announced', () => {
    const html = renderCheckoutForm(
      { ...model, requiresAddress: false },
      { name: '', email: '', address: {}, paymentToken: 'tok_chargeDeclined', errors: {}, decline: 'Your card was declined.' },
    );
    expect(html).not.toContain('address_line_1');
    expect(html).toContain('Payment failed: Your card was declined.');
  });

  it('state pages and the 404 page have no form', () => {
    for (const kind of ['completed', 'already_completed', 'expired'] as const) {
      const html = renderCheckoutState(model, kind, '<script>x</script>');
      expect(html).not.toContain('<form');
      expect(html).not.toMatch(/<script|<img/);
      expect(html).toContain('<h1>');
    }
    expect(renderCheckoutNotFound()).toContain('This checkout link is not valid');
  });
});
