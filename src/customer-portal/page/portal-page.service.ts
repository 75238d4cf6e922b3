import type { Brand } from '../../platform/hosted-pages/layout';
import { brandOf } from '../../platform/hosted-pages/hosted-page-error.filter';
import { resolveCompanySettings } from '../../platform/company-settings/company-settings.rules';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { DomainError } from '../../platform/errors/domain-error';
import { renderError } from '../../platform/errors/error-body';
import { isId } from '../../platform/ids/ids';
import { formatDate, formatMoney } from '../../platform/hosted-pages/format';
import type { PageResult } from '../../platform/hosted-pages/layout';
import { CompanyRecordsRepository } from '../../catalog/catalog.repository';
import { CustomersRepository } from '../../customers/customers.repository';
import type { CustomerEntity } from '../../customers/customer.entity';
import { CancelSubscriptionUseCase } from '../../subscriptions/cancel-subscription.use-case';
import { ChangeSubscriptionUseCase } from '../../subscriptions/change-subscription.use-case';
import { isEnded } from '../../subscriptions/subscription-dates';
import { displayPhase, pendingPhase } from '../../subscriptions/phases';
import { SubscriptionPhasesRepository, SubscriptionsRepository } from '../../subscriptions/subscriptions.repository';
import type { SubscriptionEntity } from '../../subscriptions/subscription.entity';
import { SubscriptionViews } from '../../subscriptions/subscriptions.views';
import { InvoicesService } from '../../invoicing/invoices.service';
import { InvoicingViews } from '../../invoicing/invoicing.views';
import { PaymentMethodsService } from '../../payments/payment-methods.service';
import type { PaymentMethodEntity } from '../../payments/payment-processing.entity';
import { CustomerPortalService } from '../customer-portal.service';
import { currentPeriod } from './current-period';
import { mergePortalInvoices, otherParties, portalInvoiceQueries, portalParties } from './portal-invoices';
import { BillingDetailsForm, billingDetailsOf, postedBillingDetails } from './billing-details';
import { PortalBillingDetails } from './portal-billing-details.service';
import { cardLabel, PORTAL_CARD_CHOICES } from './portal-cards';
import { subscriptionFacts } from './portal-subscription-facts';
import { formatAddress } from '../../platform/hosted-pages/address';
import { portalSettings, PortalSettings } from './portal-settings';
import { checkSeatQuantity, MAX_LICENCES, seatRanges } from './seat-quantities';
import { PortalCard, PortalInvoice, PortalPageModel, PortalSubscription, renderLinkGone, renderPortalPage } from './portal-page.html';

/** A page, or a redirect (303 to `location`, relative to the page). */
export type PortalPageResult = PageResult;

/** The sandbox processor's test tokens, as the add-card select offers them. */
export const CARD_CHOICES = PORTAL_CARD_CHOICES;

/** The notices after an action (the redirect carries a key, never text: nothing typed is reflected). */
export const DONE_NOTICES: Record<string, string> = {
  card_added: 'Your card was added.',
  default_set: 'Your default card was changed.',
  card_removed: 'The card was removed.',
  cancelled: 'Your subscription will end at the end of the current period.',
  quantity_changed: 'The quantity was changed. The difference for the rest of the current period is invoiced on its own.',
  details_saved: 'Your billing details were saved.',
};

/** How many invoices the portal lists (the most recent first). */
export const PORTAL_INVOICES = 24;

interface Opened {
  companyId: string;
  customer: CustomerEntity;
  settings: PortalSettings;
}

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The customer portal behind a PORTAL link: reads through the owning modules' views and
 * services, and acts only through their services (cards: PaymentMethodsService; cancelling:
 * CancelSubscriptionUseCase with timing PERIOD_END, when the company's
 * `portal_cancel_enabled` is on). One POST address, the page's own; the action is a field.
 */
@Injectable()
export class PortalPageService {
  constructor(
    private readonly clock: Clock,
    private readonly links: CustomerPortalService,
    private readonly companies: CompanyRecordsRepository,
    private readonly customers: CustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly phases: SubscriptionPhasesRepository,
    private readonly subscriptionViews: SubscriptionViews,
    private readonly cancelUseCase: CancelSubscriptionUseCase,
    private readonly changeUseCase: ChangeSubscriptionUseCase,
    private readonly invoices: InvoicesService,
    private readonly invoicingViews: InvoicingViews,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly details: PortalBillingDetails,
  ) {}

