import { DomainError } from '../platform/errors/domain-error';

/**
 * The one-time items of a subscription or a contract (billed once, on the subscription's first
 * invoice): the request shape they are given in, the one shape they are stored in (JSON), the one
 * normaliser from the first to the second and the one parser of stored JSON.
 */

/** A one-time item as a request gives it (the subscription and contract DTOs have these fields). */
export interface OneTimeItemInput {
  product_pricing_id?: string | null;
  aggregate?: number | null;
  custom_price?: {
    amount: { currency?: string | null; value_in_cents: number };
    product_id?: string | null;
    description?: string | null;
  } | null;
  quantity_config?: { allow_custom_quantity?: boolean | null; max_quantity?: number | null; min_quantity?: number | null } | null;
  sort_order?: number | null;
}

/** A one-time item as stored (the `onetime_items` JSON of subscriptions, contracts and checkout sessions). */
export interface StoredOneTimeItem {
  aggregate: number;
  custom_price: { amount: { currency: string; value_in_cents: number }; product_id: string | null; description: string | null } | null;
  product_pricing_id: string | null;
  quantity_config: { allow_custom_quantity: boolean | null; max_quantity: number | null; min_quantity: number | null } | null;
  sort_order: number | null;
}

/**
 * Validates and normalises requested one-time items: each names a product pricing of `pricings`
 * (the ones named by the items, read in the company) in `currency`, or has a custom price in it.
 * `owner` names the currency in the errors ("the subscription currency").
 */
export function normaliseOneTimeItems(
  inputs: readonly OneTimeItemInput[] | null | undefined,
  currency: string,
  pricings: ReadonlyMap<string, { currency: string }>,
  owner: 'subscription' | 'contract',
): StoredOneTimeItem[] {
  return (inputs ?? []).map((o, i) => {
    const path = `onetime_items[${i}]`;
    if (o.product_pricing_id != null) {
      const p = pricings.get(o.product_pricing_id);
      if (!p) throw DomainError.notFound('product pricing', `${path}.product_pricing_id`);
      if (p.currency !== currency)
        throw DomainError.invalidField(`${path}.product_pricing_id`, `must be in the ${owner} currency (${currency})`);
    } else if (!o.custom_price) {
      throw DomainError.invalidField(`${path}.product_pricing_id`, 'is required (or custom_price)');
    }
    const given = o.custom_price?.amount.currency;
    if (given != null && given !== currency)
      throw DomainError.invalidField(`${path}.custom_price.amount.currency`, `must be in the ${owner} currency (${currency})`);
    return {
      aggregate: o.aggregate ?? 1,
      custom_price: o.custom_price
        ? {
            amount: { currency, value_in_cents: o.custom_price.amount.value_in_cents },
            product_id: o.custom_price.product_id ?? null,
            description: o.custom_price.description ?? null,
          }
        : null,
      product_pricing_id: o.product_pricing_id ?? null,
      quantity_config: o.quantity_config
        ? {
            allow_custom_quantity: o.quantity_config.allow_custom_quantity ?? null,
            max_quantity: o.quantity_config.max_quantity ?? null,
            min_quantity: o.quantity_config.min_quantity ?? null,
          }
        : null,
      sort_order: o.sort_order ?? null,
    };
  });
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

/** The cents of a stored amount: a number, or `{ value_in_cents }`; null otherwise. */
export function storedCents(v: unknown): number | null {
  return num(v) ?? num(obj(v)?.value_in_cents);
}

/** A stored one-time item read back from JSON (missing or mistyped fields read as null; aggregate 1 when missing). */
export function parseStoredOneTimeItem(raw: Record<string, unknown>): StoredOneTimeItem {
  const custom = obj(raw.custom_price);
  const amount = obj(custom?.amount);
  const qc = obj(raw.quantity_config);
  const cents = storedCents(custom?.amount);
  return {
    aggregate:
      num(raw.aggregate) ??
      (typeof raw.aggregate === 'string' && Number.isFinite(Number(raw.aggregate)) && raw.aggregate.trim() ? Number(raw.aggregate) : 1),
    custom_price:
      custom && cents !== null
        ? {
            amount: { currency: str(amount?.currency) ?? '', value_in_cents: cents },
            product_id: str(custom.product_id),
            description: str(custom.description),
          }
        : null,
    product_pricing_id: str(raw.product_pricing_id),
    quantity_config: qc
      ? {
          allow_custom_quantity: typeof qc.allow_custom_quantity === 'boolean' ? qc.allow_custom_quantity : null,
          max_quantity: num(qc.max_quantity),
          min_quantity: num(qc.min_quantity),
        }
      : null,
    sort_order: num(raw.sort_order),
  };
}
