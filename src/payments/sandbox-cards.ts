/**
 * The sandbox processor's test tokens as the hosted pages offer them (checkout, contract
 * signing): a page sends one of these, never a card number, so the pages share one list.
 */
export const SANDBOX_TOKENS = ['tok_visa', 'tok_chargeDeclined', 'tok_insufficientFunds'] as const;
export type SandboxToken = (typeof SANDBOX_TOKENS)[number];

export const SANDBOX_CARD_CHOICES: readonly { value: SandboxToken; label: string }[] = [
  { value: 'tok_visa', label: 'Visa ending 4242 (test card: succeeds)' },
  { value: 'tok_chargeDeclined', label: 'Test card: declined' },
  { value: 'tok_insufficientFunds', label: 'Test card: insufficient funds' },
];

export function isSandboxToken(value: unknown): value is SandboxToken {
  return typeof value === 'string' && (SANDBOX_TOKENS as readonly string[]).includes(value);
}
