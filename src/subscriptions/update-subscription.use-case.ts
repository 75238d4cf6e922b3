import { Injectable } from '@nestjs/common';
import { EntitlementAssignmentsService } from '../entitlements/assignments/assignments.service';
import { CustomerLookupService } from '../customers/customer-lookup.service';
import { checkCurrency } from './change.rules';
import { checkParentBilled } from './parent-billed.rules';
import { PaymentMethodOwnership } from './payment-method-ownership.service';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionLookup } from './subscription-lookup.service';
import { rowSnapshot, SubscriptionWriter } from './subscription-writer.service';
import type { UpdateSubscriptionDto } from './dto/subscription.dto';

/** Update: the settings that are not the plan (auto_charges, metadata, minimum spend, payment method, invoice fields, overrides). */
@Injectable()
export class UpdateSubscriptionUseCase {
  constructor(
    private readonly writer: SubscriptionWriter,
    private readonly lookup: SubscriptionLookup,
    private readonly assignments: EntitlementAssignmentsService,
    private readonly paymentMethods: PaymentMethodOwnership,
    private readonly customers: CustomerLookupService,
  ) {}

  async execute(companyId: string, idOrIdentifier: string, dto: UpdateSubscriptionDto): Promise<SubscriptionEntity> {
    const id = await this.writer.write(companyId, idOrIdentifier, async (m, sub, now, seq) => {
      const patch: Partial<SubscriptionEntity> = {};
      if (dto.auto_charges != null) patch.auto_charges = dto.auto_charges;
      if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
      if (dto.minimum_spend !== undefined) {
        checkCurrency(dto.minimum_spend?.currency, sub.currency, 'minimum_spend.currency');
        patch.minimum_spend_in_cents = dto.minimum_spend?.value_in_cents ?? null;
      }
      if (dto.payment_method_id != null) await this.paymentMethods.assertOwnedBy(m, companyId, sub.customer_id, dto.payment_method_id);
      if (dto.payment_method_id !== undefined) patch.payment_method_id = dto.payment_method_id ?? null;
      if (dto.invoice_due_date_from_creation !== undefined)
        patch.invoice_due_date_from_creation = dto.invoice_due_date_from_creation ?? null;
      if (dto.invoice_additional_display_fields !== undefined) {
        patch.invoice_additional_display_fields =
          dto.invoice_additional_display_fields?.map((f) => ({ name: f.name, value: f.value })) ?? null;
      }
      if (dto.invoice_payment_instructions !== undefined) patch.invoice_payment_instructions = dto.invoice_payment_instructions ?? null;
      if (dto.parent_billed === true && !sub.parent_billed) {
        checkParentBilled(true, await this.customers.getByIdOrIdentifier(companyId, sub.customer_id, 'customer_id', { manager: m }));
      }
      if (dto.parent_billed != null) patch.parent_billed = dto.parent_billed;
      if (dto.tags !== undefined) patch.tags = [...new Set(dto.tags ?? [])];
      const keys = Object.keys(patch) as (keyof SubscriptionEntity)[];
      const before: Record<string, unknown> = rowSnapshot(sub, keys);
      const after: Record<string, unknown> = rowSnapshot(patch, keys);
      if (dto.override_entitlements !== undefined) {
        const resolved = await this.assignments.resolve(companyId, dto.override_entitlements ?? [], 'override_entitlements', m);
        const current = await this.assignments.readMany(companyId, [{ type: 'SUBSCRIPTION', id: sub.id }], m);
        before.override_entitlements = current
          .layer('SUBSCRIPTION', sub.id)
          .entries.map((e) => ({ entitlement_id: e.entitlement_id, value: e.value }));
        after.override_entitlements = resolved.map((r) => ({ entitlement_id: r.entitlement.id, value: r.value }));
        await this.assignments.replace(m, companyId, { type: 'SUBSCRIPTION', id: sub.id }, resolved);
      }
      await this.writer.update(m, sub, patch, now);
      await this.writer.appendEvent(m, sub, seq, 'UPDATED', now, before, after);
    });
    return this.lookup.get(companyId, id);
  }
}
