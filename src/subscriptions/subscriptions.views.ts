import { toEmbeddedBundlePricing } from '../catalog/catalog.mapper';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { DomainError } from '../platform/errors/domain-error';
import { Clock } from '../platform/clock/clock';
import { iso } from '../platform/timestamps';
import type { SearchPage } from '../platform/search/search';
import { CatalogViews } from '../catalog/catalog.views';
import { toCustomerResponse } from '../customers/customers.mapper';
import type { ProductPricingResponse } from '../catalog/dto/pricing.dto';
import type { CustomerEntity } from '../customers/customer.entity';
import type { BundleResponse } from '../catalog/dto/bundle.dto';
import type { EntitlementAssignmentView } from '../entitlements/assignments/assignment.rules';
import { computeFrom, customersFrom, EntitlementSubject, entitlementInputs, liveSubjects } from './customer-entitlements.service';
import { SubscriptionRead, SubscriptionReadService } from './subscription-read.service';
import { PlanCatalog, PlanCatalogData } from './plan-catalog';
import { displayPhase, pendingPhase } from './phases';
import { SubscriptionsRepository } from './subscriptions.repository';
import type { StoredConfigItem, SubscriptionEntity, SubscriptionPhaseEntity } from './subscription.entity';
import { deriveState, effectiveAnchor, termOf } from './subscription-state';
import type { ScheduledChangesResponse, SubscriptionResponse } from './dto/subscription.dto';
import { toConfigItemResponse, toScheduledChangeResponse } from './subscriptions.mapper';

function cancelConfigResponse(c: Record<string, unknown> | null) {
  if (!c) return null;
  return {
    campaign_id: null,
    campaign_step_id: null,
    charge_remaining_balance: (c.charge_remaining_balance as boolean | null) ?? null,
    custom_end_date: (c.custom_end_date as string | null) ?? null,
    custom_refund_amount: (c.custom_refund_amount as { currency: string; value_in_cents: number } | null) ?? null,
    reason: (c.reason as string | null) ?? null,
    refund_type: (c.refund_type as string | null) ?? null,
    send_customer_receipt: (c.send_customer_receipt as boolean | null) ?? null,
    timing: c.timing as string,
  };
}

/** A product pricing inside a subscription: the spec's subset, metric pricings with quantities. */
function subscriptionPricing(p: ProductPricingResponse, items: StoredConfigItem[]) {
  const byPmp = new Map(items.map((c) => [c.product_metric_pricing_id, c]));
  return {
    created_at: p.created_at,
    currency: p.currency,
    external_name: p.external_name,
    id: p.id,
    name: p.name,
    product: p.product as unknown as Record<string, unknown> | null,
    product_id: p.product_id,
    product_metric_pricings: p.product_metric_pricings.map((pmp) => ({
      ...pmp,
      minimum_units: byPmp.get(pmp.id)?.minimum_units ?? 0,
      num_licenses: byPmp.get(pmp.id)?.num_licenses ?? 0,
    })),
    tags: p.tags,
    type: p.type,
    updated_at: p.updated_at,
  };
}

/**
 * The spec's Subscription (#19) for one or many subscriptions in a fixed number of batched
 * queries: phases, customers, pricings (CatalogViews), bundles, prices for MRR, entitlements.
 * Dates, status and MRR are computed at read time from the clock.
 */
@Injectable()
export class SubscriptionViews implements OnModuleInit {
  constructor(
    private readonly clock: Clock,
    private readonly catalogViews: CatalogViews,
    private readonly plan: PlanCatalog,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly events: WebhookEventsService,
    private readonly reading: SubscriptionReadService,
  ) {}

  /** Webhook events carry subscriptions as their GET answers them, read in the transaction of the change. */
  onModuleInit(): void {
    this.events.objects('subscription', async (m, companyId, ids) => {
      const rows = await this.subscriptions.with(m).find(companyId, { where: { id: In(ids) } });
      return new Map((await this.many(companyId, rows, m)).map((r) => [r.id, r]));
    });
  }

  /** A page of a search, its results as responses. */
  async page(companyId: string, page: SearchPage<SubscriptionEntity>): Promise<SearchPage<SubscriptionResponse>> {
    return { pagination: page.pagination, results: await this.many(companyId, page.results) };
  }

