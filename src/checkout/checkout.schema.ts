import type { ModuleSchema } from '../platform/database/module-schema';
import { CheckoutSessionEntity } from './checkout.entity';
import { Checkout1700000010000 } from './migrations/1700000010000-checkout';
import { CheckoutQuote1700000010100 } from './migrations/1700000010100-checkout-quote';
import { CheckoutTokenHash1700000017420 } from './migrations/1700000017420-checkout-token-hash';

export const checkoutSchema: ModuleSchema = {
  entities: [CheckoutSessionEntity],
  migrations: [Checkout1700000010000, CheckoutQuote1700000010100, CheckoutTokenHash1700000017420],
};