  async show(token: string, done: unknown): Promise<PortalPageResult> {
    const o = await this.open(token);
    if ('status' in o) return o;
    const notice = typeof done === 'string' && Object.hasOwn(DONE_NOTICES, done) ? DONE_NOTICES[done] : null;
    return { status: 200, html: renderPortalPage(await this.model(o, notice, null)) };
  }

  async submit(token: string, body: Record<string, unknown>): Promise<PortalPageResult> {
    const o = await this.open(token);
    if ('status' in o) return o;
    const action = str(body?.action, 40);
    try {
      const done = await this.act(o, action, body ?? {});
      return { status: 303, location: `?done=${done}`, html: '' };
    } catch (e) {
      const { status, body: err } = renderError(e);
      if (status >= 500) throw e;
      const message = `${capital(err.error_message)}.`;
      const posted = action === 'update_details' ? postedBillingDetails(body ?? {}) : null;
      return { status, html: renderPortalPage(await this.model(o, null, message, posted)) };
    }
  }

  private async act(o: Opened, action: string, body: Record<string, unknown>): Promise<string> {
    const { companyId, customer } = o;
    const pm = str(body.payment_method_id, 64);
    switch (action) {
      case 'add_card': {
        const token = str(body.payment_token, 64);
        if (!CARD_CHOICES.some((c) => c.value === token))
          throw DomainError.invalidField('payment_token', 'must be one of the cards offered');
        await this.paymentMethods.attach(companyId, customer.id, { token });
        return 'card_added';
      }
      case 'make_default':
        await this.paymentMethods.update(companyId, customer.id, pm, { default: true });
        return 'default_set';
      case 'remove_card':
        await this.paymentMethods.remove(companyId, customer.id, pm);
        return 'card_removed';
      case 'cancel_subscription': {
        if (!o.settings.cancelEnabled)
          throw new DomainError('portal_cancel_disabled', 'forbidden', 'cancelling from the portal is not enabled: please contact us');
        const id = str(body.subscription_id, 64);
        const sub = isId('subscription', id) ? await this.subscriptions.findOne(companyId, { id, customer_id: customer.id }) : null;
        if (!sub) throw DomainError.notFound('subscription');
        if (body.confirm !== 'yes') throw DomainError.invalidField('confirm', 'must be ticked to cancel');
        if (sub.cancel_date !== null) throw DomainError.invalidState('this subscription is already cancelled');
        await this.cancelUseCase.cancel(companyId, sub.id, {
          timing: 'PERIOD_END',
          customer_cancel_reason: 'Cancelled in the customer portal',
        });
        return 'cancelled';
      }
      case 'change_quantity':
        await this.changeQuantity(o, body);
        return 'quantity_changed';
      case 'update_details':
        await this.details.save(companyId, customer.id, body);
        return 'details_saved';
      default:
        throw DomainError.invalidField(
          'action',
          'must be add_card, make_default, remove_card, cancel_subscription, change_quantity or update_details',
        );
    }
  }