  /** The scheduled changes of a subscription, in the order they apply. */
  scheduledChanges(phases: SubscriptionPhaseEntity[]): ScheduledChangesResponse {
    return { results: phases.map(toScheduledChangeResponse) };
  }

  async one(companyId: string, sub: SubscriptionEntity): Promise<SubscriptionResponse> {
    return (await this.many(companyId, [sub]))[0];
  }

  /** `GET /subscriptions/{id or identifier}`: the subscription and its answer in one prepared statement; a 404 when there is none. */
  async get(companyId: string, idOrIdentifier: string): Promise<SubscriptionResponse> {
    const now = this.clock.now();
    const read = await this.reading.read(companyId, { key: idOrIdentifier }, now);
    if (read.subs.length === 0) throw DomainError.notFound('subscription');
    return this.fromRead(read.subs, read, now)[0];
  }

  /** `manager`: read inside that transaction (webhook events' objects), by the same statement. */
  async many(companyId: string, subs: SubscriptionEntity[], manager?: EntityManager): Promise<SubscriptionResponse[]> {
    if (subs.length === 0) return [];
    const now = this.clock.now();
    const customerIds = [...new Set(subs.map((s) => s.customer_id))];
    const read = await this.reading.read(companyId, { ids: subs.map((s) => s.id), customerIds }, now, manager);
    return this.fromRead(subs, read, now);
  }

  /**
   * The hot path: everything read in one statement (SubscriptionReadService), then each module's
   * mapping. Entitlements are computed once per subscription: a live subscription's serve both
   * its own answer and its customer's.
   */
  private fromRead(subs: SubscriptionEntity[], read: SubscriptionRead, now: Date): SubscriptionResponse[] {
    const shown = shownPhases(subs, read.phases, now);
    const live = liveSubjects(read.live, read.phases, now);
    const liveIds = new Set(live.map((l) => l.subscription_id));
    const subjects: EntitlementSubject[] = [
      ...live,
      ...subs.filter((s) => !liveIds.has(s.id)).map((s) => subjectOf(s.id, shown.get(s.id)!.phase)),
    ];
    const phaseList = [...shown.values()].map((v) => v.phase).filter((p): p is SubscriptionPhaseEntity => p !== null);
    const pricingIds = [...new Set(phaseList.flatMap((p) => p.product_pricing_ids))];
    const bundleIds = [...new Set(phaseList.map((p) => p.bundle_pricing_id).filter((b): b is string => !!b))];
    const customerIds = [...new Set(subs.map((s) => s.customer_id))];
    const { catalog, assigned } = read;
    const inputs = entitlementInputs(catalog, assigned);
    const perSub = computeFrom(subjects, inputs);
    const count = (counts: Record<string, number>, ids: Iterable<string>) => new Map([...ids].map((id) => [id, counts[id] ?? 0]));
    const pricingCounts = count(
      read.pricingCounts,
      catalog.pricings.map((p) => p.id),
    );
    return this.assemble(subs, now, {
      shown,
      customers: read.customers,
      customerEntitlements: customersFrom(customerIds, live, perSub, inputs.defs),
      entitlements: perSub,
      data: this.plan.fromRows(catalog, pricingIds),
      pricingViews: this.catalogViews.pricingViewsFromRows(catalog, pricingIds, pricingCounts, assigned.layers),
      bundleViews: this.catalogViews.bundleViewsFromRows(
        catalog,
        bundleIds,
        pricingCounts,
        count(read.bundleCounts, bundleIds),
        assigned.layers,
      ),
    });
  }

