import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { companyOfPageSecret } from '../../platform/hosted-pages/page-secrets';
import { formatDate, formatMoney, formatTerm } from '../../platform/hosted-pages/format';
import type { PageResult } from '../../platform/hosted-pages/layout';
import { completedPage, withCompletionFormActions } from '../../platform/hosted-pages/completion-options';

/** Where "back to the company" leads after a checkout: its redirect_url when it gave one (any completion action). */
function completionReturnUrl(options: Record<string, unknown> | null | undefined): string | null {
  const url = options?.redirect_url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}
import { addressErrors, storedAddress } from '../../platform/hosted-pages/address-fields';
import { BundlesRepository, CompanyRecordsRepository } from '../../catalog/catalog.repository';
import { CustomersRepository } from '../../customers/customers.repository';
import type { CustomerEntity } from '../../customers/customer.entity';
import { PlanCatalog, PlanCatalogData } from '../../subscriptions/plan-catalog';
import { In } from 'typeorm';
import { BillableMetricsRepository } from '../../metrics/metrics.repository';
import { planPriceRows, renewalOf } from './plan-prices';
import { CheckoutSessionEntity, effectiveCheckoutStatus } from '../checkout.entity';
import { CheckoutService, CurrentQuote, CustomerDetails } from '../checkout.service';
import { resolveCompanySettings } from '../../platform/company-settings/company-settings.rules';
import { brandOf } from '../../platform/hosted-pages/hosted-page-error.filter';
import { InvoiceLinks } from '../../invoicing/invoice-links.service';
import { InvoicesRepository } from '../../invoicing/invoicing.repository';
import { SANDBOX_TOKENS, SandboxToken } from '../checkout-payment';
import {
  ADDRESS_FIELDS,
  CheckoutForm,
  CheckoutPageModel,
  renderCheckoutForm,
  renderCheckoutNotFound,
  renderCheckoutState,
} from './checkout-page.html';

/** A page, or a redirect (303 to `location`). */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Loaded {
  companyId: string;
  session: CheckoutSessionEntity;
  customer: CustomerEntity | null;
  model: CheckoutPageModel;
  /** Shown above the form when the quote is no longer the one the session was created with. */
  quoteNotice: string | null;
}

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').slice(0, max) : '');

/**
 * The hosted checkout page: GET shows the order (the first invoice as the billing engine
 * computes it now, from the subscription decided in memory: reads only, no row lock), POST completes the session through
 * CheckoutService.complete (one locked transaction, exactly once). The form carries the digest
 * of the quote it shows (`quote`); when the quote changed before the buyer paid, nothing is
 * charged and the page shows the new total with a notice, asking again (409).
 */
