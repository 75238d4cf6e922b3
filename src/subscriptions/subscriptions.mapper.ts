import type { StoredConfigItem } from './subscription.entity';

/** A stored config item as every answer embeds it (subscriptions, contracts, checkout sessions). */
export function toConfigItemResponse(c: StoredConfigItem) {
  return {
    hide_at_checkout: c.hide_at_checkout,
    minimum_units: c.minimum_units,
    num_licenses: c.num_licenses,
    product_metric_pricing_id: c.product_metric_pricing_id,
    product_pricing_id: c.product_pricing_id,
    quantity_config: c.quantity_config,
    sort_order: c.sort_order,
    upsell_product_metric_pricing_id: c.upsell_product_metric_pricing_id,
  };
}
