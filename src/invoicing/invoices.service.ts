import { customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, WhereExpressionBuilder } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { InvoiceEntity } from './invoicing.entity';
import { InvoicesRepository } from './invoicing.repository';
import { InvoiceFinalizer } from './invoice-finalizer.service';
import { InvoiceLedger } from './invoice-ledger.service';
import type { FindInvoicesDto, MarkInvoicePaidDto, UpdateInvoiceDto } from './dto/invoice.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isInvoiceUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The SQL condition of one status as responses read it: OVERDUE is PENDING with due_date
 * before now, so PENDING matches only the PENDING invoices not yet past their due date.
 */
function statusCondition(status: string, nowParam: string): string {
  switch (status.toUpperCase()) {
    case 'OVERDUE':
      return `(i.status = 'PENDING' AND i.due_date < :${nowParam})`;
    case 'PENDING':
      return `(i.status = 'PENDING' AND i.due_date >= :${nowParam})`;
    case 'DRAFT':
      return `i.status = 'DRAFT'`;
    case 'PAID':
      return `i.status = 'PAID'`;
    case 'VOID':
      return `i.status = 'VOID'`;
    default:
      throw DomainError.invalidField('query.status', 'is not an invoice status');
  }
}

function statusFilter(qb: WhereExpressionBuilder, statuses: string[], param: string, now: Date): void {
  const nowParam = `${param}_now`;
  const conditions = [...new Set(statuses.map((s) => s.toUpperCase()))].map((s) => statusCondition(s, nowParam));
  qb.andWhere(`(${conditions.join(' OR ')})`, { [nowParam]: now });
}

type SetValue = { condition: 'AND' | 'OR'; values: string[] };

/** A line of the invoice `i` (by its primary key's prefix) on a catalog pricing `pp` (and its product `pr` when `withProduct`) meeting `cond`. */
const LINE_PRICING = (cond: string, withProduct = false) => `EXISTS (
  SELECT 1 FROM invoice_lines l
    JOIN product_pricings pp ON pp.company_id = l.company_id AND pp.id = l.product_pricing_id${
      withProduct ? '\n    JOIN products pr ON pr.company_id = pp.company_id AND pr.id = pp.product_id' : ''
    }
  WHERE l.company_id = i.company_id AND l.invoice_id = i.id AND (${cond}))`;

/** AND: one line per value (`each`, value as `:<p>_<i>`); OR: one line for any value (`any`, values as `:<p>`). */
function lineSetFilter(
  qb: WhereExpressionBuilder,
  v: SetValue,
  p: string,
  each: (param: string) => string,
  any: (param: string) => string,
): void {
  if (v.condition === 'OR') {
    qb.andWhere(any(p), { [p]: v.values });
    return;
  }
  const params: Record<string, string> = {};
  const conditions = v.values.map((value, i) => {
    params[`${p}_${i}`] = value;
    return each(`${p}_${i}`);
  });
  qb.andWhere(`(${conditions.join(' AND ')})`, params);
}

/** The invoice's customer (by primary key) meeting `cond`. */
const CUSTOMER = (cond: string) =>
  `EXISTS (SELECT 1 FROM customers ic WHERE ic.company_id = i.company_id AND ic.id = i.customer_id AND (${cond}))`;

