/**
 * How the portal names cards (pure): "Visa •••• 4242", the way the card's own brand and last
 * digits read on the invoice page and in receipts. The test cards it offers to add are named by
 * the card each one attaches in the sandbox (its last four digits), so the label chosen is the
 * label the card then shows.
 */
import type { PaymentMethodEntity } from '../../payments/payment-processing.entity';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export function cardLabel(c: Pick<PaymentMethodEntity, 'brand' | 'last_4'>): string {
  const brand = BRANDS[c.brand.toLowerCase()] ?? c.brand.charAt(0).toUpperCase() + c.brand.slice(1);
  return `${brand} •••• ${c.last_4}`;
}

export const PORTAL_CARD_CHOICES = [
  { value: 'tok_visa', label: 'Visa •••• 4242 (test card: pays)' },
  { value: 'tok_chargeDeclined', label: 'Visa •••• 0002 (test card: declines charges)' },
  { value: 'tok_insufficientFunds', label: 'Visa •••• 9995 (test card: insufficient funds)' },
];