  /** The answers, from everything read (pure). */
  private assemble(
    subs: SubscriptionEntity[],
    now: Date,
    read: {
      shown: Map<string, ShownPhases>;
      customers: CustomerEntity[];
      customerEntitlements: Map<string, EntitlementAssignmentView[]>;
      entitlements: Map<string, EntitlementAssignmentView[]>;
      data: PlanCatalogData;
      pricingViews: ProductPricingResponse[];
      bundleViews: BundleResponse[];
    },
  ): SubscriptionResponse[] {
    const { shown, data, entitlements, customerEntitlements } = read;
    const customerById = new Map(read.customers.map((c) => [c.id, c]));
    const pricingById = new Map(read.pricingViews.map((p) => [p.id, p]));
    const bundleById = new Map(read.bundleViews.map((b) => [b.id, b]));

    return subs.map((s) => {
      const { phase, pending } = shown.get(s.id)!;
      const state = deriveState(s, phase, data, now);
      const items = phase?.config_items ?? [];
      const customer = customerById.get(s.customer_id)!;
      const bundle = phase?.bundle_pricing_id ? bundleById.get(phase.bundle_pricing_id) : undefined;
      const computed = entitlements.get(s.id) ?? [];
      const money = (cents: number) => ({ currency: s.currency, value_in_cents: cents });
      return {
        arr: money(state.arr_in_cents),
        auto_charges: s.auto_charges,
        auto_renews: s.auto_renews,
        billing_anchor_date: iso(effectiveAnchor(s, phase))!,
        billing_cycle: s.billing_cycle,
        billing_timezone: s.billing_timezone,
        billing_error: s.billing_error ?? null,
        bundle_pricing: toEmbeddedBundlePricing(bundle),
        bundle_pricing_id: phase?.bundle_pricing_id ?? null,
        cancel_config: cancelConfigResponse(s.cancel_config),
        cancel_date: iso(s.cancel_date),
        change_config: pending?.change_config ?? null,
        change_date: pending ? iso(pending.starts_at) : null,
        company_id: s.company_id,
        computed_entitlements: computed as never,
        config_items: items.map(toConfigItemResponse),
        created_at: iso(s.created_at)!,
        customer: {
          ...toCustomerResponse(customer),
          computed_entitlements: customerEntitlements.get(customer.id) ?? [],
        } as unknown as Record<string, unknown>,
        customer_id: s.customer_id,
        discounts: s.discounts ?? [],
        end_date: iso(s.end_date),
        id: s.id,
        identifier: s.identifier,
        invoice_additional_display_fields: s.invoice_additional_display_fields,
        invoice_due_date_from_creation: s.invoice_due_date_from_creation,
        invoice_payment_instructions: s.invoice_payment_instructions,
        metadata: s.metadata ?? {},
        minimum_spend: s.minimum_spend_in_cents === null ? null : money(s.minimum_spend_in_cents),
        mrr: money(state.mrr_in_cents),
        next_invoice_date: iso(state.next_invoice_date),
        onetime_items: s.onetime_items ?? [],
        override_entitlements: computed.filter((c) => c.inherited_from_type === 'SUBSCRIPTION' && c.inherited_from_id === s.id) as never,
        pause_config: s.pause_config
          ? { behavior: String(s.pause_config.behavior), resume_date: (s.pause_config.resume_date as string | null) ?? null }
          : null,
        pause_date: iso(s.pause_date),
        parent_billed: s.parent_billed,
        payment_method_id: s.payment_method_id,
        product_pricing_ids: phase?.product_pricing_ids ?? [],
        product_pricings: (phase?.product_pricing_ids ?? []).flatMap((id) => {
          const p = pricingById.get(id);
          return p ? [subscriptionPricing(p, items)] : [];
        }),
        renewal_date: iso(state.renewal_date),
        start_date: iso(s.start_date)!,
        status: state.status,
        tags: s.tags ?? [],
        term: phase ? termOf(phase) : { count: 1, frequency: 'MONTH' },
        trial: s.trial,
        trial_conversion_date: iso(s.trial_conversion_date),
        trial_term: s.trial_term,
        updated_at: iso(s.updated_at)!,
        usage_thresholds: s.usage_thresholds ?? [],
      };
    });
  }
}

interface ShownPhases {
  phase: SubscriptionPhaseEntity | null;
  pending: SubscriptionPhaseEntity | null;
}

/** Each subscription's phase shown and pending change at `now`. */
function shownPhases(subs: SubscriptionEntity[], phases: SubscriptionPhaseEntity[], now: Date): Map<string, ShownPhases> {
  const shown = new Map<string, ShownPhases>();
  for (const s of subs) {
    const mine = phases.filter((p) => p.subscription_id === s.id);
    shown.set(s.id, { phase: displayPhase(mine, now), pending: pendingPhase(mine, now) });
  }
  return shown;
}

/** What a subscription's computed entitlements come from: the phase it shows. */
function subjectOf(subscriptionId: string, phase: SubscriptionPhaseEntity | null): EntitlementSubject {
  return {
    subscription_id: subscriptionId,
    product_pricing_ids: phase?.product_pricing_ids ?? [],
    config_items: phase?.config_items ?? [],
  };
}
