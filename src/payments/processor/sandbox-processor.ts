import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { CardDetails, ChargeRequest, PaymentProcessor, ProcessorCallOptions, ProcessorResult, RefundRequest } from './payment-processor';

type Behaviour = 'visa' | 'chargeDeclined' | 'insufficientFunds';

// a Map, not an object: a token such as "toString" or "__proto__" must not find a property
const TOKENS = new Map<string, Behaviour>([
  ['tok_visa', 'visa'],
  ['tok_chargeDeclined', 'chargeDeclined'],
  ['tok_insufficientFunds', 'insufficientFunds'],
]);

const DECLINES: Record<Behaviour, string | null> = {
  visa: null,
  chargeDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
};

const LAST_4: Record<Behaviour, string> = { visa: '4242', chargeDeclined: '0002', insufficientFunds: '9995' };

/**
 * The built-in processor, without a network: `tok_visa`, `tok_chargeDeclined` and
 * `tok_insufficientFunds` all attach (a visa card); the last two decline every charge.
 * Idempotency is durable: every charge and refund is stored in `sandbox_operations` under
 * (company_id, idempotency_key) — the first call inserts, every repeat reads the first result.
 * A refund of a charge the sandbox never made declines ("No such charge.").
 */
@Injectable()
export class SandboxProcessor extends PaymentProcessor {
  readonly providerType = 'SANDBOX';

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  async attach(_companyId: string, token: string): Promise<CardDetails | null> {
    const behaviour = TOKENS.get(token);
    if (!behaviour) return null;
    const now = this.clock.now();
    return {
      provider_reference: `sbxcard_${behaviour}_${randomBytes(8).toString('hex')}`,
      brand: 'visa',
      last_4: LAST_4[behaviour],
      exp_month: 12,
      exp_year: now.getUTCFullYear() + 3,
      fingerprint: createHash('sha256').update(`sandbox:${behaviour}`).digest('hex').slice(0, 16),
    };
  }

  charge(request: ChargeRequest, options: ProcessorCallOptions = {}): Promise<ProcessorResult> {
    return this.once(
      options.manager ?? this.dataSource.manager,
      request.company_id,
      request.idempotency_key,
      'charge',
      { ...request },
      async () => {
        const behaviour = /^sbxcard_([A-Za-z]+)_/.exec(request.payment_method.provider_reference)?.[1] as Behaviour | undefined;
        if (!behaviour || !Object.hasOwn(DECLINES, behaviour))
          return { status: 'FAILED', provider_transaction_id: null, status_message: 'No such payment method.' };
        const decline = DECLINES[behaviour];
        if (decline)
          return { status: 'FAILED', provider_transaction_id: `sbxch_${randomBytes(10).toString('hex')}`, status_message: decline };
        return { status: 'SUCCEEDED', provider_transaction_id: `sbxch_${randomBytes(10).toString('hex')}`, status_message: null };
      },
    );
  }

  refund(request: RefundRequest): Promise<ProcessorResult> {
    return this.once(this.dataSource.manager, request.company_id, request.idempotency_key, 'refund', { ...request }, async () => {
      const known: { n: string }[] = await this.dataSource.query(
        `SELECT count(*)::text AS n FROM sandbox_operations WHERE company_id = $1 AND provider_transaction_id = $2 AND operation = 'charge' AND result->>'status' = 'SUCCEEDED'`,
        [request.company_id, request.provider_transaction_id],
      );
      if (Number(known[0]?.n ?? 0) === 0) return { status: 'FAILED', provider_transaction_id: null, status_message: 'No such charge.' };
      return { status: 'SUCCEEDED', provider_transaction_id: `sbxre_${randomBytes(10).toString('hex')}`, status_message: null };
    });
  }

  async lookup(companyId: string, idempotencyKey: string): Promise<ProcessorResult | null> {
    const closed: ProcessorResult = {
      status: 'FAILED',
      provider_transaction_id: null,
      status_message: 'Closed before any charge was made.',
    };
    await this.dataSource.query(
      `INSERT INTO sandbox_operations (company_id, idempotency_key, operation, request, result, provider_transaction_id, created_at, updated_at)
       VALUES ($1, $2, 'closed', '{}', $3, NULL, $4, $4) ON CONFLICT (company_id, idempotency_key) DO NOTHING`,
      [companyId, idempotencyKey, JSON.stringify(closed), this.clock.now()],
    );
    const rows: { operation: string; result: ProcessorResult }[] = await this.dataSource.query(
      'SELECT operation, result FROM sandbox_operations WHERE company_id = $1 AND idempotency_key = $2',
      [companyId, idempotencyKey],
    );
    return rows[0] && rows[0].operation !== 'closed' ? rows[0].result : null;
  }

  /** The first result stored under the key, or `work`'s result stored now (a concurrent twin's insert wins). */
  private async once(
    db: EntityManager,
    companyId: string,
    key: string,
    operation: string,
    request: Record<string, unknown>,
    work: () => Promise<ProcessorResult>,
  ): Promise<ProcessorResult> {
    const existing = await this.stored(db, companyId, key);
    if (existing) return existing;
    const result = await work();
    const now = this.clock.now();
    await db.query(
      `INSERT INTO sandbox_operations (company_id, idempotency_key, operation, request, result, provider_transaction_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (company_id, idempotency_key) DO NOTHING`,
      [companyId, key, operation, JSON.stringify(request), JSON.stringify(result), result.provider_transaction_id, now],
    );
    return (await this.stored(db, companyId, key))!;
  }

  private async stored(db: EntityManager, companyId: string, key: string): Promise<ProcessorResult | null> {
    const rows: { result: ProcessorResult }[] = await db.query(
      'SELECT result FROM sandbox_operations WHERE company_id = $1 AND idempotency_key = $2',
      [companyId, key],
    );
    return rows[0]?.result ?? null;
  }
}