@Injectable()
export class CheckoutPageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly checkout: CheckoutService,
    private readonly companies: CompanyRecordsRepository,
    private readonly customers: CustomersRepository,
    private readonly bundles: BundlesRepository,
    private readonly plan: PlanCatalog,
    private readonly invoices: InvoicesRepository,
    private readonly invoiceLinks: InvoiceLinks,
    private readonly metrics: BillableMetricsRepository,
  ) {}

  async show(token: string): Promise<PageResult> {
    const l = await this.load(token);
    return l ? this.withRedirect(l, await this.showLoaded(l)) : { status: 404, html: renderCheckoutNotFound() };
  }

  async submit(token: string, body: Record<string, unknown>): Promise<PageResult> {
    const l = await this.load(token);
    return l ? this.withRedirect(l, await this.submitLoaded(l, token, body)) : { status: 404, html: renderCheckoutNotFound() };
  }

  /** A session that ends with a redirect lets its page's form lead to the redirect's origin. */
  private withRedirect(l: Loaded, page: PageResult): PageResult {
    return withCompletionFormActions(l.session.options, page);
  }

  private async showLoaded(l: Loaded): Promise<PageResult> {
    const closed = this.closedState(l);
    if (closed) return closed;
    const c = l.customer;
    const address = (c?.address ?? {}) as Record<string, unknown>;
    return {
      status: 200,
      html: renderCheckoutForm(l.model, {
        name: c?.name ?? '',
        email: c?.email ?? '',
        address: Object.fromEntries(
          ADDRESS_FIELDS.map((f) => [f.key, typeof address[f.key] === 'string' ? (address[f.key] as string) : '']),
        ),
        paymentToken: 'tok_visa',
        errors: {},
        decline: null,
        notice: l.quoteNotice,
      }),
    };
  }

  private async submitLoaded(l: Loaded, token: string, body: Record<string, unknown>): Promise<PageResult> {
    const closed = this.closedState(l);
    if (closed) return closed;
    const form: CheckoutForm = {
      name: str(body?.name, 200),
      email: str(body?.email, 320),
      address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.key, str(body?.[f.key], 200)])),
      paymentToken: str(body?.payment_token, 64),
      errors: {},
      decline: null,
      notice: null,
    };
    const agreedQuote = str(body?.quote, 200) || null;
    // the page re-rendered for any reason shows why its total is not the one the buyer saw
    form.notice = agreedQuote !== null && agreedQuote !== l.model.quoteDigest ? this.changedNotice(l.model.total) : l.quoteNotice;
    if (!form.name) form.errors.name = 'Enter your full name.';
    if (!EMAIL.test(form.email)) form.errors.email = 'Enter an e-mail address, like name@example.com.';
    if (l.model.requiresAddress) Object.assign(form.errors, addressErrors(form.address));
    if (!(SANDBOX_TOKENS as readonly string[]).includes(form.paymentToken)) form.errors.payment_token = 'Choose a card.';
    if (Object.keys(form.errors).length) return { status: 400, html: renderCheckoutForm(l.model, form) };

    const details: CustomerDetails = {
      name: form.name,
      email: form.email,
      address: l.model.requiresAddress ? storedAddress(form.address) : null,
      paymentToken: form.paymentToken as SandboxToken,
    };
    const outcome = await this.checkout.complete(l.companyId, token, details, agreedQuote);
    if (outcome.kind === 'not_found') return { status: 404, html: renderCheckoutNotFound() };
    if (outcome.kind === 'requote') {
      const again = await this.load(token);
      if (!again) return { status: 404, html: renderCheckoutNotFound() };
      const closedNow = this.closedState(again);
      if (closedNow) return closedNow;
      const notice = this.changedNotice(again.model.total, again.model.isChange);
      return { status: 409, html: renderCheckoutForm(again.model, { ...form, decline: null, notice }) };
    }
    if (outcome.kind === 'declined') return { status: 402, html: renderCheckoutForm(l.model, { ...form, decline: outcome.message }) };
    if (outcome.kind === 'closed')
      return (
        this.closedState({ ...l, session: outcome.session }) ?? {
          status: 409,
          html: renderCheckoutState(l.model, 'already_completed', null),
        }
      );
    const receiptUrl = await this.receiptOf(l.companyId, outcome.session);
    return completedPage(outcome.session.options, (message) =>
      renderCheckoutState(l.model, 'completed', message, { receiptUrl, returnUrl: completionReturnUrl(outcome.session.options) }),
    );
  }

  /** The hosted page of the invoice the checkout paid (its receipt), or null (a plan change has none). */
  private async receiptOf(companyId: string, session: CheckoutSessionEntity): Promise<string | null> {
    if (!session.invoice_id) return null;
    const invoice = await this.invoices.findOne(companyId, { id: session.invoice_id });
    return invoice ? (this.invoiceLinks.linksOf(invoice)?.hosted ?? null) : null;
  }

  private changedNotice(total: string, isChange = false): string {
    return isChange
      ? 'The prices of this plan changed since you opened this page. ' +
          'Nothing was charged and your plan was not changed: please review the order and confirm again.'
      : `The total changed since you opened this page: your first invoice is now ${total}. ` +
          'Nothing was charged: please review the order and confirm again.';
  }

  private closedState(l: Loaded): PageResult | null {
    const status = effectiveCheckoutStatus(l.session, this.clock.now());
    if (status === 'COMPLETED') return { status: 409, html: renderCheckoutState(l.model, 'already_completed', null) };
    if (status === 'EXPIRED') return { status: 410, html: renderCheckoutState(l.model, 'expired', null) };
    return null;
  }

  private async load(token: string): Promise<Loaded | null> {
    const companyId = companyOfPageSecret(token);
    if (!companyId) return null;
    const session = await this.checkout.byToken(companyId, token);
    if (!session) return null;
    const s = session;
    const [company, customer, data, bundle] = await Promise.all([
      this.companies.findOne(companyId, {}),
      this.customers.findOne(companyId, { id: s.customer_id }),
      this.plan.load(this.dataSource.manager, companyId, s.product_pricing_ids),
      s.bundle_pricing_id ? this.bundles.findOne(companyId, { id: s.bundle_pricing_id }) : Promise.resolve(null),
    ]);
    const now = this.clock.now();
    const open = effectiveCheckoutStatus(s, now) === 'OPEN';
    const current: CurrentQuote | null = open ? await this.checkout.currentQuote(s) : null;
    const first = current?.first ?? null;
    const currency = first?.totals.currency ?? s.currency;
    const money = (cents: string | number) => formatMoney(cents, currency);
    const names = s.product_pricing_ids.map((id) => {
      const p = data.pricings.get(id);
      return p ? (p.external_name ?? p.name) : 'Plan';
    });
    const planName = bundle ? (bundle.name ?? names.join(' + ')) : names.join(' + ');
    const totals = first?.totals ?? s.totals;
    const lines = (first?.lines ?? [])
      .filter((l) => l.amount_cents >= 0)
      .map((l) => {
        const qty = l.quantity !== null ? Number(l.quantity) : null;
        const detail = qty !== null && l.unit_price !== null && qty !== 1 ? `${qty} × ${money(l.unit_price)}` : null;
        return { name: l.name, detail, amount: money(l.amount_cents) };
      });
    const invoiceDate = totals?.invoice_date ? new Date(totals.invoice_date) : null;
    const dueToday = !invoiceDate || invoiceDate.getTime() <= now.getTime() + 60_000;
    const facts: CheckoutPageModel['facts'] = [
      {
        label: 'Term',
        value: formatTerm(s.term_count, s.term_frequency),
        sub: s.auto_renews ? 'Renews automatically' : 'Ends after the term, no renewal',
      },
    ];
    if (s.trial && s.trial_term)
      facts.push({
        label: 'Free trial',
        value: formatTerm(s.trial_term.count, s.trial_term.frequency),
        sub: 'Billing starts when the trial ends',
      });
    const settings = resolveCompanySettings(company?.name ?? 'Tally', company?.settings);
    // the first invoice falls at a billing date of the company's zone: its day there
    const zone = settings.preferred_timezone;
    if (invoiceDate) facts.push({ label: 'First invoice', value: formatDate(invoiceDate, zone) });
    const metricNames = await this.metricNames(companyId, data);
    const brand = brandOf(settings);
    const model: CheckoutPageModel = {
      companyName: brand.name,
      brand,
      planName,
      customerName: customer?.org_name || customer?.name || customer?.email || 'you',
      lines,
      subTotal: money(totals?.sub_total_cents ?? 0),
      discounts: (first?.lines ?? [])
        .filter((l) => l.amount_cents < 0)
        .map((l) => ({ name: l.name, detail: null, amount: money(-l.amount_cents) })),
      total: money(totals?.total_cents ?? 0),
      dueLabel: dueToday ? 'Due today' : `Due on ${formatDate(invoiceDate!, zone)}`,
      facts,
      requiresAddress: (s.options as { requires_customer_address?: boolean }).requires_customer_address === true,
      isChange: s.previous_subscription_id !== null,
      quoteDigest: current?.quote.digest ?? s.quote?.digest ?? '',
      priceRows: planPriceRows(data, s.product_pricing_ids, metricNames, currency),
      renewal: renewalOf({
        data,
        pricingIds: s.product_pricing_ids,
        configItems: s.config_items,
        autoRenews: s.auto_renews,
        hasDiscounts: s.discounts.length > 0,
        firstInvoiceDate: invoiceDate ?? (s.previous_subscription_id ? null : now),
        currency,
        timeZone: zone,
      }),
    };
    let quoteNotice: string | null = null;
    if (current && s.quote && current.quote.digest !== s.quote.digest) {
      const was = s.quote.totals ? formatMoney(s.quote.totals.total_cents, s.quote.totals.currency) : null;
      quoteNotice = model.isChange
        ? 'The prices of this plan changed since this checkout was prepared. Please review them before you confirm.'
        : `The price changed since this checkout was prepared${was ? ` (it was ${was})` : ''}: ` +
          `your first invoice is now ${model.total}. Please review it before you pay.`;
    }
    return { companyId, session: s, customer, model, quoteNotice };
  }

  /** The names of the billable metrics the plan's prices count (a usage price reads "per API call"). */
  private async metricNames(companyId: string, data: PlanCatalogData): Promise<Map<string, string>> {
    const ids = [...new Set([...data.pmpsByPricing.values()].flatMap((list) => list.map((p) => p.pmp.metric_id)))];
    if (ids.length === 0) return new Map();
    const rows = await this.metrics.find(companyId, { where: { id: In(ids) } });
    return new Map(rows.map((m) => [m.id, m.external_name ?? m.name]));
  }
}
