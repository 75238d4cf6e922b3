import { Injectable } from '@nestjs/common';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import type { PageResult } from '../platform/hosted-pages/layout';
import { InvoiceLinks } from '../invoicing/invoice-links.service';
import type { InvoiceEntity } from '../invoicing/invoicing.entity';
import { formatMoney } from '../platform/hosted-pages/format';
import { SANDBOX_TOKENS } from '../checkout/checkout-payment';
import type { InvoiceDocument } from './invoice-pages.mapper';
import { EMPTY_FORM, PayForm, renderInvoicePage } from './invoice-page.html';
import { renderInvoicePdf } from './invoice-pdf';
import { InvoicePagePayment } from './invoice-page-payment.service';
import { PaymentTransactionsRepository } from '../payments/payments.repository';
import { PaymentMethodsService } from '../payments/payment-methods.service';
import { DataSource } from 'typeorm';
import { PageSecrets } from '../platform/hosted-pages/page-secrets';
import { CARD_ON_FILE } from './invoice-page.html';
import { InvoiceDocuments } from './invoice-documents.service';

/** "Visa •••• 4242" from a stored card's brand and last four digits. */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string | null {
  if (!last4) return null;
  const b = (brand ?? 'Card').trim();
  return `${b.charAt(0).toUpperCase()}${b.slice(1)} •••• ${last4}`;
}

/** A page, or a redirect (303 to `location`, after a payment: the page then reads PAID). */
export type InvoicePageResult = PageResult;

/** An unknown, malformed or draft secret: the hosted error page, 404 (never says which). */
const notFound = () => DomainError.notFound('invoice');

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * The hosted invoice page and its PDF, opened by the invoice's secret link (no token): GET shows
 * the invoice, POST pays what is due with a sandbox card (InvoicePagePayment) and redirects back
 * to the page, the PDF is the same document through pdfkit.
 */
@Injectable()
export class InvoicePageService {
  constructor(
    private readonly clock: Clock,
    private readonly links: InvoiceLinks,
    private readonly payment: InvoicePagePayment,
    private readonly methods: PaymentMethodsService,
    private readonly dataSource: DataSource,
    private readonly pageSecrets: PageSecrets,
    private readonly transactions: PaymentTransactionsRepository,
    private readonly documents: InvoiceDocuments,
  ) {}

  async show(secret: string): Promise<InvoicePageResult> {
    const { doc, cardOnFile } = await this.load(secret);
    return { status: 200, html: renderInvoicePage(doc, pdfHref(secret), { ...EMPTY_FORM, cardOnFile }) };
  }

  async pdf(secret: string): Promise<{ doc: InvoiceDocument; pdf: Buffer }> {
    const { doc } = await this.load(secret);
    return { doc, pdf: await renderInvoicePdf(doc) };
  }

  async pay(secret: string, body: Record<string, unknown>): Promise<InvoicePageResult> {
    const { invoice, doc, cardOnFile } = await this.load(secret);
    const page = (status: number, form: Partial<PayForm>, d: InvoiceDocument = doc): InvoicePageResult => ({
      status,
      html: renderInvoicePage(d, pdfHref(secret), { ...EMPTY_FORM, cardOnFile, ...form }),
    });
    const token = str(body?.payment_token, 64);
    const agreed = str(body?.due, 20);
    if (!doc.payable) return page(409, { notice: `This invoice is ${doc.status}: there is nothing to pay.` });
    const onFile = token === CARD_ON_FILE && cardOnFile !== null;
    if (!onFile && !(SANDBOX_TOKENS as readonly string[]).includes(token))
      return page(400, { paymentToken: token, error: 'Choose a card.' });
    const agreedCents = /^\d{1,15}$/.test(agreed) ? Number(agreed) : NaN;
    const outcome = await this.payment.pay(invoice.company_id, invoice.id, onFile ? null : token, agreedCents, this.clock.now());
    switch (outcome.kind) {
      case 'paid':
        return { status: 303, location: `./${encodeURIComponent(secret)}`, html: '' };
      case 'declined':
        return page(402, { paymentToken: token, decline: outcome.message });
      case 'in_flight':
        return page(409, {
          paymentToken: token,
          notice: 'A payment of this invoice is being processed right now. Nothing was charged: please reload this page in a minute.',
        });
      case 'changed':
      case 'closed': {
        const again = await this.load(secret);
        const notice =
          outcome.kind === 'changed'
            ? `The amount due changed since you opened this page: it is now ${formatMoney(outcome.dueCents, invoice.currency)}. ` +
              'Nothing was charged: please review the invoice and pay again.'
            : `This invoice is ${again.doc.status}: there is nothing to pay.`;
        return page(409, { paymentToken: token, notice }, again.doc);
      }
    }
  }

  private async load(secret: string): Promise<{ invoice: InvoiceEntity; doc: InvoiceDocument; cardOnFile: string | null }> {
    const invoice = await this.links.bySecret(secret);
    if (!invoice) throw notFound();
    const companyId = invoice.company_id;
    const [card, payment] = await Promise.all([
      this.methods.forCharge(this.dataSource.manager, companyId, invoice.billed_customer_id, null).then((r) => r.method),
      invoice.status === 'PAID'
        ? this.transactions.findOne(companyId, { invoice_id: invoice.id, transaction_type: 'PAYMENT', status: 'SUCCEEDED' })
        : Promise.resolve(null),
    ]);
    const paidCard = payment?.payment_method ? cardLabel(payment.payment_method.brand, payment.payment_method.last_4) : null;
    const doc = await this.documents.of(invoice, {
      now: this.clock.now(),
      paidCard,
      payUrl: `${this.pageSecrets.publicUrl}/invoices/pay/${secret}`,
    });
    return { invoice, doc, cardOnFile: card ? cardLabel(card.brand, card.last_4) : null };
  }
}

/** The PDF, relative to the page (`/invoices/pay/<secret>` → `/invoices/pay/<secret>/pdf`). */
function pdfHref(secret: string): string {
  return `./${encodeURIComponent(secret)}/pdf`;
}
