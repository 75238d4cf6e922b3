import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { iso } from '../platform/timestamps';
import { digestOf } from '../platform/digest';
import { hashPageSecret, PageSecrets } from '../platform/hosted-pages/page-secrets';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { CustomerDetailsService } from '../customers/customer-details.service';
import { InvoiceEntity, InvoiceLineEntity } from '../invoicing/invoicing.entity';
import { InvoiceGenerator } from '../invoicing/billing-engine/invoice-generator.service';
import { InvoiceFinalizer } from '../invoicing/invoice-finalizer.service';
import { InvoiceTaxes } from '../invoicing/invoice-taxes.service';
import { InvoiceWriter } from '../invoicing/invoice-writer.service';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import { isEnded } from '../subscriptions/subscription-dates';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CreateDecision, CreateSubscriptionUseCase } from '../subscriptions/create-subscription.use-case';
import { ChangeSubscriptionUseCase } from '../subscriptions/change-subscription.use-case';
import type { ChangeSubscriptionDto, CreateSubscriptionDto } from '../subscriptions/dto/subscription.dto';
import { CheckoutQuote, CheckoutSessionEntity, CheckoutTotals, effectiveCheckoutStatus, QuoteLine } from './checkout.entity';
import { CheckoutSessionsRepository } from './checkout.repository';
import { checkoutUrl } from './checkout.mapper';
import { CheckoutPayment, SandboxToken } from './checkout-payment';
import type { CreateCheckoutDto } from './dto/checkout.dto';
import { completionOptions } from '../platform/hosted-pages/completion-options';

/** How long a checkout link stays open. */
export const CHECKOUT_TTL_MS = 24 * 3600 * 1000;

/** Thrown inside the completion's transaction to roll it back on purpose (a decline, a new quote), carrying the outcome out. */
class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

const plain = <T>(v: T): T => (v === undefined || v === null ? v : JSON.parse(JSON.stringify(v)));

/** What the customer typed on the hosted page (already checked by the page). */
export interface CustomerDetails {
  name: string;
  email: string;
  address: Record<string, string> | null;
  paymentToken: SandboxToken;
}

export type CompletionOutcome =
  | { kind: 'completed'; session: CheckoutSessionEntity }
  | { kind: 'declined'; message: string }
  | { kind: 'closed'; session: CheckoutSessionEntity }
  | { kind: 'requote' }
  | { kind: 'not_found' };

/** What the engine computed for a session's first invoice (nothing written). */
export interface FirstInvoice {
  totals: CheckoutTotals;
  lines: QuoteLine[];
}

/** The quote of a session as it stands now, with the first invoice it comes from (null for a plan change or nothing to invoice). */
export interface CurrentQuote {
  first: FirstInvoice | null;
  quote: CheckoutQuote;
}