/** The search spec of invoices at `now` (the status filters read OVERDUE against it). */
function searchSpec(now: Date): SearchSpec {
  return {
    alias: 'i',
    sortKeys: baseSortKeys('i'),
    filters: {
      customer_id: customerIdOrIdentifierFilter('i.customer_id'),
      billed_customer_id: customerIdOrIdentifierFilter('i.billed_customer_id'),
      subscription_id: { kind: 'exact', column: 'i.subscription_id' },
      status: { kind: 'custom', apply: (qb, value: string, p) => statusFilter(qb, [value], p, now) },
      statuses: { kind: 'custom', apply: (qb, value: string[], p) => statusFilter(qb, value, p, now) },
      currency: { kind: 'ci_exact', column: 'i.currency' },
      invoice_number: { kind: 'custom', apply: (qb, value: number | string, p) => qb.andWhere(`i.number = :${p}`, { [p]: Number(value) }) },
      uuid: {
        kind: 'custom',
        apply: (qb, value: string, p) =>
          isInvoiceUuid(value) ? qb.andWhere(`i.uuid = :${p}`, { [p]: value.toLowerCase() }) : qb.andWhere('1 = 0'),
      },
      search: {
        kind: 'custom',
        apply: (qb, value: string, p) =>
          qb.andWhere(
            new Brackets((b) => {
              b.where(`i.name ILIKE :${p}`)
                .orWhere(`CAST(i.number AS text) ILIKE :${p}`)
                .orWhere(
                  `EXISTS (SELECT 1 FROM customers sc WHERE sc.company_id = i.company_id AND sc.id = i.customer_id
                     AND (sc.name ILIKE :${p} OR sc.identifier ILIKE :${p} OR sc.email ILIKE :${p}))`,
                );
            }),
            { [p]: `%${escapeLike(value)}%` },
          ),
      },
      total: { kind: 'range', column: 'i.total_cents' },
      tax_amount: { kind: 'range', column: 'i.tax_cents' },
      has_tax: { kind: 'custom', apply: (qb, v: boolean) => qb.andWhere(v ? 'i.tax_cents <> 0' : 'i.tax_cents = 0') },
      due: { kind: 'range', column: 'i.due_cents' },
      paid: { kind: 'range', column: 'i.paid_cents' },
      invoice_date: { kind: 'date_range', column: 'i.invoice_date' },
      due_date: { kind: 'date_range', column: 'i.due_date' },
      paid_date: { kind: 'date_range', column: 'i.paid_date' },
      auto_charges: { kind: 'bool', column: 'i.auto_charges' },
      hide_zero: { kind: 'custom', apply: (qb, v: boolean) => (v ? qb.andWhere('i.total_cents <> 0') : qb) },
      invoice_sent: { kind: 'is_null', column: 'i.finalized_at', whenTrue: false },
      managed_externally: {
        kind: 'custom',
        apply: (qb, v: boolean, p) => qb.andWhere(CUSTOMER(`ic.managed_externally = :${p}`), { [p]: v }),
      },
      owner_ids: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) => {
          const distinct = [...new Set(v.values)];
          if (v.condition === 'AND' && distinct.length > 1) qb.andWhere('1 = 0');
          else qb.andWhere(CUSTOMER(`ic.owner_id IN (:...${p})`), { [p]: distinct });
        },
      },
      payment_methods: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) => {
          const distinct = [...new Set(v.values)];
          if (v.condition === 'AND' && distinct.length > 1) {
            qb.andWhere('1 = 0');
            return;
          }
          qb.andWhere(
            `EXISTS (SELECT 1 FROM subscriptions ps WHERE ps.company_id = i.company_id AND ps.id = i.subscription_id
               AND ps.payment_method_id IN (:...${p}))`,
            { [p]: distinct },
          );
        },
      },
      product_pricing_ids: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) =>
          lineSetFilter(
            qb,
            v,
            p,
            (x) => LINE_PRICING(`pp.id = :${x}`),
            (x) => LINE_PRICING(`pp.id IN (:...${x})`),
          ),
      },
      product_ids: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) =>
          lineSetFilter(
            qb,
            v,
            p,
            (x) => LINE_PRICING(`pp.product_id = :${x}`),
            (x) => LINE_PRICING(`pp.product_id IN (:...${x})`),
          ),
      },
      product_pricing_tags: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) =>
          lineSetFilter(
            qb,
            v,
            p,
            (x) => LINE_PRICING(`:${x} = ANY(pp.tags)`),
            (x) => LINE_PRICING(`pp.tags && CAST(:${x} AS text[])`),
          ),
      },
      product_tags: {
        kind: 'custom',
        apply: (qb, v: SetValue, p) =>
          lineSetFilter(
            qb,
            v,
            p,
            (x) => LINE_PRICING(`:${x} = ANY(pr.tags)`, true),
            (x) => LINE_PRICING(`pr.tags && CAST(:${x} AS text[])`, true),
          ),
      },
    },
  };
}

const notFound = () => DomainError.notFound('invoice');

