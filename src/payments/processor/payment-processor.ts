import type { EntityManager } from 'typeorm';
/**
 * The port every payment processor implements. The built-in one is the SandboxProcessor.
 *
 * Adding a real processor: write a class `extends PaymentProcessor` (say `AcmeProcessor` in
 * src/payments/processor/acme-processor.ts) that calls the provider's API, passing
 * `idempotency_key` through as the provider's own idempotency key (every provider worth using
 * has one) so a re-dispatched attempt never charges twice; map declines to
 * `{status: 'FAILED', status_message}` and throw only for transport errors (the attempt then
 * stays IN_PROGRESS and is dispatched again with the same key after its lease). Then bind it in
 * PaymentsModule: `{ provide: PaymentProcessor, useClass: AcmeProcessor }` (or choose by config).
 */
export interface CardDetails {
  /** The processor's handle of the card; never the client's token. */
  provider_reference: string;
  brand: string;
  last_4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
}

export interface ProcessorPaymentMethod {
  id: string;
  provider_reference: string;
}

export interface ChargeRequest {
  company_id: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  payment_method: ProcessorPaymentMethod;
}

export interface RefundRequest {
  company_id: string;
  idempotency_key: string;
  provider_transaction_id: string;
  amount_cents: number;
}

export interface ProcessorResult {
  status: 'SUCCEEDED' | 'FAILED';
  provider_transaction_id: string | null;
  status_message: string | null;
}

/**
 * Call options. `manager`: the caller's open transaction — a processor that keeps its own state
 * in Tally's database (the sandbox) writes it there, so the state commits or rolls back with the
 * caller; a network processor ignores it and relies on the idempotency key.
 */
export interface ProcessorCallOptions {
  manager?: EntityManager;
}

export abstract class PaymentProcessor {
  /** The provider_type written on transactions (SANDBOX for the sandbox). */
  abstract readonly providerType: string;
  /** Exchanges a client-side token for a card; null when the token is unknown. */
  abstract attach(companyId: string, token: string): Promise<CardDetails | null>;
  abstract charge(request: ChargeRequest, options?: ProcessorCallOptions): Promise<ProcessorResult>;
  abstract refund(request: RefundRequest): Promise<ProcessorResult>;
  /**
   * The outcome of an earlier charge made with this idempotency key, without charging: null when
   * the processor never made one — and then the key is closed, so a charge request still on its
   * way with that key is declined and can never charge later. Used for an interrupted charge
   * whose invoice no longer takes it (voided or paid meanwhile): nothing is charged again.
   */
  abstract lookup(companyId: string, idempotencyKey: string): Promise<ProcessorResult | null>;
}
