import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { CompanyRecordsRepository } from '../../catalog/catalog.repository';
import { CustomersRepository } from '../../customers/customers.repository';
import type { CustomerEntity } from '../../customers/customer.entity';
import { chargeForPeriod } from '../../billing-math/pricing';
import { roundCents } from '../../billing-math/money';
import { parseStoredDiscount } from '../../subscriptions/discounts';
import { PlanCatalog, PlanCatalogData, PlanPmp, toBillingPricing } from '../../subscriptions/plan-catalog';
import { companyOfSigningToken, contractTermsDigest, effectiveStatus, termPricingIds } from '../contract.rules';
import type { ContractEntity, ContractSignatoryEntity } from '../contract.entity';
import { ContractSignatoriesRepository, ContractsRepository } from '../contracts.repository';
import { signatoryRows, signedTermsText } from './signatories';
import { ContractsService } from '../contracts.service';
import { fillVariables, formatDate, formatMoney, formatPeriod, formatTerm } from '../../platform/hosted-pages/format';
import { PriceLine, renderNotFound, renderSigningForm, renderStatePage, SigningForm, SigningPageModel } from './signing-page.html';

import { completedPage, withCompletionFormActions } from '../../platform/hosted-pages/completion-options';
import { isSandboxToken } from '../../payments/sandbox-cards';
import { ADDRESS_FIELDS, addressErrors, storedAddress } from '../../platform/hosted-pages/address-fields';

export type { PageResult } from '../../platform/hosted-pages/layout';
import type { PageResult } from '../../platform/hosted-pages/layout';
import { resolveCompanySettings } from '../../platform/company-settings/company-settings.rules';
import { brandOf } from '../../platform/hosted-pages/hosted-page-error.filter';

const MAX_NAME = 200;
const CARD_REQUIRED = 'Choose a card: this contract needs a payment method before your signature counts.';

interface Loaded {
  companyId: string;
  contract: ContractEntity;
  signatory: ContractSignatoryEntity;
  customer: CustomerEntity | null;
  model: SigningPageModel;
}

/**
 * The hosted signing page of one signatory (GET shows it and records a view; POST signs).
 * Signing goes through ContractsService.signWithToken — the same locked write and execution
 * as #16. The token names its company, so every read is scoped by company. Once the signature
 * is recorded the page does what the contract's `options` say, through the hosted pages' one
 * completion path (`completedPage`, as checkout): a 303 to `redirect_url`, or the
 * `confirmation_message`. A contract with `requires_payment_method` takes a card with the
 * signature until one is given; a signature without it is refused (400) and nothing is written.
 */