/**
 * The invoice API: read, search, update, void, finalize (#13) and mark paid (#9). Every state
 * change locks the invoice row (FOR UPDATE) and re-checks the state inside the lock.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly finalizer: InvoiceFinalizer,
    private readonly ledger: InvoiceLedger,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** By uuid; anything that is not a UUID of an invoice of this company is a 404. */
  async get(companyId: string, uuid: string): Promise<InvoiceEntity> {
    if (!isInvoiceUuid(uuid)) throw notFound();
    const invoice = await this.invoices.findOneOrFail(companyId, { uuid: uuid.toLowerCase() }, notFound);
    if (invoice.status === 'ROLLED_UP') throw notFound();
    return invoice;
  }

  /**
   * The invoice whose hosted page `GET /invoices/{uuid}/link` answers: a final invoice (every one
   * has its secret). A DRAFT has no page (its lines may still change): 409.
   */
  async link(companyId: string, uuid: string): Promise<InvoiceEntity> {
    const invoice = await this.get(companyId, uuid);
    if (invoice.status === 'DRAFT')
      throw DomainError.invalidState(
        'invoice is DRAFT: its hosted page and PDF exist once it is finalized (POST /invoices/{uuid}/finalize)',
      );
    return invoice;
  }

  /** The search; a status filter reads OVERDUE against now, as responses do. */
  find(companyId: string, body: FindInvoicesDto): Promise<SearchPage<InvoiceEntity>> {
    // a child invoice gathered into its parent's roll-up is never listed: the roll-up is
    const qb = this.invoices.queryBuilder(companyId, 'i').andWhere("i.status <> 'ROLLED_UP'");
    return runSearch(qb, body, searchSpec(this.clock.now()));
  }

  /**
   * `due_date`, `metadata`, `notes`; not once money is paid on it (PAID, or PENDING partly paid:
   * the customer was billed on these terms and paid part of it) nor once VOID.
   */
  async update(companyId: string, uuid: string, dto: UpdateInvoiceDto): Promise<InvoiceEntity> {
    const dueDate = dto.due_date;
    if (dueDate === null) throw DomainError.invalidField('due_date', 'must not be null');
    return this.locked(companyId, uuid, async (m, invoice, now) => {
      if (invoice.status === 'PAID' || invoice.status === 'VOID') {
        throw DomainError.invalidState(`invoice is ${invoice.status}: a paid or void invoice cannot be changed`);
      }
      if (invoice.paid_cents > 0) {
        throw DomainError.invalidState(
          `invoice is partly paid (${invoice.paid_cents} of ${invoice.total_cents} cents): an invoice with money paid on it cannot be changed`,
        );
      }
      const patch: Partial<InvoiceEntity> = {};
      if (dueDate !== undefined) {
        const due = new Date(dueDate);
        if (Number.isNaN(due.getTime())) throw DomainError.invalidField('due_date', 'must be a valid date-time');
        if (due.getTime() < invoice.invoice_date.getTime()) {
          throw DomainError.invalidField('due_date', `must not be before the invoice date (${invoice.invoice_date.toISOString()})`);
        }
        patch.due_date = due;
      }
      if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
      if (dto.notes !== undefined) patch.notes = dto.notes ?? null;
      if (Object.keys(patch).length === 0) return invoice;
      patch.updated_at = now;
      await this.invoices.with(m).update(companyId, { id: invoice.id }, patch);
      return { ...invoice, ...patch };
    });
  }

  /**
   * DRAFT or PENDING (OVERDUE included) → VOID through the ledger: 409 while money is paid on it
   * (refund first) or a card charge of it is in flight; the credits it consumed go back to their
   * grants; nothing is due on a void invoice.
   */
  async void(companyId: string, uuid: string): Promise<InvoiceEntity> {
    return this.locked(companyId, uuid, (m, invoice, now) => this.ledger.void(m, companyId, invoice.id, now, 'API'));
  }

  /** DRAFT → PENDING (PAID at once when nothing is due), through the engine's finalizer. */
  async finalize(companyId: string, uuid: string): Promise<InvoiceEntity> {
    return this.locked(companyId, uuid, async (m, invoice, now) => {
      if (invoice.status !== 'DRAFT') throw DomainError.invalidState(`invoice is ${invoice.status}: only a DRAFT invoice can be finalized`);
      return this.finalizer.finalize(m, companyId, invoice, now, 'API');
    });
  }

  /**
   * Records a SUCCEEDED payment transaction and adds it to `paid`; PAID (with its
   * paid_date) once nothing is due. Only a PENDING invoice (OVERDUE included) takes payments,
   * in its own currency, up to what is due, and not while a card charge is in flight (409).
   * The ledger holds the row lock, so concurrent payments queue and never pass the total.
   */
  async markPaid(companyId: string, uuid: string, dto: MarkInvoicePaidDto): Promise<InvoiceEntity> {
    const paidAt = dto.paid_date != null ? new Date(dto.paid_date) : null;
    if (paidAt && Number.isNaN(paidAt.getTime())) throw DomainError.invalidField('paid_date', 'must be a valid date-time');
    return this.locked(companyId, uuid, (m, invoice, now) =>
      this.ledger.markPaid(
        m,
        companyId,
        invoice.id,
        {
          amount_cents: dto.amount.value_in_cents,
          currency: dto.amount.currency ?? null,
          provider_type: dto.provider_type,
          note: dto.notes ?? null,
          paid_at: paidAt,
        },
        now,
      ),
    );
  }

  /** Runs `work` in a transaction with the invoice row locked (FOR UPDATE) and freshly read. */
  private async locked(
    companyId: string,
    uuid: string,
    work: (m: EntityManager, invoice: InvoiceEntity, now: Date) => Promise<InvoiceEntity>,
  ): Promise<InvoiceEntity> {
    if (!isInvoiceUuid(uuid)) throw notFound();
    return this.dataSource.transaction(async (m) => {
      const invoice = await this.ledger.lock(m, companyId, { uuid: uuid.toLowerCase() });
      if (!invoice || invoice.status === 'ROLLED_UP') throw notFound();
      return work(m, invoice, this.clock.now());
    });
  }
}
