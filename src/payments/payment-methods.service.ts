import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { PaymentMethodOwnerHook, SubscriptionsHooks } from '../subscriptions/subscriptions.hooks';
import { SubscriptionBillingStateService } from '../subscriptions/subscription-billing-state.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import type { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { PaymentMethodEntity } from './payment-processing.entity';
import { PaymentMethodsRepository } from './payments.repository';
import { PaymentProcessor } from './processor/payment-processor';
import type { AttachPaymentMethodDto, UpdatePaymentMethodDto } from './dto/payment-method.dto';

/** What an update answers: the card, the customer's cards, and its live subscriptions (oldest first). */
export interface PaymentMethodUpdate {
  method: PaymentMethodEntity;
  methods: PaymentMethodEntity[];
  subscriptions: SubscriptionEntity[];
}

/**
 * A customer's cards. The first attached is the default; there is always exactly one default
 * while the customer has any (deleting the default promotes the newest remaining one).
 * Writes lock the customer's row so two attaches at once cannot both become the default.
 * It also tells the subscriptions module who owns a card (SubscriptionsHooks), so a
 * subscription only ever names a card of its own customer.
 */
@Injectable()
export class PaymentMethodsService implements PaymentMethodOwnerHook, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly methods: PaymentMethodsRepository,
    private readonly customers: CustomerLookupService,
    private readonly processor: PaymentProcessor,
    private readonly subscriptionsHooks: SubscriptionsHooks,
    private readonly subscriptionState: SubscriptionBillingStateService,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /** Subscriptions check a `payment_method_id` against its owner through this (they sit below payments). */
  onModuleInit(): void {
    this.subscriptionsHooks.fill('paymentMethodOwner', this);
  }

  /** The customer a payment method of the company belongs to, or null (unknown id, or of another company). */
  async ownerOf(m: EntityManager, companyId: string, id: string): Promise<string | null> {
    if (!isId('paymentMethod', id)) return null;
    const pm = await this.methods.with(m).findOne(companyId, { id });
    return pm?.customer_id ?? null;
  }

  async attach(companyId: string, customerRef: string, dto: AttachPaymentMethodDto): Promise<PaymentMethodEntity> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerRef, 'path');
    return this.dataSource.transaction((m) => this.attachWithin(m, companyId, customer.id, dto.token));
  }

  /**
   * Attaches a token's card to a customer inside the caller's transaction (checkout stores the
   * card in its completion transaction). The first card of a customer becomes its default.
   */
  async attachWithin(m: EntityManager, companyId: string, customerId: string, token: string): Promise<PaymentMethodEntity> {
    const card = await this.processor.attach(companyId, token);
    if (!card)
      throw DomainError.badRequest('invalid_token', `token "${token}" is not a token of the ${this.processor.providerType} processor`);
    await this.lockCustomer(m, companyId, customerId);
    const now = this.clock.now();
    const hasDefault = await this.methods.with(m).exists(companyId, { customer_id: customerId, is_default: true });
    const row: PaymentMethodEntity = {
      company_id: companyId,
      id: newId('paymentMethod'),
      customer_id: customerId,
      provider_type: this.processor.providerType,
      provider_reference: card.provider_reference,
      type: 'card',
      brand: card.brand,
      last_4: card.last_4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
      is_default: !hasDefault,
      created_at: now,
      updated_at: now,
    };
    const { company_id: _c, ...values } = row;
    await this.methods.with(m).insert(companyId, values);
    return row;
  }

  async list(companyId: string, customerRef: string): Promise<PaymentMethodEntity[]> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerRef, 'path');
    return this.methods.find(companyId, { where: { customer_id: customer.id }, order: { created_at: 'ASC', id: 'ASC' } });
  }

  /**
   * Makes a card the default (and moves live subscriptions onto it when asked). Answers the card,
   * every payment method of the customer and its live subscriptions, read in the same transaction
   * (the reference's subscription_customer_pm pairs each subscription with the card that pays it).
   */
  async update(companyId: string, customerRef: string, id: string, dto: UpdatePaymentMethodDto): Promise<PaymentMethodUpdate> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerRef, 'path');
    if (!isId('paymentMethod', id)) throw DomainError.notFound('payment method');
    return this.dataSource.transaction(async (m) => {
      await this.lockCustomer(m, companyId, customer.id);
      const repo = this.methods.with(m);
      const pm = await repo.findOne(companyId, { id, customer_id: customer.id });
      if (!pm) throw DomainError.notFound('payment method');
      const now = this.clock.now();
      if (dto.default === true && !pm.is_default) {
        await repo.update(companyId, { customer_id: customer.id, is_default: true }, { is_default: false, updated_at: now });
        await repo.update(companyId, { id: pm.id }, { is_default: true, updated_at: now });
        pm.is_default = true;
        pm.updated_at = now;
      }
      if (dto.default === true && dto.update_subscriptions_non_default_payment === true) {
        // live subscriptions of the customer that name another card move to this one
        await this.subscriptionState.movePaymentMethodOfLive(m, companyId, customer.id, pm.id, now);
      }
      const methods = await repo.find(companyId, { where: { customer_id: customer.id } });
      const subscriptions = await this.subscriptions
        .with(m)
        .queryBuilder(companyId, 's')
        .andWhere('s.customer_id = :customerId', { customerId: customer.id })
        .andWhere('(s.end_date IS NULL OR s.end_date > :now)', { now })
        .orderBy('s.created_at', 'ASC')
        .addOrderBy('s.id', 'ASC')
        .getMany();
      return { method: pm, methods, subscriptions };
    });
  }

  async remove(companyId: string, customerRef: string, id: string): Promise<PaymentMethodEntity> {
    const customer = await this.customers.getByIdOrIdentifier(companyId, customerRef, 'path');
    if (!isId('paymentMethod', id)) throw DomainError.notFound('payment method');
    return this.dataSource.transaction(async (m) => {
      await this.lockCustomer(m, companyId, customer.id);
      const repo = this.methods.with(m);
      const pm = await repo.findOne(companyId, { id, customer_id: customer.id });
      if (!pm) throw DomainError.notFound('payment method');
      const now = this.clock.now();
      const live = `company_id = $1 AND customer_id = $2 AND (end_date IS NULL OR end_date > $3)`;
      const named: { n: string }[] = await m.query(
        `SELECT count(*)::text AS n FROM subscriptions WHERE ${live} AND payment_method_id = $4`,
        [companyId, customer.id, now, pm.id],
      );
      if (Number(named[0].n) > 0) throw DomainError.conflict('payment_method_in_use', 'a live subscription uses this payment method');
      if (pm.is_default) {
        const relying: { n: string }[] = await m.query(
          `SELECT count(*)::text AS n FROM subscriptions WHERE ${live} AND auto_charges AND payment_method_id IS NULL`,
          [companyId, customer.id, now],
        );
        if (Number(relying[0].n) > 0) {
          throw DomainError.conflict(
            'payment_method_in_use',
            "this is the customer's default payment method and an auto-charging subscription relies on it",
          );
        }
      }
      await repo.delete(companyId, { id: pm.id });
      if (pm.is_default) {
        const [next] = await repo.find(companyId, {
          where: { customer_id: customer.id },
          order: { created_at: 'DESC', id: 'DESC' },
          take: 1,
        });
        if (next) await repo.update(companyId, { id: next.id }, { is_default: true, updated_at: now });
      }
      return pm;
    });
  }

  /**
   * The method a charge of this customer uses: the subscription's own when it names one, else the
   * customer's default. The method must be the customer's: a subscription naming an unknown card
   * or another customer's is refused (`problem`), never replaced by the default.
   */
  async forCharge(
    manager: EntityManager,
    companyId: string,
    customerId: string,
    subscriptionMethodId: string | null,
  ): Promise<{ method: PaymentMethodEntity; problem: null } | { method: null; problem: string }> {
    const repo = this.methods.with(manager);
    if (subscriptionMethodId) {
      const own = await repo.findOne(companyId, { id: subscriptionMethodId, customer_id: customerId });
      if (own) return { method: own, problem: null };
      return { method: null, problem: "The subscription's payment method is not one of the customer's." };
    }
    const fallback = await repo.findOne(companyId, { customer_id: customerId, is_default: true });
    return fallback ? { method: fallback, problem: null } : { method: null, problem: 'No payment method.' };
  }

  private async lockCustomer(m: EntityManager, companyId: string, customerId: string): Promise<void> {
    // FOR NO KEY UPDATE: the customer first of the lock order (src/platform/README.md), without
    // keeping out the foreign-key checks of rows other transactions insert for the customer
    await m.query('SELECT id FROM customers WHERE company_id = $1 AND id = $2 FOR NO KEY UPDATE', [companyId, customerId]);
  }
}
