import { iso } from '../platform/timestamps';
import type { CustomerSummaryResponse } from '../customers/dto/customer.dto';
import type { PaymentTransactionEntity } from './payment-transaction.entity';
import type { PaymentTransactionResponse } from './dto/payment-transaction.dto';
import type { PaymentMethodEntity } from './payment-processing.entity';
import type { PaymentMethodResponse } from './dto/payment-method.dto';

const money = (currency: string, cents: number) => ({ currency, value_in_cents: cents });

/** What can still be refunded of a transaction: the rest of a settled PAYMENT, else 0. */
export function refundableCents(t: PaymentTransactionEntity): number {
  if (t.transaction_type !== 'PAYMENT') return 0;
  if (t.status !== 'SUCCEEDED' && t.status !== 'PARTIALLY_REFUNDED') return 0;
  return Math.max(0, t.total_amount_cents - t.refunded_cents);
}

/**
 * The spec's Payment transaction. `customer` is the customer summary, loaded by the caller in
 * one batch for a page of transactions (`PaymentsViews.transactionViews`).
 */
export function toPaymentTransactionResponse(
  t: PaymentTransactionEntity,
  customer: CustomerSummaryResponse | null,
): PaymentTransactionResponse {
  const fee = t.application_fee_cents + t.processor_fee_cents;
  const refundable = refundableCents(t);
  const pm = t.payment_method;
  return {
    application_fee_amount: money(t.currency, t.application_fee_cents),
    company_id: t.company_id,
    connected_account_transaction: t.connected_account_transaction,
    created_at: iso(t.created_at)!,
    customer,
    customer_id: t.customer_id,
    deleted_at: iso(t.deleted_at),
    disallow_partial_refund: t.disallow_partial_refund,
    id: t.id,
    initiated_by: t.initiated_by,
    initiated_by_type: t.initiated_by_type,
    invoice_id: t.invoice_id,
    invoice_number: t.invoice_number,
    invoice_uuid: t.invoice_uuid,
    is_refundable: refundable > 0,
    is_voidable: false,
    net_amount: money(t.currency, t.total_amount_cents - fee),
    note: t.note,
    parent_transaction_id: t.parent_transaction_id,
    payment_method: pm ? { brand: pm.brand ?? null, last_4: pm.last_4 ?? null, name: pm.name ?? null, type: pm.type ?? null } : null,
    processor_fee_amount: money(t.currency, t.processor_fee_cents),
    proposal_id: t.proposal_id,
    provider_transaction_id: t.provider_transaction_id,
    provider_type: t.provider_type,
    refundable_amount: money(t.currency, refundable),
    refunded_amount: money(t.currency, t.refunded_cents),
    status: t.status,
    status_message: t.status_message,
    total_amount: money(t.currency, t.total_amount_cents),
    total_amount_default_currency: money(t.currency, t.total_amount_cents),
    total_fee_amount: money(t.currency, fee),
    transaction_type: t.transaction_type,
    updated_at: iso(t.updated_at)!,
  };
}

/** A customer's payment method (card). */
export function toPaymentMethodResponse(pm: PaymentMethodEntity): PaymentMethodResponse {
  return {
    id: pm.id,
    customer_id: pm.customer_id,
    type: pm.type,
    brand: pm.brand,
    last_4: pm.last_4,
    exp_month: pm.exp_month,
    exp_year: pm.exp_year,
    default: pm.is_default,
    provider_type: pm.provider_type,
    created_at: iso(pm.created_at)!,
    updated_at: iso(pm.updated_at)!,
    country: null,
    name: null,
    billing_email: null,
    mandate_id: null,
    institution_number: null,
    routing_number: null,
    transit_number: null,
    payment_provider_key: pm.provider_type,
  };
}
