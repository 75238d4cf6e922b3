import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { Discount } from '../billing-math';
import { CustomerLookupService, customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { CompanyRecordsRepository, ProductPricingsRepository, ProductsRepository } from '../catalog/catalog.repository';
import { CatalogPriceLoader } from '../catalog/price-loader';
import type { ProductPricingEntity } from '../catalog/catalog.entity';
import type { DiscountInputDto } from '../subscriptions/dto/subscription.dto';
import { storedDiscount } from '../subscriptions/discounts';
import { OneTimeBillableEntity } from './invoicing.entity';
import { OneTimeBillablesRepository } from './invoicing.repository';
import { InvoiceWriter, LineDraft } from './invoice-writer.service';
import { InvoiceFinalizer } from './invoice-finalizer.service';
import { PricedItem, priceOneTimeItems } from './one-time-pricing';
import type { CreateOneTimesDto, FindOneTimesDto, OneTimeItemDto } from './dto/one-time.dto';

const SEARCH: SearchSpec = {
  alias: 'o',
  sortKeys: baseSortKeys('o'),
  filters: {
    customer_id: customerIdOrIdentifierFilter('o.customer_id'),
    state: { kind: 'ci_exact', column: 'o.state' },
    type: { kind: 'ci_exact', column: 'o.type' },
  },
};

const DAY_MS = 86_400_000;
const DEFAULT_DUE_DAYS = 30;
const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

/**
 * One-time charges. IMMEDIATE: an invoice of their own now (kind ONE_TIME, billing key
 * = the request's batch id, finalized at once), the one-times INVOICED on it. NEXT: stored
 * PENDING; the billing engine puts them on the customer's next subscription invoice.
 */
@Injectable()
export class OneTimesService {
  constructor(
    private readonly oneTimes: OneTimeBillablesRepository,
    private readonly writer: InvoiceWriter,
    private readonly finalizer: InvoiceFinalizer,
    private readonly customers: CustomerLookupService,
    private readonly products: ProductsRepository,
    private readonly pricings: ProductPricingsRepository,
    private readonly prices: CatalogPriceLoader,
    private readonly companies: CompanyRecordsRepository,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, input: CreateOneTimesDto): Promise<OneTimeBillableEntity[]> {
    const dto = { ...input, type: input.type ?? 'IMMEDIATE' }; // the documented default (CreateOneTimesDto.type)
    const customer = await this.customers.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    const now = this.clock.now();
    const invoiceDate = dto.invoice_date != null ? new Date(dto.invoice_date) : now;
    if (Number.isNaN(invoiceDate.getTime())) throw DomainError.invalidField('invoice_date', 'must be a valid date-time');

    const items = dto.onetime_items;
    const pricingById = await this.loadPricings(companyId, items);
    await this.checkCustomProducts(companyId, items);
    const currency = await this.requestCurrency(companyId, items, pricingById, dto.discounts ?? []);
    const discounts = this.discounts(dto.discounts ?? [], currency, items, now);
    const priced = await this.price(companyId, items, pricingById);

    const batchId = randomUUID();
    const rows: OneTimeBillableEntity[] = priced.map((p) => ({
      company_id: companyId,
      id: p.id,
      customer_id: customer.id,
      subscription_id: null,
      batch_id: batchId,
      type: dto.type,
      state: 'PENDING',
      name: p.name,
      product_pricing_id: p.pricing?.id ?? null,
      currency,
      aggregate: p.aggregate,
      custom_price: p.dto.custom_price
        ? {
            amount: money(currency, p.dto.custom_price.amount.value_in_cents),
            product_id: p.dto.custom_price.product_id ?? null,
            description: p.dto.custom_price.description ?? null,
          }
        : null,
      quantity_config: p.dto.quantity_config
        ? {
            allow_custom_quantity: p.dto.quantity_config.allow_custom_quantity ?? null,
            max_quantity: p.dto.quantity_config.max_quantity ?? null,
            min_quantity: p.dto.quantity_config.min_quantity ?? null,
          }
        : null,
      sort_order: p.dto.sort_order ?? null,
      discounts: discounts.stored,
      auto_charges: dto.auto_charges ?? false,
      invoice_id: null,
      metadata: dto.metadata ?? {},
      created_at: now,
      updated_at: now,
    }));

    return this.dataSource.transaction(async (m) => {
      const repo = this.oneTimes.with(m);
      await repo.insert(
        companyId,
        rows.map(({ company_id: _c, ...r }) => r),
      );
      if (dto.type !== 'IMMEDIATE') return rows;
      const invoiceId = await this.invoiceNow(m, companyId, {
        batchId,
        customerId: customer.id,
        currency,
        invoiceDate,
        dueDays: dto.invoice_due_date_from_creation ?? DEFAULT_DUE_DAYS,
        autoCharges: dto.auto_charges ?? false,
        metadata: dto.metadata ?? {},
        notes: dto.notes ?? null,
        paymentInstructions: dto.invoice_payment_instructions ?? null,
        lines: priced.flatMap((p) => p.lines),
        discounts: discounts.math,
        now,
      });
      await repo.update(companyId, { batch_id: batchId }, { state: 'INVOICED', invoice_id: invoiceId, updated_at: now });
      return rows.map((r) => ({ ...r, state: 'INVOICED' as const, invoice_id: invoiceId }));
    });
  }

  find(companyId: string, body: FindOneTimesDto): Promise<SearchPage<OneTimeBillableEntity>> {
    return runSearch(this.oneTimes.queryBuilder(companyId, 'o'), body, SEARCH);
  }

  // ------------------------------------------------------------------ helpers

  /** The product pricings the items name, each checked (exists in the company, not archived). */
  private async loadPricings(companyId: string, items: OneTimeItemDto[]): Promise<Map<string, ProductPricingEntity>> {
    const ids = [...new Set(items.map((i) => i.product_pricing_id).filter((x): x is string => !!x && isId('productPricing', x)))];
    const rows = ids.length ? await this.pricings.find(companyId, { where: { id: In(ids) } }) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    items.forEach((item, i) => {
      const path = `onetime_items[${i}]`;
      if (item.product_pricing_id == null) {
        if (!item.custom_price) throw DomainError.invalidField(`${path}.product_pricing_id`, 'is required (or custom_price)');
        return;
      }
      const pricing = byId.get(item.product_pricing_id);
      if (!pricing) throw DomainError.notFound('product pricing', `${path}.product_pricing_id`);
      if (pricing.state !== 'ACTIVE') throw DomainError.invalidField(`${path}.product_pricing_id`, 'is an archived product pricing');
    });
    return byId;
  }

  /** custom_price.product_id, when given, must be a product of the company. */
  private async checkCustomProducts(companyId: string, items: OneTimeItemDto[]): Promise<void> {
    const ids = [...new Set(items.map((i) => i.custom_price?.product_id).filter((x): x is string => !!x))];
    if (ids.length === 0) return;
    const valid = ids.filter((id) => isId('product', id));
    const found = new Set(valid.length ? (await this.products.find(companyId, { where: { id: In(valid) } })).map((p) => p.id) : []);
    items.forEach((item, i) => {
      const id = item.custom_price?.product_id;
      if (id && !found.has(id)) throw DomainError.notFound('product', `onetime_items[${i}].custom_price.product_id`);
    });
  }

  /** The one currency of the request: every pricing and every amount must agree (else 400). */
  private async requestCurrency(
    companyId: string,
    items: OneTimeItemDto[],
    pricingById: Map<string, ProductPricingEntity>,
    discounts: DiscountInputDto[],
  ): Promise<string> {
    const seen: { path: string; currency: string }[] = [];
    items.forEach((item, i) => {
      if (item.product_pricing_id != null)
        seen.push({ path: `onetime_items[${i}].product_pricing_id`, currency: pricingById.get(item.product_pricing_id)!.currency });
      const c = item.custom_price?.amount.currency;
      if (c) seen.push({ path: `onetime_items[${i}].custom_price.amount.currency`, currency: c });
    });
    discounts.forEach((d, i) => {
      if (d.amount?.currency) seen.push({ path: `discounts[${i}].amount.currency`, currency: d.amount.currency });
      if (d.cap?.currency) seen.push({ path: `discounts[${i}].cap.currency`, currency: d.cap.currency });
    });
    let currency = seen[0]?.currency;
    if (!currency) {
      const company = await this.companies.findOne(companyId, {});
      const preferred = company?.settings?.preferred_currency;
      currency = typeof preferred === 'string' && /^[A-Z]{3}$/.test(preferred) ? preferred : 'USD';
    }
    const other = seen.find((s) => s.currency !== currency);
    if (other) {
      throw new DomainError(
        'currency_mismatch',
        'request',
        `one request takes one currency: ${other.path} is ${other.currency}, not ${currency}`,
        {
          [other.path]: `must be ${currency} (one currency per request)`,
        },
      );
    }
    return currency;
  }

  /** Discounts as stored on each one-time of the request (same disc_ ids) and as billing-math reads them. */
  private discounts(
    inputs: DiscountInputDto[],
    currency: string,
    items: OneTimeItemDto[],
    now: Date,
  ): { stored: Record<string, unknown>[]; math: Discount[] } {
    const pricingIds = new Set(items.map((i) => i.product_pricing_id).filter((x): x is string => !!x));
    const stored: Record<string, unknown>[] = [];
    const math: Discount[] = [];
    inputs.forEach((d, i) => {
      const path = `discounts[${i}]`;
      if (d.type === 'DISCOUNT_AMOUNT' && !d.amount) throw DomainError.invalidField(`${path}.amount`, 'is required for DISCOUNT_AMOUNT');
      if (d.type === 'DISCOUNT_PERCENT' && d.percent == null)
        throw DomainError.invalidField(`${path}.percent`, 'is required for DISCOUNT_PERCENT');
      if (d.product_pricing_id != null && !pricingIds.has(d.product_pricing_id)) {
        throw DomainError.invalidField(`${path}.product_pricing_id`, 'is not the product_pricing_id of one of the onetime_items');
      }
      const expiration = d.expiration_date != null ? new Date(d.expiration_date) : null;
      if (expiration && Number.isNaN(expiration.getTime()))
        throw DomainError.invalidField(`${path}.expiration_date`, 'must be a valid date-time');
      const id = d.id && isId('discount', d.id) ? d.id : newId('discount');
      stored.push({ ...storedDiscount(d, currency, expiration, now), id });
      math.push({
        id,
        name: d.name,
        type: d.type,
        amount: d.amount ? d.amount.value_in_cents : null,
        percent: d.percent ?? null,
        cap: d.cap ? d.cap.value_in_cents : null,
        expiration_date: expiration,
        product_pricing_id: d.product_pricing_id ?? null,
      });
    });
    return { stored, math };
  }

  /** The priced items (one-time-pricing.ts), their prices read through catalog's price loader. */
  private async price(companyId: string, items: OneTimeItemDto[], pricingById: Map<string, ProductPricingEntity>): Promise<PricedItem[]> {
    const needed = [...new Set(items.filter((i) => !i.custom_price && i.product_pricing_id).map((i) => i.product_pricing_id!))];
    return priceOneTimeItems(items, pricingById, await this.prices.load(companyId, needed));
  }

  /**
   * The IMMEDIATE invoice of a batch, written as a DRAFT and finalized at once (PENDING, or PAID
   * when nothing is due), then numbered: the finalization locks the customer's credits, and the
   * company's invoice counter comes after every other lock (src/platform/README.md, "Lock order"),
   * as in a billing run that applies the same customer's credits at the same time.
   */
  private async invoiceNow(
    m: EntityManager,
    companyId: string,
    p: {
      batchId: string;
      customerId: string;
      currency: string;
      invoiceDate: Date;
      dueDays: number;
      autoCharges: boolean;
      metadata: Record<string, unknown>;
      notes: string | null;
      paymentInstructions: string | null;
      lines: LineDraft[];
      discounts: Discount[];
      now: Date;
    },
  ): Promise<string> {
    const written = await this.writer.create(
      m,
      companyId,
      {
        kind: 'ONE_TIME',
        billing_key: p.batchId,
        customer_id: p.customerId,
        subscription_id: null,
        currency: p.currency,
        status: 'DRAFT',
        name: 'One-time charges',
        invoice_date: p.invoiceDate,
        period_start: null,
        period_end: null,
        due_date: new Date(p.invoiceDate.getTime() + p.dueDays * DAY_MS),
        finalize_after: null,
        auto_charges: p.autoCharges,
        metadata: p.metadata,
        notes: p.notes,
        payment_instructions: p.paymentInstructions,
        lines: p.lines,
        discounts: p.discounts,
      },
      p.now,
      { deferNumber: true },
    );
    if (!written) throw new Error(`one-time batch ${p.batchId} already has an invoice`);
    await this.finalizer.finalize(m, companyId, written.invoice, p.now, 'ONE_TIME');
    await this.writer.assignNumbers(m, companyId, [written.invoice.id]);
    return written.invoice.id;
  }
}
