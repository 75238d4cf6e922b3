import type { CustomerEntity } from '../../customers/customer.entity';
import type { FindInvoicesDto } from '../../invoicing/dto/invoice.dto';
import type { InvoiceEntity } from '../../invoicing/invoicing.entity';

/**
 * The invoices a customer's portal lists: its own (including those its parent pays, shown
 * read-only) and those it pays for its children (parent-billed invoices, payable here). Two
 * searches (by `customer_id` and by `billed_customer_id`), merged newest first.
 */
export function portalInvoiceQueries(customerId: string, limit: number): FindInvoicesDto[] {
  const statuses = ['PENDING', 'OVERDUE', 'PAID', 'VOID'];
  return [{ customer_id: customerId }, { billed_customer_id: customerId }].map(
    (q) => ({ query: { ...q, statuses }, pagination: { limit }, sort_key: 'createdAtDesc' }) as unknown as FindInvoicesDto,
  );
}

/** Both searches' invoices, each once, newest first, at most `limit`. */
export function mergePortalInvoices(pages: InvoiceEntity[][], limit: number): InvoiceEntity[] {
  const byId = new Map<string, InvoiceEntity>();
  for (const page of pages) for (const i of page) byId.set(i.id, i);
  return [...byId.values()]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, limit);
}

/** The ids of the other customers the listed invoices name (the payer of a child's invoice, the child of a parent's). */
export function otherParties(customerId: string, invoices: InvoiceEntity[]): string[] {
  const ids = new Set<string>();
  for (const i of invoices) {
    if (i.billed_customer_id !== customerId) ids.add(i.billed_customer_id);
    if (i.customer_id !== customerId) ids.add(i.customer_id);
  }
  return [...ids];
}

/**
 * How the portal presents an invoice's parties: `billedTo` when another customer (the parent)
 * pays it, so this portal shows it read-only; `for` when this customer pays it for a child.
 */
export function portalParties(
  customerId: string,
  invoice: InvoiceEntity,
  names: Map<string, CustomerEntity>,
): { billedTo: string | null; for: string | null; payable: boolean } {
  const label = (id: string) => {
    const c = names.get(id);
    return (c && (c.org_name || c.name || c.email)) || id;
  };
  const paidElsewhere = invoice.billed_customer_id !== customerId;
  return {
    billedTo: paidElsewhere ? label(invoice.billed_customer_id) : null,
    for: invoice.customer_id !== customerId ? label(invoice.customer_id) : null,
    payable: !paidElsewhere,
  };
}