  /**
   * A seat quantity changed by the customer: only with the company's
   * `portal_quantity_changes_enabled`, only a subscription of the link's customer, only a seat
   * price its current plan offers (seatRanges), within its range. The change is the API's
   * (`ChangeSubscriptionUseCase`, the plan kept, every other quantity as it is) with
   * `timing: IMMEDIATE` and `proration_type: IMMEDIATE`, so the billing run writes the same
   * prorated invoice as `POST /subscriptions/{id}/change` with those fields would.
   */
  private async changeQuantity(o: Opened, body: Record<string, unknown>): Promise<void> {
    const { companyId, customer } = o;
    if (!o.settings.quantityChangesEnabled)
      throw new DomainError(
        'portal_quantity_changes_disabled',
        'forbidden',
        'changing quantities in the portal is not enabled: please contact us',
      );
    const id = str(body.subscription_id, 64);
    const sub = isId('subscription', id) ? await this.subscriptions.findOne(companyId, { id, customer_id: customer.id }) : null;
    if (!sub) throw DomainError.notFound('subscription');
    const now = this.clock.now();
    if (isEnded(sub.end_date, now) || sub.cancel_date !== null)
      throw DomainError.invalidState('this subscription is cancelled: its quantities can no longer change');
    const phases = await this.phases.find(companyId, { where: { subscription_id: sub.id } });
    const current = displayPhase(phases, now);
    if (!current) throw DomainError.notFound('subscription');
    // a change from here would supersede the one the company scheduled
    if (pendingPhase(phases, now)) throw DomainError.invalidState('a change of this subscription is already scheduled: please contact us');
    const pmp = str(body.product_metric_pricing_id, 64);
    const range = seatRanges(current.config_items).find((r) => r.productMetricPricingId === pmp);
    if (!range) throw DomainError.invalidField('product_metric_pricing_id', 'is not a seat price of this subscription you can change');
    const checked = checkSeatQuantity(range, str(body.quantity, 20));
    if ('problem' in checked) throw DomainError.invalidField('quantity', checked.problem);
    await this.changeUseCase.execute(companyId, sub.id, {
      config_items: current.config_items.map((ci) => ({
        ...ci,
        num_licenses: ci.product_metric_pricing_id === pmp ? checked.quantity : ci.num_licenses,
      })),
      timing: 'IMMEDIATE',
      proration_type: 'IMMEDIATE',
    });
  }

  /** The link's customer and company, or the page saying why not (404 unknown, 410 expired). */
  private async open(token: string): Promise<Opened | PortalPageResult> {
    const r = await this.links.resolve(token, 'PORTAL');
    if (r.state !== 'open')
      return { status: r.state === 'expired' ? 410 : 404, html: renderLinkGone(r.state, 'portal', await this.expiredBrand(r)) };
    const [company, customer] = await Promise.all([
      this.companies.findOne(r.companyId, {}),
      this.customers.findOne(r.companyId, { id: r.link.customer_id }),
    ]);
    if (!company || !customer) return { status: 404, html: renderLinkGone('unknown', 'portal') };
    return { companyId: r.companyId, customer, settings: portalSettings(company.name, company.settings) };
  }

