import type { StoredConfigItem, SubscriptionPhaseEntity } from './subscription.entity';
import type { ScheduledChangeResponse } from './dto/subscription.dto';

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

/** A scheduled change (a phase not yet in effect) as the scheduled_changes routes answer it. */
export function toScheduledChangeResponse(p: SubscriptionPhaseEntity): ScheduledChangeResponse {
  return {
    id: p.event_seq,
    change_date: p.starts_at.toISOString(),
    product_pricing_ids: p.product_pricing_ids,
    bundle_pricing_id: p.bundle_pricing_id,
    config_items: p.config_items as unknown as Record<string, unknown>[],
    term: { count: p.term_count, frequency: p.term_frequency },
    proration_type: p.proration_type ?? 'NEXT',
    change_config: p.change_config ?? {},
  };
}
