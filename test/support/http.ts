import request from 'supertest';
import type { Tenant } from './app';

/** The body of an answer of the expected status; anything else fails with the status and body. */
export async function ok(res: request.Response, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A monthly per-seat price (`cents` per licence) on a product. */
export async function monthlySeatPricing(tenant: Tenant, productId: string, name: string, cents: number) {
  return ok(
    await tenant.post('/pricing', {
      product_id: productId,
      name,
      currency: 'USD',
      pricing_type: 'FIXED',
      fixed_price: { price_per_unit: cents },
      billing_frequency: { count: 1, frequency: 'MONTH' },
    }),
  );
}
