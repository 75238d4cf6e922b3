import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { CustomerLookupService, customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { BillableItemsRepository } from '../metrics/metrics.repository';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { InvoicesRepository } from '../invoicing/invoicing.repository';
import { InvoiceEntity } from '../invoicing/invoicing.entity';
import { CreditEntity, CreditLogEntity } from './credit.entity';
import { CreditLogsRepository, CreditsRepository } from './credits.repository';
import { CreditLedger } from './credit-ledger';
import { InvoiceLedger } from '../invoicing/invoice-ledger.service';
import { allocateAmount, allocateUnits, Allocation } from './credit-allocation';
import { effectiveState } from './credits.mapper';
import type { ConsumeCreditsDto, CreateCreditDto, FindCreditLogsDto, FindCreditsDto } from './dto/credit.dto';

/** The state a reader sees (an ACTIVE credit past its expiration_date reads EXPIRED), in SQL. */
const EFFECTIVE_STATE = `(CASE WHEN c.state = 'ACTIVE' AND c.expiration_date <= CAST(:state_now AS timestamptz) THEN 'EXPIRED' ELSE c.state END)`;

function creditSearch(now: Date): SearchSpec {
  return {
    alias: 'c',
    sortKeys: baseSortKeys('c'),
    filters: {
      customer_id: customerIdOrIdentifierFilter('c.customer_id'),
      subscription_id: { kind: 'exact', column: 'c.subscription_id' },
      status: {
        kind: 'custom',
        apply: (qb, value, p) => qb.andWhere(`${EFFECTIVE_STATE} = upper(:${p})`, { [p]: String(value), state_now: now.toISOString() }),
      },
      statuses: {
        kind: 'custom',
        apply: (qb, value, p) =>
          qb.andWhere(`${EFFECTIVE_STATE} IN (:...${p})`, {
            [p]: (value as string[]).map((v) => v.toUpperCase()),
            state_now: now.toISOString(),
          }),
      },
      type: { kind: 'ci_exact', column: 'c.type' },
      currency: { kind: 'ci_exact', column: 'c.currency' },
      search: { kind: 'search', columns: ['c.name'] },
    },
  };
}

const LOG_SEARCH: SearchSpec = {
  alias: 'l',
  sortKeys: baseSortKeys('l'),
  filters: {
    action_type: { kind: 'ci_exact', column: 'l.action_type' },
    credit_id: { kind: 'exact', column: 'l.credit_id' },
    customer_id: customerIdOrIdentifierFilter('l.customer_id'),
    invoice_id: {
      kind: 'custom',
      apply: (qb, value, p) => {
        const v = String(value);
        // an invoice is named by its id (inv_…) or its uuid
        if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) {
          qb.andWhere(`l.invoice_id IN (SELECT i.id FROM invoices i WHERE i.company_id = :companyId AND i.uuid = CAST(:${p} AS uuid))`, {
            [p]: v,
          });
        } else {
          qb.andWhere(`l.invoice_id = :${p}`, { [p]: v });
        }
      },
    },
    note: { kind: 'exact', column: 'l.note' },
    search: {
      kind: 'custom',
      apply: (qb, value, p) =>
        qb.andWhere(
          `(l.note ILIKE :${p} OR EXISTS (SELECT 1 FROM credits cr WHERE cr.company_id = l.company_id AND cr.id = l.credit_id AND cr.name ILIKE :${p}))`,
          { [p]: `%${String(value).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` },
        ),
    },
    type: { kind: 'ci_exact', column: 'l.type' },
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConsumeResult {
  customer_id: string;
  type: CreditEntity['type'];
  currency: string | null;
  consumed_cents: number;
  consumed_units: number;
  credits: CreditEntity[];
  logs: CreditLogEntity[];
  /** The customer's usable credits (ACTIVE, not expired, holding something) after the consumption, read in its transaction. */
  balance: CreditEntity[];
}

/** Grant, find, revoke and consume credits; find the credit log. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsRepository,
    private readonly logs: CreditLogsRepository,
    private readonly ledger: CreditLedger,
    private readonly invoiceLedger: InvoiceLedger,
    private readonly customers: CustomerLookupService,
    private readonly items: BillableItemsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly invoices: InvoicesRepository,
    private readonly clock: Clock,
    private readonly events: WebhookEventsService,
  ) {}

  // ------------------------------------------------------------------ grant

  async create(companyId: string, dto: CreateCreditDto): Promise<CreditEntity> {
    const now = this.clock.now();
    // the shape of the request first (400s), then the records it names (404s)
    if (dto.type === 'AMOUNT') {
      if (!dto.amount) throw DomainError.invalidField('amount', 'is required for an AMOUNT credit');
      if (dto.units != null) throw DomainError.invalidField('units', 'is only allowed for a UNITS credit');
      if (dto.item_id != null) throw DomainError.invalidField('item_id', 'is only allowed for a UNITS credit');
    } else {
      if (dto.units == null) throw DomainError.invalidField('units', 'is required for a UNITS credit');
      if (dto.item_id == null) throw DomainError.invalidField('item_id', 'is required for a UNITS credit');
      if (dto.amount != null) throw DomainError.invalidField('amount', 'is only allowed for an AMOUNT credit');
    }
    const expiration = dto.expiration_date ? new Date(dto.expiration_date) : null;
    if (expiration && expiration.getTime() <= now.getTime()) throw DomainError.invalidField('expiration_date', 'must be in the future');

    const customer = await this.customers.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    if (dto.type === 'UNITS') await this.requireItem(companyId, dto.item_id!);
    if (dto.subscription_id != null) {
      const sub = isId('subscription', dto.subscription_id)
        ? await this.subscriptions.findOne(companyId, { id: dto.subscription_id })
        : null;
      if (!sub || sub.customer_id !== customer.id) throw DomainError.notFound('subscription', 'subscription_id');
    }

    const credit: CreditEntity = {
      company_id: companyId,
      id: newId('credit'),
      customer_id: customer.id,
      subscription_id: dto.subscription_id ?? null,
      name: dto.name,
      type: dto.type,
      currency: dto.type === 'AMOUNT' ? dto.amount!.currency : null,
      issued_cents: dto.type === 'AMOUNT' ? dto.amount!.value_in_cents : 0,
      remaining_cents: dto.type === 'AMOUNT' ? dto.amount!.value_in_cents : 0,
      item_id: dto.type === 'UNITS' ? dto.item_id! : null,
      issued_units: dto.type === 'UNITS' ? dto.units! : 0,
      remaining_units: dto.type === 'UNITS' ? dto.units! : 0,
      expiration_date: expiration,
      state: 'ACTIVE',
      metadata: dto.metadata ?? {},
      source_invoice_id: null,
      source_line_position: null,
      one_time_billable_id: null,
      created_at: now,
      updated_at: now,
    };
    const apply = dto.apply_to_open_invoices?.enable === true ? dto.apply_to_open_invoices : null;

    return this.dataSource.transaction(async (m) => {
      const { company_id: _c, ...row } = credit;
      await this.credits.with(m).insert(companyId, row);
      this.events.later(m, companyId, 'credit.granted', credit.id);
      await this.ledger.log(
        m,
        companyId,
        [this.ledger.entry(credit, 'ISSUED', { cents: credit.issued_cents, units: credit.issued_units })],
        now,
      );
      if (!apply) return credit;
      const listed = apply.invoice_uuids != null;
      const targets = await this.openInvoices(m, companyId, credit, apply.invoice_uuids ?? null);
      // through the invoice ledger, each invoice locked and re-checked: a listed invoice that is
      // no longer PENDING, or has a card charge in flight, fails the request (409, nothing
      // granted); "all open invoices" leaves such an invoice out and the credit keeps the rest
      for (const invoice of targets) {
        await this.invoiceLedger.applyCredits(m, companyId, invoice.id, now, { creditIds: [credit.id], strict: listed });
      }
      return (await this.credits.with(m).findOne(companyId, { id: credit.id }))!;
    });
  }

  /**
   * The customer's PENDING invoices a new credit applies to, oldest first: the listed uuids
   * (each must be the customer's, PENDING, and for an AMOUNT credit in its currency) or all of
   * them that can take the credit.
   */
  private async openInvoices(m: EntityManager, companyId: string, credit: CreditEntity, uuids: string[] | null): Promise<InvoiceEntity[]> {
    const repo = this.invoices.with(m);
    if (uuids !== null) {
      const wanted = [...new Set(uuids)];
      const found = wanted.length ? await repo.find(companyId, { where: { uuid: In(wanted) } }) : [];
      const byUuid = new Map(found.map((i) => [i.uuid.toLowerCase(), i]));
      uuids.forEach((u, i) => {
        const field = `apply_to_open_invoices.invoice_uuids[${i}]`;
        const inv = UUID.test(u) ? byUuid.get(u.toLowerCase()) : undefined;
        if (!inv || inv.billed_customer_id !== credit.customer_id) throw DomainError.notFound('invoice', field);
        if (inv.status !== 'PENDING')
          throw DomainError.invalidState(`${field}: invoice is ${inv.status}, credits apply only to PENDING invoices`);
        if (credit.type === 'AMOUNT' && inv.currency !== credit.currency) {
          throw DomainError.badRequest('currency_mismatch', `${field}: invoice is in ${inv.currency}, the credit in ${credit.currency}`);
        }
      });
      return found.sort(oldestFirst);
    }
    // the invoices the credit's customer pays: its own and those of its parent-billed children
    const where: Record<string, unknown> = { billed_customer_id: credit.customer_id, status: 'PENDING' };
    if (credit.type === 'AMOUNT') where.currency = credit.currency;
    return (await repo.find(companyId, { where })).sort(oldestFirst);
  }

  // ------------------------------------------------------------------ read

  async get(companyId: string, id: string): Promise<CreditEntity> {
    if (!isId('credit', id)) throw DomainError.notFound('credit');
    return this.credits.findOneOrFail(companyId, { id }, () => DomainError.notFound('credit'));
  }

  find(companyId: string, body: FindCreditsDto): Promise<SearchPage<CreditEntity>> {
    return runSearch(this.credits.queryBuilder(companyId, 'c'), body, creditSearch(this.clock.now()));
  }

  findLogs(companyId: string, body: FindCreditLogsDto): Promise<SearchPage<CreditLogEntity>> {
    return runSearch(this.logs.queryBuilder(companyId, 'l'), body, LOG_SEARCH);
  }

  // ------------------------------------------------------------------ revoke

  /** ACTIVE → REVOKED: nothing remains; the REVOKED log carries what was taken back. Anything else is a 409. */
  async revoke(companyId: string, id: string): Promise<CreditEntity> {
    if (!isId('credit', id)) throw DomainError.notFound('credit');
    const now = this.clock.now();
    return this.dataSource.transaction(async (m) => {
      const credit = await this.ledger.lockOne(m, companyId, id);
      if (!credit) throw DomainError.notFound('credit');
      const state = effectiveState(credit, now);
      if (state !== 'ACTIVE') throw DomainError.invalidState(`credit is ${state}, only an ACTIVE credit can be revoked`);
      const revoked = await this.ledger.close(m, companyId, credit, 'REVOKED', now);
      await this.ledger.log(
        m,
        companyId,
        [this.ledger.entry(credit, 'REVOKED', { cents: credit.remaining_cents, units: credit.remaining_units })],
        now,
      );
      return revoked;
    });
  }

  // ------------------------------------------------------------------ consume

  /**
   * Takes an amount (or units) from the customer's usable credits of that type, currency and
   * item — or from `credit_id` only — soonest-expiring first, in one transaction that holds the
   * candidate rows FOR UPDATE. When they hold less than asked: 400 insufficient_credit and
   * nothing changes.
   */
  async consume(companyId: string, dto: ConsumeCreditsDto): Promise<ConsumeResult> {
    const now = this.clock.now();
    if (dto.type === 'AMOUNT') {
      if (!dto.amount) throw DomainError.invalidField('amount', 'is required to consume AMOUNT credits');
      if (dto.units != null) throw DomainError.invalidField('units', 'is only allowed to consume UNITS credits');
      if (dto.item_id != null) throw DomainError.invalidField('item_id', 'is only allowed to consume UNITS credits');
    } else {
      if (dto.units == null) throw DomainError.invalidField('units', 'is required to consume UNITS credits');
      if (dto.item_id == null && dto.credit_id == null)
        throw DomainError.invalidField('item_id', 'is required to consume UNITS credits (or give credit_id)');
      if (dto.amount != null) throw DomainError.invalidField('amount', 'is only allowed to consume AMOUNT credits');
    }
    const customer = await this.customers.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id');
    if (dto.item_id != null) await this.requireItem(companyId, dto.item_id);
    let only: CreditEntity | null = null;
    if (dto.credit_id != null) {
      only = isId('credit', dto.credit_id) ? await this.credits.findOne(companyId, { id: dto.credit_id }) : null;
      if (!only || only.customer_id !== customer.id) throw DomainError.notFound('credit', 'credit_id');
      if (only.type !== dto.type)
        throw DomainError.badRequest('credit_mismatch', `credit_id: the credit is a ${only.type} credit, not ${dto.type}`);
      if (dto.type === 'AMOUNT' && only.currency !== dto.amount!.currency) {
        throw DomainError.badRequest('currency_mismatch', `credit_id: the credit is in ${only.currency}, not ${dto.amount!.currency}`);
      }
      if (dto.type === 'UNITS' && dto.item_id != null && only.item_id !== dto.item_id) {
        throw DomainError.badRequest('credit_mismatch', 'credit_id: the credit is for another billable item than item_id');
      }
      const state = effectiveState(only, now);
      if (state !== 'ACTIVE') throw DomainError.invalidState(`credit_id: credit is ${state}, only an ACTIVE credit can be consumed`);
    }
    const currency = dto.type === 'AMOUNT' ? dto.amount!.currency : null;
    const itemId = dto.type === 'UNITS' ? (dto.item_id ?? only!.item_id!) : null;
    const requested = dto.type === 'AMOUNT' ? dto.amount!.value_in_cents : dto.units!;

    return this.dataSource.transaction(async (m) => {
      const candidates = await this.ledger.lockUsable(
        m,
        companyId,
        { customerId: customer.id, currency, itemIds: itemId ? [itemId] : [], creditIds: only ? [only.id] : undefined },
        now,
      );
      let allocation: Allocation;
      if (dto.type === 'AMOUNT') {
        allocation = allocateAmount(
          requested,
          candidates.map((c) => ({
            id: c.id,
            amount_cents: c.remaining_cents,
            expiration_date: c.expiration_date,
            created_at: c.created_at,
          })),
          now,
        );
      } else {
        allocation = allocateUnits(
          requested,
          candidates.map((c) => ({
            id: c.id,
            item_id: c.item_id!,
            units: c.remaining_units,
            expiration_date: c.expiration_date,
            created_at: c.created_at,
          })),
          now,
        );
      }
      const got = dto.type === 'AMOUNT' ? allocation.applied_cents : allocation.applied_units;
      if (got < requested) {
        const what = dto.type === 'AMOUNT' ? `${requested} cents of ${currency}` : `${requested} units`;
        throw DomainError.badRequest(
          'insufficient_credit',
          `the customer's usable credits hold ${got} of the ${what} asked; nothing was consumed`,
        );
      }
      const byId = new Map(candidates.map((c) => [c.id, c]));
      const after: CreditEntity[] = [];
      const entries = [];
      for (const [id, take] of allocation.takes) {
        const credit = byId.get(id)!;
        after.push(await this.ledger.debit(m, companyId, credit, take, now));
        entries.push(this.ledger.entry(credit, 'CONSUMED', take, { currency: credit.currency, note: dto.note ?? null }));
      }
      const logs = await this.ledger.log(m, companyId, entries, now);
      const balance = await this.credits
        .with(m)
        .queryBuilder(companyId, 'c')
        .andWhere('c.customer_id = :customerId', { customerId: customer.id })
        .andWhere(`c.state = 'ACTIVE'`)
        .andWhere('(c.expiration_date IS NULL OR c.expiration_date > :now)', { now })
        .andWhere('(c.remaining_cents > 0 OR c.remaining_units > 0)')
        .orderBy('c.id', 'ASC')
        .getMany();
      return {
        customer_id: customer.id,
        type: dto.type,
        currency,
        consumed_cents: allocation.applied_cents,
        consumed_units: allocation.applied_units,
        credits: after,
        logs,
        balance,
      };
    });
  }

  private async requireItem(companyId: string, itemId: string): Promise<void> {
    const found = isId('billableItem', itemId) && (await this.items.exists(companyId, { id: itemId }));
    if (!found) throw DomainError.notFound('billable item', 'item_id');
  }
}

function oldestFirst(a: InvoiceEntity, b: InvoiceEntity): number {
  return (
    a.invoice_date.getTime() - b.invoice_date.getTime() ||
    a.created_at.getTime() - b.created_at.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
