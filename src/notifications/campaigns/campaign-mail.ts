/** What the e-mails of campaigns say (pure): payment reminders, final notices, signature requests. */
import { MailBrand, MailContent, mailDate, mailMoney, render } from '../mail-content';

export interface DunningMailInput {
  brand: MailBrand;
  locale: string;
  invoiceNumber: number | null;
  currency: string;
  dueCents: number;
  dueDate: Date;
  hostedLink: string | null;
}

/** EMAIL_REMINDER: the invoice is still unpaid. */
export function paymentReminderMail(p: DunningMailInput): MailContent {
  const number = p.invoiceNumber === null ? '' : ` ${p.invoiceNumber}`;
  const due = mailMoney(p.dueCents, p.currency, p.locale);
  return render(`Reminder: invoice${number} from ${p.brand.displayName} is unpaid`, {
    brand: p.brand,
    heading: 'A friendly reminder',
    paragraphs: [`Invoice${number} of ${due}, due ${mailDate(p.dueDate, p.locale)}, has not been paid yet.`],
    facts: [{ label: 'Amount due', value: due }],
    button: p.hostedLink ? { label: 'Pay the invoice', href: p.hostedLink } : undefined,
  });
}

/** FINAL_NOTICE: the last message before the subscription is flagged unpaid or cancelled. */
export function finalNoticeMail(p: DunningMailInput): MailContent {
  const number = p.invoiceNumber === null ? '' : ` ${p.invoiceNumber}`;
  const due = mailMoney(p.dueCents, p.currency, p.locale);
  return render(`Final notice: invoice${number} from ${p.brand.displayName}`, {
    brand: p.brand,
    heading: 'Final notice',
    paragraphs: [
      `Invoice${number} of ${due}, due ${mailDate(p.dueDate, p.locale)}, is still unpaid.`,
      'Please pay it now to keep your service: this is the last reminder.',
    ],
    facts: [{ label: 'Amount due', value: due }],
    button: p.hostedLink ? { label: 'Pay the invoice', href: p.hostedLink } : undefined,
  });
}

export interface SignatureMailInput {
  brand: MailBrand;
  locale: string;
  contractName: string;
  signatoryName: string | null;
  signingLink: string;
  /** Set for a reminder: when the request was first sent. */
  requestedAt?: Date;
}

/** A contract awaits this signatory's signature: their own signing link. */
export function signatureRequestMail(p: SignatureMailInput): MailContent {
  const reminder = p.requestedAt !== undefined;
  return render(`${reminder ? 'Reminder: please sign' : 'Please sign'} ${p.contractName} from ${p.brand.displayName}`, {
    brand: p.brand,
    heading: reminder ? 'Your signature is still needed' : 'Your signature is requested',
    paragraphs: [
      `${p.signatoryName ? `${p.signatoryName}, ` : ''}${p.brand.displayName} asks you to sign ${p.contractName}` +
        (reminder ? `, sent on ${mailDate(p.requestedAt!, p.locale)}.` : '.'),
      'The link below is yours alone: do not forward it.',
    ],
    facts: [],
    button: { label: 'Review and sign', href: p.signingLink },
  });
}
