import { Injectable } from '@nestjs/common';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';

import { Brackets, EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { CreditEntity, CreditLogEntity } from './credit.entity';
import { CreditLogsRepository, CreditsRepository } from './credits.repository';
import type { Take } from './credit-allocation';

export interface UsableCreditsQuery {
  customerId: string;
  /** Include the customer's AMOUNT credits in this currency. */
  currency?: string | null;
  /** Include the customer's UNITS credits of these items. */
  itemIds?: readonly string[];
  /** Only these credits. */
  creditIds?: readonly string[];
}

export type NewLog = Omit<CreditLogEntity, 'company_id' | 'id' | 'created_at' | 'updated_at'>;

/**
 * The balance-changing primitives, always inside the caller's transaction (its manager):
 * lock the usable credits, debit one under its lock, write log entries.
 */
@Injectable()
export class CreditLedger {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly logs: CreditLogsRepository,
    private readonly events: WebhookEventsService,
  ) {}

  /**
   * The customer's credits that can give something now — ACTIVE and not past their
   * expiration_date — locked FOR UPDATE in id order (every writer locks credits in that one
   * order, after invoices and before the invoice counter — src/platform/README.md, "Lock
   * order" — so two transactions never wait on each other in a cycle). The rows are read inside
   * the lock: PostgreSQL re-reads a row another transaction changed and drops it when it no
   * longer matches, so `remaining_*` is the committed truth until this transaction ends.
   */
  async lockUsable(manager: EntityManager, companyId: string, q: UsableCreditsQuery, now: Date): Promise<CreditEntity[]> {
    const itemIds = [...new Set(q.itemIds ?? [])];
    if (!q.currency && itemIds.length === 0) return [];
    if (q.creditIds && q.creditIds.length === 0) return [];
    const qb = this.credits
      .with(manager)
      .queryBuilder(companyId, 'c')
      .andWhere('c.customer_id = :customerId', { customerId: q.customerId })
      .andWhere(`c.state = 'ACTIVE'`)
      .andWhere('(c.expiration_date IS NULL OR c.expiration_date > :now)', { now })
      .andWhere(
        new Brackets((b) => {
          if (q.currency) b.orWhere(`(c.type = 'AMOUNT' AND c.currency = :currency)`, { currency: q.currency });
          if (itemIds.length > 0) b.orWhere(`(c.type = 'UNITS' AND c.item_id IN (:...itemIds))`, { itemIds });
        }),
      );
    if (q.creditIds) qb.andWhere('c.id IN (:...creditIds)', { creditIds: [...q.creditIds] });
    return qb.orderBy('c.id', 'ASC').setLock('pessimistic_write').getMany();
  }

  /**
   * Every credit of these customers that `lockUsable` could return now (ACTIVE, not past its
   * expiration_date, any type and currency), locked FOR UPDATE in id order in one statement: a
   * transaction about to apply credits to invoices of several customers, or several invoices of
   * one, takes all its credit locks here in the one order, instead of one customer (and one
   * currency or item) at a time in the order of its invoices.
   */
  async lockUsableOf(manager: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<void> {
    if (customerIds.length === 0) return;
    await manager.query(
      `SELECT id FROM credits
       WHERE company_id = $1 AND customer_id = ANY($2) AND state = 'ACTIVE' AND (expiration_date IS NULL OR expiration_date > $3)
       ORDER BY id FOR UPDATE`,
      [companyId, [...new Set(customerIds)], now],
    );
  }

  /** Locks one credit (FOR UPDATE) whatever its state; null when the company has no such credit. */
  lockOne(manager: EntityManager, companyId: string, id: string): Promise<CreditEntity | null> {
    return this.credits.with(manager).findOneForUpdate(companyId, { id });
  }

  /**
   * Takes `take` from a credit locked by this transaction (cents from an AMOUNT credit, units from a UNITS one); a credit reaching zero becomes
   * CONSUMED. The update is also conditional on the values read under the lock (and the table's
   * CHECK refuses a negative balance), so a mistake can never overdraw silently.
   */
  async debit(manager: EntityManager, companyId: string, credit: CreditEntity, take: Take, now: Date): Promise<CreditEntity> {
    // an AMOUNT credit gives cents; a UNITS credit gives units (the cents of a unit take are the value of those units on an invoice)
    const remaining_cents = credit.type === 'AMOUNT' ? credit.remaining_cents - take.cents : credit.remaining_cents;
    const remaining_units = credit.type === 'UNITS' ? credit.remaining_units - take.units : credit.remaining_units;
    if (remaining_cents < 0 || remaining_units < 0) throw new Error(`credit ${credit.id}: debit above its balance`);
    const state = remaining_cents === 0 && remaining_units === 0 ? 'CONSUMED' : 'ACTIVE';
    const changed = await this.credits
      .with(manager)
      .update(
        companyId,
        { id: credit.id, state: 'ACTIVE', remaining_cents: credit.remaining_cents, remaining_units: credit.remaining_units },
        { remaining_cents, remaining_units, state, updated_at: now },
      );
    if (changed !== 1) throw new Error(`credit ${credit.id} changed under its lock`);
    return { ...credit, remaining_cents, remaining_units, state, updated_at: now };
  }

  /**
   * Gives `take` back to a credit locked by this transaction (a voided invoice's consumption):
   * the balance grows again and a CONSUMED credit is ACTIVE again. Conditional on the values
   * read under the lock, like `debit`; the table's CHECK refuses more than was issued.
   */
  async credit(manager: EntityManager, companyId: string, credit: CreditEntity, take: Take, now: Date): Promise<CreditEntity> {
    if (credit.state !== 'ACTIVE' && credit.state !== 'CONSUMED')
      throw new Error(`credit ${credit.id} is ${credit.state}: nothing can be given back to it`);
    const remaining_cents = credit.remaining_cents + take.cents;
    const remaining_units = credit.remaining_units + take.units;
    const state = remaining_cents + remaining_units > 0 ? 'ACTIVE' : credit.state;
    const changed = await this.credits
      .with(manager)
      .update(
        companyId,
        { id: credit.id, state: credit.state, remaining_cents: credit.remaining_cents, remaining_units: credit.remaining_units },
        { remaining_cents, remaining_units, state, updated_at: now },
      );
    if (changed !== 1) throw new Error(`credit ${credit.id} changed under its lock`);
    return { ...credit, remaining_cents, remaining_units, state, updated_at: now };
  }

  /** Which of these customers hold an ACTIVE credit not past its expiration_date. */
  async customersWithUsable(manager: EntityManager, companyId: string, customerIds: string[], now: Date): Promise<Set<string>> {
    if (customerIds.length === 0) return new Set();
    const rows: { customer_id: string }[] = await manager.query(
      `SELECT DISTINCT customer_id FROM credits
       WHERE company_id = $1 AND customer_id = ANY($2) AND state = 'ACTIVE' AND (expiration_date IS NULL OR expiration_date > $3)`,
      [companyId, customerIds, now],
    );
    return new Set(rows.map((r) => r.customer_id));
  }

  /** Units per item an invoice already took from unit credits (earlier applications, net of restorations). */
  async unitsCovered(manager: EntityManager, companyId: string, invoiceId: string): Promise<Map<string, number>> {
    const rows: { item_id: string; units: string }[] = await manager.query(
      `SELECT item_id, SUM(CASE WHEN action_type = 'CONSUMED' THEN units_applied ELSE -units_applied END)::text AS units FROM credit_logs
        WHERE company_id = $1 AND invoice_id = $2 AND action_type IN ('CONSUMED', 'RESTORED') AND type = 'UNITS' AND item_id IS NOT NULL
        GROUP BY item_id`,
      [companyId, invoiceId],
    );
    return new Map(rows.map((r) => [r.item_id, Number(r.units)]));
  }

  /** Per credit (in id order, the lock order): what an invoice consumed and has not given back yet. */
  async owedToCredits(
    manager: EntityManager,
    companyId: string,
    invoiceId: string,
  ): Promise<{ credit_id: string; cents: number; units: number }[]> {
    const rows: { credit_id: string; cents: string; units: string }[] = await manager.query(
      `SELECT credit_id,
              SUM(CASE WHEN action_type = 'CONSUMED' THEN amount_applied_cents ELSE -amount_applied_cents END)::text AS cents,
              SUM(CASE WHEN action_type = 'CONSUMED' THEN units_applied ELSE -units_applied END)::text AS units
       FROM credit_logs WHERE company_id = $1 AND invoice_id = $2 AND action_type IN ('CONSUMED', 'RESTORED')
       GROUP BY credit_id ORDER BY credit_id`,
      [companyId, invoiceId],
    );
    return rows
      .map((r) => ({ credit_id: r.credit_id, cents: Number(r.cents), units: Number(r.units) }))
      .filter((r) => r.cents > 0 || r.units > 0);
  }

  /** A CONSUMED credit past its expiration_date whose consumption was given back (and expired at once): EXPIRED. */
  async expireConsumed(manager: EntityManager, companyId: string, credit: CreditEntity, now: Date): Promise<void> {
    const changed = await this.credits
      .with(manager)
      .update(companyId, { id: credit.id, state: 'CONSUMED' }, { state: 'EXPIRED', updated_at: now });
    if (changed !== 1) throw new Error(`credit ${credit.id} changed under its lock`);
    this.events.later(manager, companyId, 'credit.expired', credit.id);
  }

  /** Ends a credit (EXPIRED or REVOKED): nothing remains; returns the credit and what it still held. */
  async close(
    manager: EntityManager,
    companyId: string,
    credit: CreditEntity,
    state: 'EXPIRED' | 'REVOKED',
    now: Date,
  ): Promise<CreditEntity> {
    const changed = await this.credits
      .with(manager)
      .update(
        companyId,
        { id: credit.id, state: 'ACTIVE', remaining_cents: credit.remaining_cents, remaining_units: credit.remaining_units },
        { remaining_cents: 0, remaining_units: 0, state, updated_at: now },
      );
    if (changed !== 1) throw new Error(`credit ${credit.id} changed under its lock`);
    if (state === 'EXPIRED') this.events.later(manager, companyId, 'credit.expired', credit.id);
    return { ...credit, remaining_cents: 0, remaining_units: 0, state, updated_at: now };
  }

  /** Writes log entries (one insert); ids are sortable, so entries of one instant keep their order. */
  async log(manager: EntityManager, companyId: string, entries: NewLog[], now: Date): Promise<CreditLogEntity[]> {
    const rows: CreditLogEntity[] = entries.map((e) => ({
      ...e,
      company_id: companyId,
      id: newId('creditLog'),
      created_at: now,
      updated_at: now,
    }));
    await this.logs.with(manager).insert(
      companyId,
      rows.map(({ company_id: _c, ...r }) => r),
    );
    return rows;
  }

  /** A log entry of what `take` (or a closing balance) means for the credit. */
  entry(
    credit: CreditEntity,
    action: CreditLogEntity['action_type'],
    take: Take,
    extra: { invoice_id?: string | null; currency?: string | null; note?: string | null } = {},
  ): NewLog {
    const currency = extra.currency !== undefined ? extra.currency : credit.currency;
    return {
      credit_id: credit.id,
      customer_id: credit.customer_id,
      invoice_id: extra.invoice_id ?? null,
      item_id: credit.item_id,
      action_type: action,
      type: credit.type,
      currency,
      amount_applied_cents: take.cents,
      units_applied: take.units,
      note: extra.note ?? null,
    };
  }
}