  private async model(
    o: Opened,
    notice: string | null,
    error: string | null,
    posted: BillingDetailsForm | null = null,
  ): Promise<PortalPageModel> {
    const { companyId, customer, settings } = o;
    const now = this.clock.now();
    const subs = (
      await this.subscriptions.find(companyId, { where: { customer_id: customer.id }, order: { created_at: 'ASC', id: 'ASC' } })
    ).filter((s) => s.end_date === null || s.end_date.getTime() > now.getTime());
    const [views, phases, invoicePages, cards] = await Promise.all([
      this.subscriptionViews.many(companyId, subs),
      subs.length ? this.phases.find(companyId, { where: { subscription_id: In(subs.map((s) => s.id)) } }) : [],
      Promise.all(portalInvoiceQueries(customer.id, PORTAL_INVOICES).map((q) => this.invoices.find(companyId, q))),
      this.paymentMethods.list(companyId, customer.id),
    ]);
    const listed = mergePortalInvoices(
      invoicePages.map((p) => p.results),
      PORTAL_INVOICES,
    );
    const others = otherParties(customer.id, listed);
    const [invoices, parties] = await Promise.all([
      this.invoicingViews.invoiceViews(companyId, listed),
      others.length ? this.customers.find(companyId, { where: { id: In(others) } }) : [],
    ]);
    const names = new Map(parties.map((c) => [c.id, c]));

    const phasesOf = (id: string) => phases.filter((p) => p.subscription_id === id);
    const subscriptions: PortalSubscription[] = views.map((v, i) => {
      const sub = subs[i];
      const phase = displayPhase(phasesOf(sub.id), now);
      const names = new Map(v.product_pricings.map((p) => [p.id, p.external_name ?? p.name]));
      const bundle = v.bundle_pricing as { name?: string | null } | null;
      const plan = bundle?.name ?? (v.product_pricings.map((p) => p.external_name ?? p.name).join(' + ') || 'Subscription');
      const trialUntil = v.trial && v.trial_conversion_date && new Date(v.trial_conversion_date) > now ? v.trial_conversion_date : null;
      const status =
        v.cancel_date && v.end_date
          ? `Ends on ${formatDate(new Date(v.end_date), settings.timeZone)}`
          : trialUntil
            ? `Trial until ${formatDate(new Date(trialUntil), settings.timeZone)}`
            : v.status === 'unpaid'
              ? 'Unpaid'
              : 'Active';
      const seats =
        settings.quantityChangesEnabled && phase && v.cancel_date === null && !pendingPhase(phasesOf(sub.id), now)
          ? seatRanges(phase.config_items).map((r) => ({
              productMetricPricingId: r.productMetricPricingId,
              name: names.get(r.productPricingId) ?? plan,
              current: r.current,
              min: r.min,
              max: r.max === MAX_LICENCES ? null : r.max,
            }))
          : [];
      const period = phase ? currentPeriod(sub, phase, now) : null;
      return {
        id: sub.id,
        plan,
        ...subscriptionFacts(v, sub, period, settings.timeZone),
        seats,
        amount: `${formatMoney(v.mrr.value_in_cents, v.mrr.currency)} a month`,
        nextInvoice: v.next_invoice_date ? formatDate(new Date(v.next_invoice_date), settings.timeZone) : '—',
        status,
        cancellable: settings.cancelEnabled && v.cancel_date === null,
        periodEnd: period ? formatDate(period.end, settings.timeZone) : null,
      };
    });

    const portalInvoices: PortalInvoice[] = invoices.map((inv, k) => ({
      ...portalParties(customer.id, listed[k], names),
      number: inv.formatted_number ?? inv.uuid.slice(0, 8),
      date: inv.invoice_date ? formatDate(new Date(inv.invoice_date), settings.timeZone) : '—',
      total: formatMoney(inv.total.value_in_cents, inv.total.currency),
      taxes: inv.tax_details.map(
        (d) => `${d.name} ${d.percentage}%${d.inclusive ? ' (included)' : ''} ${formatMoney(d.amount.value_in_cents, d.amount.currency)}`,
      ),
      due: formatMoney(inv.due.value_in_cents, inv.due.currency),
      status: inv.status,
      hostedLink: inv.hosted_link,
      pdfLink: inv.pdf_link,
    }));

    return {
      companyName: settings.displayName,
      accentColor: settings.accentColor,
      supportEmail: settings.supportEmail,
      customerName: customer.org_name || customer.name || customer.email || 'Your account',
      notice,
      error,
      subscriptions,
      invoices: portalInvoices,
      cards: cards.map((c) => this.card(c, subs, now)),
      cardChoices: CARD_CHOICES,
      details: posted ?? billingDetailsOf(customer),
      savedDetails: billingDetailsOf(customer),
      detailsOpen: posted !== null,
      addressLines: formatAddress(customer.address),
    };
  }

  /**
   * A card as the portal shows it. It is offered for removal by the rule payments enforces (no
   * live subscription names it; the default card while no live auto-charging subscription
   * relies on the default); payments still decides, and a refusal is shown on the page.
   */
  private card(c: PaymentMethodEntity, subs: SubscriptionEntity[], now: Date): PortalCard {
    const live = subs.filter((s) => s.end_date === null || s.end_date.getTime() > now.getTime());
    const named = live.some((s) => s.payment_method_id === c.id);
    const relied = c.is_default && live.some((s) => s.auto_charges && s.payment_method_id === null);
    return {
      id: c.id,
      label: cardLabel(c),
      expires: `${String(c.exp_month).padStart(2, '0')}/${c.exp_year}`,
      isDefault: c.is_default,
      removable: !named && !relied,
    };
  }

  /** The brand of an expired link's company (its error page still wears it); none for an unknown link. */
  private async expiredBrand(r: { state: string; companyId?: string }): Promise<Brand | null> {
    if (r.state !== 'expired' || !r.companyId) return null;
    const company = await this.companies.findOne(r.companyId, {});
    return company ? brandOf(resolveCompanySettings(company.name, company.settings)) : null;
  }
}
