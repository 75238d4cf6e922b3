/**
 * What tells a customer's subscriptions apart on the portal (pure): the products they are for,
 * the seats they count, when each started and the period it is in now. Two subscriptions of the
 * same plan differ at least by their start date.
 */
import { formatDate } from '../../platform/hosted-pages/format';
import type { SubscriptionEntity } from '../../subscriptions/subscription.entity';

interface SubscriptionViewLike {
  product_pricings: { id: string; name: string; external_name: string | null; product: Record<string, unknown> | null }[];
  config_items: { num_licenses: number }[];
}

export function subscriptionFacts(
  v: SubscriptionViewLike,
  sub: Pick<SubscriptionEntity, 'start_date'>,
  period: { start: Date; end: Date } | null,
  timeZone = 'UTC',
): { products: string; quantity: string | null; started: string; period: string | null } {
  const products = [
    ...new Set(
      v.product_pricings.map((p) => {
        const product = p.product as { name?: unknown } | null;
        return typeof product?.name === 'string' && product.name ? product.name : (p.external_name ?? p.name);
      }),
    ),
  ];
  const seats = v.config_items.reduce((n, c) => n + (Number.isFinite(c.num_licenses) ? c.num_licenses : 0), 0);
  return {
    products: products.join(', ') || '—',
    quantity: seats > 0 ? `${seats} ${seats === 1 ? 'seat' : 'seats'}` : null,
    started: formatDate(sub.start_date, timeZone),
    period: period ? `${formatDate(period.start, timeZone)} – ${formatDate(period.end, timeZone)}` : null,
  };
}