@Injectable()
export class SigningPageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly contractsService: ContractsService,
    private readonly contracts: ContractsRepository,
    private readonly companies: CompanyRecordsRepository,
    private readonly customers: CustomersRepository,
    private readonly plan: PlanCatalog,
    private readonly signatories: ContractSignatoriesRepository,
  ) {}

  async show(token: string): Promise<PageResult> {
    const loaded = await this.load(token);
    if (!loaded) return { status: 404, html: renderNotFound() };
    await this.contractsService.recordView(loaded.companyId, loaded.signatory);
    const known = (loaded.customer?.address ?? {}) as Record<string, unknown>;
    const address = Object.fromEntries(
      ADDRESS_FIELDS.map((f) => [f.key, typeof known[f.key] === 'string' ? (known[f.key] as string) : '']),
    );
    return this.withRedirect(loaded, this.stateOrForm(loaded, { fullName: '', agreed: false, address, errors: {} }));
  }

  async submit(token: string, body: Record<string, unknown>): Promise<PageResult> {
    const loaded = await this.load(token);
    if (!loaded) return { status: 404, html: renderNotFound() };
    return this.withRedirect(loaded, await this.submitLoaded(loaded, token, body));
  }

  /**
   * The signed terms of the link's signatory as a text file; null (the 404 page) for an unknown
   * link or a signatory who has not signed.
   */
  async signedTerms(token: string): Promise<{ filename: string; text: string } | null> {
    const loaded = await this.load(token);
    if (!loaded || !loaded.signatory.signed) return null;
    const { model, signatory } = loaded;
    const filename = `${
      model.title
        .replace(/[^0-9A-Za-z]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'contract'
    }-signed-terms.txt`;
    return { filename, text: signedTermsText(model, model.signatories, signatory.terms_digest ?? model.termsDigest) };
  }

  /** A form that may end with the contract's redirect lets the browser follow it (CSP form-action). */
  private withRedirect(l: Loaded, page: PageResult): PageResult {
    return withCompletionFormActions(l.contract.options, page);
  }

  private async submitLoaded(loaded: Loaded, token: string, body: Record<string, unknown>): Promise<PageResult> {
    const fullName = typeof body?.full_name === 'string' ? body.full_name.trim().replace(/\s+/g, ' ') : '';
    const agreed = typeof body?.agree === 'string' && ['yes', 'on', 'true'].includes(body.agree);
    const postedToken = typeof body?.payment_token === 'string' ? body.payment_token.trim().slice(0, 64) : '';
    const card = isSandboxToken(postedToken) ? postedToken : null;
    const errors: SigningForm['errors'] = {};
    if (!fullName) errors.full_name = 'Enter your full name.';
    else if (fullName.length > MAX_NAME) errors.full_name = `Your name must be at most ${MAX_NAME} characters.`;
    if (!agreed) errors.agree = 'Tick the box to agree to the terms of the contract.';
    if (loaded.model.requiresCard && !card) errors.payment_token = CARD_REQUIRED;
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').slice(0, max) : '');
    const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.key, text(body?.[f.key], 200)]));
    if (loaded.model.requiresAddress) Object.assign(errors, addressErrors(address));

    const closed = this.closedState(loaded);
    if (closed) return closed;
    const form = (f: Partial<SigningForm>): SigningForm => ({
      fullName: fullName.slice(0, MAX_NAME),
      agreed,
      paymentToken: card ?? '',
      address,
      errors: {},
      ...f,
    });
    if (Object.values(errors).some(Boolean)) {
      return { status: 400, html: renderSigningForm(loaded.model, form({ errors })) };
    }
    const shownTerms = typeof body?.terms === 'string' ? body.terms : '';
    const outcome = await this.contractsService.signWithToken(
      loaded.companyId,
      token,
      fullName,
      shownTerms,
      loaded.model.requiresCard ? card : null,
      loaded.model.requiresAddress ? storedAddress(address) : null,
    );
    const after = await this.load(token);
    if (outcome === 'not_found' || !after) return { status: 404, html: renderNotFound() };
    if (outcome === 'card_required') {
      // the contract came to need a card after this page was shown: nothing signed, ask for one
      const again = renderSigningForm(after.model, form({ errors: { payment_token: CARD_REQUIRED } }));
      return this.closedState(after) ?? { status: 400, html: again };
    }
    if (outcome === 'terms_changed') {
      // nothing signed: the page shows the terms as they are now and asks again
      const notice = shownTerms
        ? 'The terms of this contract changed after you opened this page. ' +
          'Nothing was signed: please review the current terms below and sign again.'
        : 'Please review the terms below and sign again: your signature must be given on the page that shows them.';
      const again = renderSigningForm(after.model, form({ agreed: false, notice }));
      return this.closedState(after) ?? { status: 409, html: again };
    }
    const signedOn = after.signatory.signed_date ? formatDate(after.signatory.signed_date) : null;
    if (outcome === 'signed') {
      const kind = after.contract.status === 'EXECUTED' ? 'executed' : 'signed';
      return completedPage(after.contract.options, (message) => renderStatePage(after.model, kind, signedOn, message));
    }
    return this.closedState(after) ?? { status: 409, html: renderStatePage(after.model, 'already_executed', null) };
  }

  /** The page of a signatory who cannot sign (already signed, or the contract is closed), else null. */
  private closedState(l: Loaded): PageResult | null {
    const signedOn = l.signatory.signed_date ? formatDate(l.signatory.signed_date) : null;
    if (l.signatory.signed) return { status: 200, html: renderStatePage(l.model, 'already_signed', signedOn) };
    const status = effectiveStatus(l.contract, this.clock.now());
    if (status === 'EXECUTED') return { status: 409, html: renderStatePage(l.model, 'already_executed', null) };
    if (status === 'EXPIRED') return { status: 410, html: renderStatePage(l.model, 'expired', null) };
    if (status === 'VOID') return { status: 410, html: renderStatePage(l.model, 'void', null) };
    return null;
  }

  private stateOrForm(l: Loaded, form: SigningForm): PageResult {
    return this.closedState(l) ?? { status: 200, html: renderSigningForm(l.model, form) };
  }

  private async load(token: string): Promise<Loaded | null> {
    const companyId = typeof token === 'string' ? companyOfSigningToken(token) : null;
    if (!companyId) return null;
    const signatory = await this.contractsService.signatoryByToken(companyId, token);
    if (!signatory) return null;
    const contract = await this.contracts.findOne(companyId, { id: signatory.contract_id });
    if (!contract) return null;
    const [company, customer, signatories] = await Promise.all([
      this.companies.findOne(companyId, {}),
      this.customers.findOne(companyId, { id: contract.customer_id }),
      this.signatories.find(companyId, { where: { contract_id: contract.id } }),
    ]);
    const data = await this.plan.load(this.dataSource.manager, companyId, termPricingIds(contract));
    const c = contract;
    const money = (cents: Parameters<typeof formatMoney>[0]) => formatMoney(cents, c.currency);
    const brand = brandOf(resolveCompanySettings(company?.name ?? 'Tally', company?.settings));
    const customerName = customer?.org_name || customer?.name || customer?.email || 'the customer';
    const customerDetail =
      [customer?.org_name && customer?.name ? customer.name : null, customer?.email].filter(Boolean).join(' · ') || null;
    const model: SigningPageModel = {
      companyName: brand.name,
      brand,
      title: c.title,
      customerName,
      customerDetail,
      signatoryName: signatory.name,
      signatoryEmail: signatory.email,
      signatoryTitle: signatory.title,
      recurring: this.recurringLines(c, data, money),
      onetime: this.onetimeLines(c, data, money),
      discounts: this.discountLines(c, data, money),
      term: formatTerm(c.term_count, c.term_frequency),
      autoRenews: c.auto_renews,
      startDate: c.start_date
        ? formatDate(c.start_date)
        : c.completed_date
          ? formatDate(c.completed_date)
          : 'When every signatory has signed',
      expirationDate: c.expiration_date ? formatDate(c.expiration_date) : null,
      content: c.content ? fillVariables(c.content, c.custom_variables ?? {}) : null,
      termsDigest: contractTermsDigest(c, data),
      requiresCard: ContractsService.needsCard(c),
      requiresAddress: (c.options as { requires_customer_address?: boolean } | null)?.requires_customer_address === true,
      signatories: signatoryRows(signatories, signatory),
      termsDownload: signatory.signed ? `${encodeURIComponent(token)}/terms` : null,
    };
    return { companyId, contract, signatory, customer, model };
  }

  private pricingName(data: PlanCatalogData, id: string): string {
    const p = data.pricings.get(id);
    return p ? (p.external_name ?? p.name) : 'Product';
  }

  /** One line per price of the plan: licences for the configured quantity, usage prices by their unit price. */
  private recurringLines(c: ContractEntity, data: PlanCatalogData, money: (cents: string | number) => string): PriceLine[] {
    const quantities = new Map(c.config_items.map((ci) => [ci.product_metric_pricing_id, Math.max(ci.num_licenses, ci.minimum_units)]));
    const lines: PriceLine[] = [];
    for (const id of c.product_pricing_ids) {
      const name = this.pricingName(data, id);
      for (const p of data.pmpsByPricing.get(id) ?? []) lines.push(this.priceLine(name, p, quantities.get(p.pmp.id) ?? 0, money));
    }
    return lines;
  }

  private priceLine(name: string, p: PlanPmp, quantity: number, money: (cents: string | number) => string): PriceLine {
    const s = p.shape;
    const per = s.frequency === 'ONETIME' ? 'one time' : `/ ${formatPeriod(s.term_count, s.frequency)}`;
    const unitPrice =
      s.pricing_type === 'FIXED' && s.fixed_price_per_unit !== null
        ? s.fixed_price_per_unit
        : s.pricing_type === 'CUSTOM' && s.custom
          ? s.custom.price_per_unit
          : null;
    const base = s.base_price_in_cents > 0 ? ` + ${money(s.base_price_in_cents)} base` : '';
    if (p.licence) {
      const total = chargeForPeriod(toBillingPricing(s), quantity).amount;
      const units = `${quantity} ${quantity === 1 ? 'licence' : 'licences'}`;
      const detail =
        unitPrice !== null ? `${units} × ${money(unitPrice)}${base}` : `${units}, ${s.pricing_type.toLowerCase()} pricing${base}`;
      return { name, detail, amount: `${money(roundCents(total))} ${per}` };
    }
    const detail = unitPrice !== null ? `Usage: ${money(unitPrice)} per unit` : `Usage-based, ${s.pricing_type.toLowerCase()} pricing`;
    const amount = s.base_price_in_cents > 0 ? `${money(s.base_price_in_cents)} ${per} + usage` : 'Billed on usage';
    return { name, detail, amount };
  }

  private onetimeLines(c: ContractEntity, data: PlanCatalogData, money: (cents: string | number) => string): PriceLine[] {
    return c.onetime_items.map((o) => {
      const quantity = typeof o.aggregate === 'number' ? o.aggregate : 1;
      const custom = o.custom_price as { amount: { value_in_cents: number }; description: string | null } | null;
      if (custom) {
        const each = custom.amount.value_in_cents;
        return {
          name: custom.description || 'One-time charge',
          detail: quantity === 1 ? 'One-time charge' : `One-time charge: ${quantity} × ${money(each)}`,
          amount: `${money(this.times(each, quantity))} one time`,
        };
      }
      const id = String(o.product_pricing_id);
      const pmp = data.pmpsByPricing.get(id)?.[0];
      const total = pmp ? roundCents(chargeForPeriod(toBillingPricing(pmp.shape), quantity).amount) : 0;
      return {
        name: this.pricingName(data, id),
        detail: quantity === 1 ? 'One-time charge' : `One-time charge, quantity ${quantity}`,
        amount: `${money(total)} one time`,
      };
    });
  }

  private times(cents: number, quantity: number): number {
    return roundCents(chargeForPeriod({ pricing_type: 'FIXED', fixed_price: { price_per_unit: cents } }, quantity).amount);
  }

  private discountLines(c: ContractEntity, data: PlanCatalogData, money: (cents: string | number) => string): PriceLine[] {
    return c.discounts.map(parseStoredDiscount).map((d) => {
      const scope =
        d.product_pricing_id !== null ? `Applies to ${this.pricingName(data, d.product_pricing_id)}` : 'Applies to each invoice';
      const percent = typeof d.percent === 'number' ? d.percent : null;
      const off =
        d.type === 'DISCOUNT_PERCENT' && percent !== null
          ? `${+(percent * 100).toFixed(4)}% off${d.cap ? ` (up to ${money(d.cap.value_in_cents)})` : ''}`
          : `${money(d.amount?.value_in_cents ?? 0)} off`;
      const until = d.expiration_date !== null ? `, until ${formatDate(new Date(d.expiration_date))}` : '';
      return { name: `Discount: ${d.name ?? 'Discount'}`, detail: `${scope}${until}`, amount: off };
    });
  }
}