/**
 * Checkout sessions (#10, #20) and their completion from the hosted page.
 *
 * Validation at creation: the subscription the session will start is decided by
 * CreateSubscriptionUseCase.decide — the checks of a real create and the rows it would write,
 * computed in memory without writing or locking — so a session is accepted exactly when its
 * subscription could start (plan, config items, term, trial, discounts, one-time items,
 * customer, amount bounds), with the same error paths; the billing engine previews the first
 * invoice of those rows (InvoiceGenerator.previewDraft, `totals`). Quoting writes nothing and
 * takes no row lock, so rendering the hosted page never waits on the customer's row.
 *
 * A quote is a promise: the session keeps the quote it was created with (`quote`: a digest of
 * the first invoice and of the plan's prices). The hosted page shows the quote as it stands
 * when the page is rendered and posts its digest back; completion recomputes the quote inside
 * its locked transaction and charges only when it is the one the buyer agreed to (the posted
 * digest, else the session's own) — otherwise nothing is charged and the page shows the new
 * total and asks again. The invoice written is never above the quoted total.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly customerLookup: CustomerLookupService,
    private readonly customerDetails: CustomerDetailsService,
    private readonly plan: PlanCatalog,
    private readonly createSubscription: CreateSubscriptionUseCase,
    private readonly changeSubscription: ChangeSubscriptionUseCase,
    private readonly subs: SubscriptionsRepository,
    private readonly generator: InvoiceGenerator,
    private readonly taxes: InvoiceTaxes,
    private readonly finalizer: InvoiceFinalizer,
    private readonly writer: InvoiceWriter,
    private readonly payment: CheckoutPayment,
    private readonly events: WebhookEventsService,
    private readonly pages: PageSecrets,
  ) {}

  url(s: Pick<CheckoutSessionEntity, 'company_id' | 'id' | 'token_nonce'>): string {
    return checkoutUrl(this.pages, s);
  }

  // ---------------------------------------------------------------- #10 create

  async create(companyId: string, dto: CreateCheckoutDto): Promise<{ id: string; url: string }> {
    const now = this.clock.now();
    const options = completionOptions(dto.options ?? {});
    const customer = await this.customerLookup.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    if (customer.status !== 'ACTIVE')
      throw DomainError.badRequest('customer_not_active', `the customer is ${customer.status}: checkout is for ACTIVE customers`);
    const previous =
      dto.previous_subscription_id != null
        ? await this.previousSubscription(companyId, customer.id, dto.previous_subscription_id, now)
        : null;
    // The change options say how to change a subscription: with none to change (no
    // previous_subscription_id) they have nothing to act on, and the session records none
    // (the reference's samples send them on every checkout; docs/compatibility.md).
    const request: CreateSubscriptionDto = plain({
      customer_id: customer.id,
      ...(dto.bundle_pricing_id != null ? { bundle_pricing_id: dto.bundle_pricing_id } : {}),
      ...(dto.product_pricing_ids != null ? { product_pricing_ids: dto.product_pricing_ids } : {}),
      ...(dto.product_pricing_ids == null && dto.bundle_pricing_id == null ? { product_pricing_ids: null } : {}),
      config_items: dto.config_items,
      term: dto.term ?? null,
      trial: dto.trial ?? false,
      trial_term: dto.trial_term ?? null,
      auto_renews: dto.auto_renews ?? true,
      auto_charges: dto.auto_charges ?? false,
      discounts: dto.discounts ?? [],
      onetime_items: dto.onetime_items ?? [],
      metadata: dto.metadata ?? {},
    });

    const id = newId('checkout');
    const m = this.dataSource.manager;
    const { plan } = await this.plan.resolve(m, companyId, request);
    if (previous && plan.currency !== previous.currency) {
      throw DomainError.invalidField(
        dto.bundle_pricing_id != null ? 'bundle_pricing_id' : 'product_pricing_ids',
        `must be in the currency of previous_subscription_id (${previous.currency})`,
      );
    }
    const decided = await this.createSubscription.decide(m, companyId, request);
    const first = previous ? null : await this.firstInvoiceOf(m, companyId, decided, now);
    const quoted = { product_pricing_ids: plan.product_pricing_ids, onetime_items: decided.sub.onetime_items };
    const quote = await this.quoteWithin(m, companyId, quoted, first);
    const sim = { plan, discounts: decided.sub.discounts, onetime: decided.sub.onetime_items, totals: first?.totals ?? null, quote };

    const row: Omit<CheckoutSessionEntity, 'company_id'> = {
      id,
      ...this.newLink(companyId, id),
      customer_id: customer.id,
      status: 'OPEN',
      currency: sim.plan.currency,
      product_pricing_ids: sim.plan.product_pricing_ids,
      bundle_pricing_id: sim.plan.bundle_pricing_id,
      config_items: sim.plan.config_items,
      term_count: sim.plan.term.count,
      term_frequency: sim.plan.term.frequency,
      trial: request.trial ?? false,
      trial_term: request.trial ? (request.trial_term ?? null) : null,
      auto_renews: request.auto_renews ?? true,
      auto_charges: request.auto_charges ?? false,
      discounts: sim.discounts,
      onetime_items: sim.onetime,
      metadata: dto.metadata ?? {},
      options,
      request: request as unknown as Record<string, unknown>,
      previous_subscription_id: previous?.id ?? null,
      change_proration_type: previous ? (dto.change_proration_type ?? null) : null,
      change_timing: previous ? (dto.change_timing ?? null) : null,
      change_reset_billing_anchor: previous ? (dto.change_reset_billing_anchor ?? null) : null,
      totals: sim.totals,
      quote: sim.quote,
      payment_token: null,
      subscription_id: null,
      invoice_id: null,
      completed_at: null,
      expires_at: new Date(now.getTime() + CHECKOUT_TTL_MS),
      created_at: now,
      updated_at: now,
    };
    await this.sessions.insert(companyId, row);
    return { id, url: this.url({ ...row, company_id: companyId }) };
  }

  private async previousSubscription(companyId: string, customerId: string, id: string, now: Date) {
    const sub = isId('subscription', id) ? await this.subs.findOne(companyId, { id }) : null;
    if (!sub) throw DomainError.notFound('subscription', 'previous_subscription_id');
    if (sub.customer_id !== customerId) throw DomainError.invalidField('previous_subscription_id', 'is a subscription of another customer');
    if (isEnded(sub.end_date, now)) throw DomainError.invalidField('previous_subscription_id', 'is a cancelled subscription');
    return sub;
  }

  /** The engine's first invoice of a subscription created in `m` (not written). */
  private async firstInvoiceWithin(m: EntityManager, companyId: string, subscriptionId: string, now: Date): Promise<FirstInvoice | null> {
    return this.firstInvoice(await this.taxed(m, companyId, await this.generator.preview(m, companyId, subscriptionId, now)));
  }

  /** A previewed invoice with its taxes, so that a quote's total is what the written invoice will charge. */
  private async taxed(m: EntityManager, companyId: string, preview: { invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null) {
    return preview ? (await this.taxes.apply(m, companyId, [preview]))[0] : null;
  }

  /** The engine's first invoice of a decided subscription (its rows in memory; nothing written). */
  private async firstInvoiceOf(m: EntityManager, companyId: string, decided: CreateDecision, now: Date): Promise<FirstInvoice | null> {
    return this.firstInvoice(
      await this.taxed(m, companyId, await this.generator.previewDraft(m, companyId, decided.sub, [decided.phase], now)),
    );
  }

  /** A previewed first invoice as a quote shows it (null: nothing to invoice). */
  private firstInvoice(preview: { invoice: InvoiceEntity; lines: InvoiceLineEntity[] } | null): FirstInvoice | null {
    if (!preview) return null;
    const i = preview.invoice;
    return {
      totals: {
        currency: i.currency,
        sub_total_cents: i.sub_total_cents,
        discount_cents: i.discount_cents,
        total_cents: i.total_cents,
        invoice_date: iso(i.invoice_date),
      },
      lines: preview.lines.map((l) => ({
        name: l.name,
        amount_cents: l.amount_cents,
        quantity: l.quantity as string | number | null,
        unit_price: l.unit_price as string | number | null,
      })),
    };
  }

  /**
   * The quote of an open session as it stands NOW: its subscription is decided (not written)
   * and the billing engine previews its first invoice from the decided rows — reads only, no
   * row lock. A plan change has no first invoice: its quote is the prices of the new plan.
   */
  async currentQuote(s: CheckoutSessionEntity): Promise<CurrentQuote> {
    const m = this.dataSource.manager;
    if (s.previous_subscription_id) {
      return { first: null, quote: await this.quoteWithin(m, s.company_id, s, null) };
    }
    const now = this.clock.now();
    const decided = await this.createSubscription.decide(m, s.company_id, this.subscriptionRequest(s, now));
    const first = await this.firstInvoiceOf(m, s.company_id, decided, now);
    return { first, quote: await this.quoteWithin(m, s.company_id, s, first) };
  }

  /**
   * The quote of a plan and its first invoice: the digest covers the invoice's lines and totals
   * (not its date, which follows the clock) and the prices of every pricing of the plan and of
   * its one-time items as the catalog holds them (read in `m`), so a price change shows even when
   * the first invoice does not (a trial, a plan change).
   */
  private async quoteWithin(
    m: EntityManager,
    companyId: string,
    plan: { product_pricing_ids: string[]; onetime_items: Record<string, unknown>[] },
    first: FirstInvoice | null,
  ): Promise<CheckoutQuote> {
    const onetime = (plan.onetime_items ?? []).map((o) => o.product_pricing_id).filter((x): x is string => typeof x === 'string');
    const ids = [...new Set([...plan.product_pricing_ids, ...onetime])];
    const data = await this.plan.load(m, companyId, ids);
    const invoice = first
      ? {
          currency: first.totals.currency,
          sub_total_cents: first.totals.sub_total_cents,
          discount_cents: first.totals.discount_cents,
          total_cents: first.totals.total_cents,
          lines: first.lines.map((l) => ({
            name: l.name,
            amount_cents: l.amount_cents,
            quantity: l.quantity === null ? null : String(l.quantity),
            unit_price: l.unit_price === null ? null : String(l.unit_price),
          })),
        }
      : null;
    const prices = ids.map((id) => ({
      product_pricing_id: id,
      prices: (data.pmpsByPricing.get(id) ?? []).map((p) => ({ product_metric_pricing_id: p.pmp.id, licence: p.licence, shape: p.shape })),
    }));
    return { digest: digestOf({ invoice, prices }), totals: first?.totals ?? null, lines: first?.lines ?? [] };
  }

  private subscriptionRequest(s: CheckoutSessionEntity, now: Date): CreateSubscriptionDto {
    const request = plain(s.request) as unknown as CreateSubscriptionDto;
    return {
      ...request,
      customer_id: s.customer_id,
      start_date: now.toISOString(),
      metadata: { ...(request.metadata ?? {}), checkout_session_id: s.id },
    };
  }

  // ---------------------------------------------------------------- #20 get

  async get(companyId: string, id: string): Promise<CheckoutSessionEntity> {
    const row = isId('checkout', id) ? await this.sessions.findOne(companyId, { id }) : null;
    if (!row) throw DomainError.notFound('checkout session');
    return row;
  }

  // ---------------------------------------------------------------- hosted page

  private newLink(companyId: string, id: string): Pick<CheckoutSessionEntity, 'token_hash' | 'token_nonce' | 'token_legacy_hash'> {
    const { nonce, hash } = this.pages.issue('checkout', companyId, id);
    return { token_hash: hash, token_nonce: nonce, token_legacy_hash: null };
  }

  /** The session a page secret opens (its hash is looked up; the secret is not stored), or null. */
  async byToken(companyId: string, token: string): Promise<CheckoutSessionEntity | null> {
    const hash = hashPageSecret(token);
    return (
      (await this.sessions.findOne(companyId, { token_hash: hash })) ??
      (await this.sessions.findOne(companyId, { token_legacy_hash: hash }))
    );
  }

  /**
   * Completes a session, exactly once: ONE transaction with the session row locked (a second,
   * concurrent submission waits for the lock and then finds it COMPLETED). In it: the
   * customer's details are updated, the subscription starts (createWithin) — or, with
   * previous_subscription_id, its plan changes (changeWithin) —, the engine writes the first
   * invoice (finalized), the token's card is attached and charged through CheckoutPayment, and
   * the session is marked COMPLETED. A declined charge rolls the whole transaction back: the
   * session stays OPEN and nothing else has changed.
   */
  async complete(companyId: string, token: string, details: CustomerDetails, agreedQuote: string | null): Promise<CompletionOutcome> {
    try {
      const found = await this.byToken(companyId, token);
      if (!found) return { kind: 'not_found' };
      return await this.dataSource.transaction(async (m): Promise<CompletionOutcome> => {
        const s = await this.sessions.with(m).findOneForUpdate(companyId, { id: found.id });
        if (!s) return { kind: 'not_found' };
        const now = this.clock.now();
        if (effectiveCheckoutStatus(s, now) !== 'OPEN') return { kind: 'closed', session: s };
        // the quote the buyer agreed to: the one their page showed, else the session's own
        const agreed = agreedQuote ?? s.quote?.digest ?? null;
        await this.customerDetails.setContactDetails(m, companyId, s.customer_id, details, now);
        if (s.previous_subscription_id) {
          const quote = await this.quoteWithin(m, companyId, s, null);
          if (quote.digest !== agreed) throw new Rollback<CompletionOutcome>({ kind: 'requote' });
          // the plan change, in this same locked transaction; its proration is billed by the
          // billing run (and auto-charged to the card attached here)
          try {
            await this.changeSubscription.within(m, companyId, s.previous_subscription_id, this.changeRequest(s));
          } catch (err) {
            const message = err instanceof DomainError ? err.message : 'the plan could not be changed';
            throw new Rollback<CompletionOutcome>({ kind: 'declined', message: `Your plan could not be changed: ${message}` });
          }
          const attached = await this.payment.charge(m, companyId, {
            customerId: s.customer_id,
            subscriptionId: s.previous_subscription_id,
            invoice: null,
            token: details.paymentToken,
            idempotencyKey: s.id,
            now,
          });
          if (!attached.ok) throw new Rollback<CompletionOutcome>({ kind: 'declined', message: attached.message });
          const changed: Partial<CheckoutSessionEntity> = {
            status: 'COMPLETED',
            subscription_id: s.previous_subscription_id,
            payment_token: details.paymentToken,
            completed_at: now,
            updated_at: now,
          };
          await this.sessions.with(m).update(companyId, { id: s.id, status: 'OPEN' }, changed);
          this.events.later(m, companyId, 'checkout.completed', s.id);
          return { kind: 'completed', session: { ...s, ...changed } };
        }

        const subId = await this.createSubscription.within(m, companyId, this.subscriptionRequest(s, now));
        const first = await this.firstInvoiceWithin(m, companyId, subId, now);
        const quote = await this.quoteWithin(m, companyId, s, first);
        if (quote.digest !== agreed) throw new Rollback<CompletionOutcome>({ kind: 'requote' });
        // numbered once finalized: the finalization locks the customer's credits, and the
        // company's invoice counter comes after them (src/platform/README.md, "Lock order")
        const processed = await this.generator.process(m, companyId, subId, now, now, undefined, { deferNumbers: true });
        let invoice: InvoiceEntity | null = processed.created[0] ?? null;
        // never more than the quote: an invoice above the quoted total is not charged
        if (invoice && invoice.total_cents > (first?.totals.total_cents ?? 0)) {
          throw new Rollback<CompletionOutcome>({ kind: 'requote' });
        }
        if (invoice && invoice.status === 'DRAFT') invoice = await this.finalizer.finalize(m, companyId, invoice, now);
        const numbers = await this.writer.assignNumbers(
          m,
          companyId,
          processed.created.map((i) => i.id),
        );
        const assigned = invoice ? numbers.get(invoice.id)! : null;
        if (invoice && assigned) invoice = { ...invoice, number: assigned.number, formatted_number: assigned.formatted };
        const charged = await this.payment.charge(m, companyId, {
          customerId: s.customer_id,
          subscriptionId: subId,
          invoice,
          token: details.paymentToken,
          idempotencyKey: s.id,
          now,
        });
        if (!charged.ok) throw new Rollback<CompletionOutcome>({ kind: 'declined', message: charged.message });
        const totals: CheckoutTotals | null = invoice
          ? {
              currency: invoice.currency,
              sub_total_cents: invoice.sub_total_cents,
              discount_cents: invoice.discount_cents,
              total_cents: invoice.total_cents,
              invoice_date: iso(invoice.invoice_date),
            }
          : s.totals;
        const done: Partial<CheckoutSessionEntity> = {
          status: 'COMPLETED',
          subscription_id: subId,
          invoice_id: invoice?.id ?? null,
          payment_token: details.paymentToken,
          totals,
          quote,
          completed_at: now,
          updated_at: now,
        };
        await this.sessions.with(m).update(companyId, { id: s.id, status: 'OPEN' }, done);
        this.events.later(m, companyId, 'checkout.completed', s.id);
        return { kind: 'completed', session: { ...s, ...done } };
      });
    } catch (err) {
      if (err instanceof Rollback) return err.value as CompletionOutcome;
      throw err;
    }
  }

  /** The change request of a session with previous_subscription_id. */
  private changeRequest(s: CheckoutSessionEntity): ChangeSubscriptionDto {
    const request = plain(s.request) as unknown as CreateSubscriptionDto;
    const change: ChangeSubscriptionDto = {
      product_pricing_ids: request.product_pricing_ids ?? null,
      bundle_pricing_id: request.bundle_pricing_id ?? null,
      config_items: request.config_items,
      term: request.term ?? null,
      auto_charges: request.auto_charges,
      trial: request.trial ? true : null,
      trial_term: request.trial ? request.trial_term : null,
      discounts: request.discounts,
      onetime_items: request.onetime_items,
      metadata: { ...(request.metadata ?? {}), checkout_session_id: s.id },
      proration_type: (s.change_proration_type as ChangeSubscriptionDto['proration_type']) ?? null,
      timing: (s.change_timing as ChangeSubscriptionDto['timing']) ?? null,
      reset_billing_anchor: s.change_reset_billing_anchor,
    };
    if (change.product_pricing_ids == null) delete change.product_pricing_ids;
    if (change.bundle_pricing_id == null) delete change.bundle_pricing_id;
    return change;
  }
}
