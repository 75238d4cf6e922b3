/**
 * What each e-mail says (pure): subject, HTML and text parts, from plain values. Amounts arrive
 * in cents and dates as instants; both are written in the customer's locale (Intl), the amounts
 * in the invoice's currency. No arithmetic on money happens here.
 */
import { esc } from '../platform/hosted-pages/format';

export const DEFAULT_LOCALE = 'en-US';

/** The company as its customers see it (company settings). */
export interface MailBrand {
  displayName: string;
  accentColor: string;
  supportEmail: string | null;
  /** The company's preferred_timezone: the days of its dates are those of this zone (UTC by default). */
  timeZone?: string;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** The customer's locale when Intl knows it, else en-US. */
export function mailLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.replace(/_/g, '-'));
    return canonical && Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** An amount in cents as the customer reads it: `mailMoney(123456, 'EUR', 'de-DE')` → `1.234,56 €`. */
export function mailMoney(cents: number, currency: string, locale: string): string {
  let fmt: Intl.NumberFormat;
  try {
    fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  // integer cents over a power of ten: exact to the digits shown
  return fmt.format(cents / 10 ** digits);
}

/**
 * A day as the customer reads it (`March 5, 2026`; `5. März 2026`), in the company's time zone
 * (UTC by default), where its billing dates are placed.
 */
export function mailDate(at: Date, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(at);
}

export interface Layout {
  brand: MailBrand;
  heading: string;
  /** Paragraphs of plain text (escaped for HTML). */
  paragraphs: string[];
  facts: { label: string; value: string }[];
  button?: { label: string; href: string };
}

/** The one layout of every message: HTML and text parts from the same content. */
export function render(subject: string, l: Layout): MailContent {
  const { brand } = l;
  const facts = l.facts
    .map(
      (f) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#4b5563">${esc(f.label)}</td><td style="padding:4px 0;font-weight:600">${esc(f.value)}</td></tr>`,
    )
    .join('');
  const button = l.button
    ? `<p style="margin:24px 0"><a href="${esc(l.button.href)}" style="background:${esc(brand.accentColor)};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${esc(l.button.label)}</a></p>`
    : '';
  const support = brand.supportEmail
    ? `<p style="color:#4b5563;font-size:13px">Questions? Reply to this e-mail or write to <a href="mailto:${esc(brand.supportEmail)}">${esc(brand.supportEmail)}</a>.</p>`
    : '';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    `<body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937;margin:0;padding:24px">` +
    `<div style="max-width:560px;margin:0 auto">` +
    `<div style="border-top:4px solid ${esc(brand.accentColor)};padding-top:16px;font-size:18px;font-weight:700;color:${esc(brand.accentColor)}">${esc(brand.displayName)}</div>` +
    `<h1 style="font-size:22px">${esc(l.heading)}</h1>` +
    l.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('') +
    (facts ? `<table style="border-collapse:collapse;margin:16px 0">${facts}</table>` : '') +
    button +
    support +
    `</div></body></html>`;
  const text = [
    brand.displayName,
    '',
    l.heading,
    '',
    ...l.paragraphs.flatMap((p) => [p, '']),
    ...l.facts.map((f) => `${f.label}: ${f.value}`),
    ...(l.button ? ['', `${l.button.label}: ${l.button.href}`] : []),
    ...(brand.supportEmail ? ['', `Questions? Reply to this e-mail or write to ${brand.supportEmail}.`] : []),
    '',
  ].join('\n');
  return { subject, html, text };
}

export interface InvoiceMailInput {
  brand: MailBrand;
  locale: string;
  /** As the company formats it ("ACME-2028-0001"), or the plain number. */
  number: number | string | null;
  currency: string;
  totalCents: number;
  dueCents: number;
  dueDate: Date;
  hostedLink: string | null;
}

/** The invoice, on finalization or sent on demand: "Invoice {number} from {display_name}". */
export function invoiceMail(i: InvoiceMailInput): MailContent {
  const number = i.number === null ? '' : String(i.number);
  const facts = [
    { label: 'Invoice', value: number },
    { label: 'Total', value: mailMoney(i.totalCents, i.currency, i.locale) },
    { label: 'Amount due', value: mailMoney(i.dueCents, i.currency, i.locale) },
    { label: 'Due date', value: mailDate(i.dueDate, i.locale, i.brand.timeZone) },
  ];
  return render(`Invoice ${number} from ${i.brand.displayName}`, {
    brand: i.brand,
    heading: `Invoice ${number}`,
    paragraphs: [
      i.dueCents > 0
        ? `${i.brand.displayName} has sent you an invoice of ${mailMoney(i.dueCents, i.currency, i.locale)}, due ${mailDate(i.dueDate, i.locale, i.brand.timeZone)}. The PDF is attached.`
        : `${i.brand.displayName} has sent you an invoice; nothing is due. The PDF is attached.`,
    ],
    facts,
    button: i.hostedLink ? { label: i.dueCents > 0 ? 'View and pay the invoice' : 'View the invoice', href: i.hostedLink } : undefined,
  });
}

export interface PaymentMailInput {
  brand: MailBrand;
  locale: string;
  currency: string;
  amountCents: number;
  at: Date;
  /** As the company formats it ("ACME-2028-0001"), or the plain number. */
  invoiceNumber: number | string | null;
  hostedLink: string | null;
  /** What is still due on the invoice (payment failed). */
  dueCents?: number;
  reason?: string | null;
}

const invoiceFacts = (p: PaymentMailInput) => (p.invoiceNumber === null ? [] : [{ label: 'Invoice', value: String(p.invoiceNumber) }]);

/** A payment succeeded. */
export function paymentReceiptMail(p: PaymentMailInput): MailContent {
  const amount = mailMoney(p.amountCents, p.currency, p.locale);
  return render(`Receipt for your payment of ${amount} to ${p.brand.displayName}`, {
    brand: p.brand,
    heading: 'Payment received',
    paragraphs: [`Thank you: we received your payment of ${amount} on ${mailDate(p.at, p.locale, p.brand.timeZone)}.`],
    facts: [
      ...invoiceFacts(p),
      { label: 'Amount paid', value: amount },
      { label: 'Date', value: mailDate(p.at, p.locale, p.brand.timeZone) },
    ],
    button: p.hostedLink ? { label: 'View the invoice', href: p.hostedLink } : undefined,
  });
}

/** A refund succeeded. */
export function refundReceiptMail(p: PaymentMailInput): MailContent {
  const amount = mailMoney(p.amountCents, p.currency, p.locale);
  return render(`Refund of ${amount} from ${p.brand.displayName}`, {
    brand: p.brand,
    heading: 'Refund issued',
    paragraphs: [
      `${p.brand.displayName} has refunded ${amount} to you on ${mailDate(p.at, p.locale, p.brand.timeZone)}. It may take a few days to appear.`,
    ],
    facts: [
      ...invoiceFacts(p),
      { label: 'Amount refunded', value: amount },
      { label: 'Date', value: mailDate(p.at, p.locale, p.brand.timeZone) },
    ],
    button: p.hostedLink ? { label: 'View the invoice', href: p.hostedLink } : undefined,
  });
}

/** An automatic charge was declined: the link to pay on the hosted page. */
export function paymentFailedMail(p: PaymentMailInput): MailContent {
  const due = mailMoney(p.dueCents ?? p.amountCents, p.currency, p.locale);
  const number = p.invoiceNumber === null ? '' : ` ${p.invoiceNumber}`;
  return render(`Payment failed for invoice${number} from ${p.brand.displayName}`, {
    brand: p.brand,
    heading: 'Your payment did not go through',
    paragraphs: [
      `We could not charge your card for invoice${number}${p.reason ? ` (${p.reason})` : ''}.`,
      p.hostedLink ? 'Please pay the amount due on the invoice page.' : 'Please contact us to pay the amount due.',
    ],
    facts: [...invoiceFacts(p), { label: 'Amount due', value: due }],
    button: p.hostedLink ? { label: 'Pay the invoice', href: p.hostedLink } : undefined,
  });
}

/** A cancellation credited the customer (its final invoice is a credit): the credit note attached. */
export function cancellationCreditMail(p: PaymentMailInput): MailContent {
  const amount = mailMoney(p.amountCents, p.currency, p.locale);
  return render(`Credit of ${amount} from ${p.brand.displayName}`, {
    brand: p.brand,
    heading: 'Subscription cancelled: credit issued',
    paragraphs: [
      `Your subscription was cancelled on ${mailDate(p.at, p.locale)}. ${p.brand.displayName} has credited you ${amount} for it; ` +
        'the credit note is attached.',
    ],
    facts: [...invoiceFacts(p), { label: 'Amount credited', value: amount }, { label: 'Date', value: mailDate(p.at, p.locale) }],
    button: p.hostedLink ? { label: 'View the credit note', href: p.hostedLink } : undefined,
  });
}
