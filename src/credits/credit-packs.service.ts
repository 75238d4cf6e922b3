import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../platform/ids/ids';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import type { InvoiceEntity } from '../invoicing/invoicing.entity';
import { CreditEntity } from './credit.entity';
import { CreditLedger, NewLog } from './credit-ledger';
import { CreditsRepository } from './credits.repository';
import { packGrants, refundedShare, StoredCreditPrice } from './credit-pack.rules';
import { effectiveState } from './credits.mapper';

interface PackLineRow {
  invoice_id: string;
  invoice_uuid: string;
  position: number;
  kind: string;
  name: string;
  quantity: string;
  amount_cents: string;
  details: Record<string, unknown> | null;
  product_metric_pricing_id: string;
  one_time_id: string | null;
  customer_id: string;
  subscription_id: string | null;
  credit_price: StoredCreditPrice;
}

/**
 * Credit packs: the credits a price with `credit_price` grants when an invoice that bought it
 * becomes PAID, and what a refund of that invoice takes back. Called by the invoice ledger
 * through the credits hook (CreditsApplier), inside the transaction that moves the invoice's
 * money, with the invoice row locked; the credits and their logs are written here, in the
 * module that owns them.
 */
@Injectable()
export class CreditPacksService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedger,
    private readonly events: WebhookEventsService,
  ) {}

  /**
   * Grants the packs the lines of these just-paid invoices bought (`packGrants`: one credit per
   * price bought, the net of its lines; AMOUNT in the price's currency, or UNITS of its item), no
   * expiration, ISSUED in the log with the invoice. The (invoice, line) unique key makes a second
   * call for the same invoice write nothing, whoever makes it: a replayed payment, another
   * instance, a PAID → PENDING → PAID invoice.
   */
  async grant(m: EntityManager, companyId: string, invoiceIds: string[], now: Date): Promise<CreditEntity[]> {
    if (invoiceIds.length === 0) return [];
    const rows: PackLineRow[] = await m.query(
      `SELECT l.invoice_id, i.uuid AS invoice_uuid, l.position, l.kind, l.name, l.quantity::text AS quantity,
              l.amount_cents::text AS amount_cents, l.details, l.product_metric_pricing_id, l.one_time_id,
              -- a roll-up's line: the child and subscription that bought it
              COALESCE(l.customer_id, i.customer_id) AS customer_id, COALESCE(l.subscription_id, i.subscription_id) AS subscription_id,
              ip.credit_price
       FROM invoice_lines l
       JOIN invoices i ON i.company_id = l.company_id AND i.id = l.invoice_id
       JOIN product_metric_pricings p ON p.company_id = l.company_id AND p.id = l.product_metric_pricing_id
       JOIN item_pricings ip ON ip.company_id = p.company_id AND ip.id = p.item_pricing_id
       WHERE l.company_id = $1 AND l.invoice_id = ANY($2) AND ip.credit_price IS NOT NULL AND i.status = 'PAID'
       ORDER BY l.invoice_id, l.position`,
      [companyId, invoiceIds],
    );
    const byInvoice = new Map<string, PackLineRow[]>();
    for (const r of rows) byInvoice.set(r.invoice_id, [...(byInvoice.get(r.invoice_id) ?? []), r]);
    const candidates: CreditEntity[] = [];
    for (const lines of byInvoice.values()) {
      const at = new Map(lines.map((r) => [r.position, r]));
      const grants = packGrants(
        lines.map((r) => ({
          kind: r.kind,
          quantity: r.quantity,
          amount_cents: Number(r.amount_cents),
          details: r.details,
          position: r.position,
          // one credit per price bought: a one-time is its own purchase, a subscription's lines of one price net out
          key: `${r.product_metric_pricing_id}|${r.one_time_id ?? ''}|${r.subscription_id ?? ''}|${r.customer_id}`,
          price: r.credit_price,
        })),
      );
      for (const { position, grant: g } of grants) {
        const r = at.get(position)!;
        candidates.push({
          company_id: companyId,
          id: newId('credit'),
          customer_id: r.customer_id,
          subscription_id: r.subscription_id,
          name: r.name,
          type: g.type,
          currency: g.currency,
          issued_cents: g.cents,
          remaining_cents: g.cents,
          item_id: g.item_id,
          issued_units: g.units,
          remaining_units: g.units,
          expiration_date: null,
          state: 'ACTIVE',
          metadata: {},
          source_invoice_id: r.invoice_id,
          source_line_position: r.position,
          one_time_billable_id: r.one_time_id,
          created_at: now,
          updated_at: now,
        });
      }
    }
    if (candidates.length === 0) return [];
    const col = <T>(f: (c: CreditEntity) => T) => candidates.map(f);
    const inserted: { id: string }[] = await m.query(
      `INSERT INTO credits (company_id, id, customer_id, subscription_id, name, type, currency, issued_cents, remaining_cents,
         item_id, issued_units, remaining_units, expiration_date, state, metadata, source_invoice_id, source_line_position,
         one_time_billable_id, created_at, updated_at)
       SELECT $1, v.id, v.customer_id, v.subscription_id, v.name, v.type, v.currency, v.cents, v.cents,
         v.item_id, v.units, v.units, NULL, 'ACTIVE', '{}'::jsonb, v.invoice_id, v.position, v.one_time_id, $2, $2
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::bigint[],
         $12::text[], $13::integer[], $14::text[])
         AS v(id, customer_id, subscription_id, name, type, currency, cents, item_id, units, invoice_id, position, one_time_id)
       ON CONFLICT (company_id, source_invoice_id, source_line_position) WHERE source_invoice_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        companyId,
        now,
        col((c) => c.id),
        col((c) => c.customer_id),
        col((c) => c.subscription_id),
        col((c) => c.name),
        col((c) => c.type),
        col((c) => c.currency),
        col((c) => c.issued_cents),
        col((c) => c.item_id),
        col((c) => c.issued_units),
        col((c) => c.source_invoice_id),
        col((c) => c.source_line_position),
        col((c) => c.one_time_billable_id),
      ],
    );
    const written = new Set(inserted.map((r) => r.id));
    const granted = candidates.filter((c) => written.has(c.id));
    if (granted.length === 0) return [];
    const uuidOf = new Map(rows.map((r) => [r.invoice_id, r.invoice_uuid]));
    await this.ledger.log(
      m,
      companyId,
      granted.map((c) =>
        this.ledger.entry(
          c,
          'ISSUED',
          { cents: c.issued_cents, units: c.issued_units },
          { invoice_id: c.source_invoice_id, note: `Credit pack bought on invoice ${uuidOf.get(c.source_invoice_id!)}` },
        ),
      ),
      now,
    );
    for (const c of granted) this.events.later(m, companyId, 'credit.granted', c.id);
    return granted;
  }

  /**
   * A refund of the pack's invoice: each credit it granted gives up its unused part, up to the
   * refunded share of what the invoice charged (`refundedShare`, over all the invoice's refunds
   * so far, less what earlier refunds took back), logged REVOKED with the invoice. What the
   * customer has already consumed stays consumed; a credit left with nothing is REVOKED.
   */
  async revokeRefunded(m: EntityManager, companyId: string, invoice: InvoiceEntity, refundedCents: number, now: Date): Promise<void> {
    const packs = await this.credits
      .with(m)
      .queryBuilder(companyId, 'c')
      .andWhere('c.source_invoice_id = :invoiceId', { invoiceId: invoice.id })
      .orderBy('c.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
    if (packs.length === 0) return;
    const revokedBefore = await this.revokedByRefunds(m, companyId, invoice.id);
    const charged = invoice.total_cents + invoice.credits_applied_cents;
    const logs: NewLog[] = [];
    for (const credit of packs) {
      const dim = credit.type === 'AMOUNT' ? 'cents' : 'units';
      const issued = dim === 'cents' ? credit.issued_cents : credit.issued_units;
      const held = effectiveState(credit, now) === 'ACTIVE' ? (dim === 'cents' ? credit.remaining_cents : credit.remaining_units) : 0;
      const want = refundedShare(issued, refundedCents, charged) - (revokedBefore.get(credit.id)?.[dim] ?? 0);
      const take = Math.min(want, held);
      if (take <= 0) continue;
      const amount = { cents: dim === 'cents' ? take : 0, units: dim === 'units' ? take : 0 };
      if (take === held) await this.ledger.close(m, companyId, credit, 'REVOKED', now);
      else await this.ledger.debit(m, companyId, credit, amount, now);
      logs.push(
        this.ledger.entry(credit, 'REVOKED', amount, {
          invoice_id: invoice.id,
          note: `Invoice ${invoice.number ?? invoice.uuid} was refunded`,
        }),
      );
    }
    if (logs.length) await this.ledger.log(m, companyId, logs, now);
  }

  /** Per credit: what refunds of this invoice have revoked already (its REVOKED logs that name the invoice). */
  private async revokedByRefunds(
    m: EntityManager,
    companyId: string,
    invoiceId: string,
  ): Promise<Map<string, { cents: number; units: number }>> {
    const rows: { credit_id: string; cents: string; units: string }[] = await m.query(
      `SELECT credit_id, SUM(amount_applied_cents)::text AS cents, SUM(units_applied)::text AS units FROM credit_logs
       WHERE company_id = $1 AND invoice_id = $2 AND action_type = 'REVOKED' GROUP BY credit_id`,
      [companyId, invoiceId],
    );
    return new Map(rows.map((r) => [r.credit_id, { cents: Number(r.cents), units: Number(r.units) }]));
  }
}
