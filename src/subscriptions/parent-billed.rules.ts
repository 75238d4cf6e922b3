import { DomainError } from '../platform/errors/domain-error';

/**
 * `parent_billed: true` needs a customer with a parent: its invoices are billed to that parent
 * (the customer's direct parent when each invoice is written). Refused otherwise, so that the
 * flag never sits on a subscription where it would do nothing.
 */
export function checkParentBilled(parentBilled: boolean | null | undefined, customer: { parent_customer_id: string | null }): void {
  if (parentBilled === true && !customer.parent_customer_id) {
    throw DomainError.invalidField('parent_billed', 'requires a customer with a parent customer (parent_customer_id)');
  }
}
