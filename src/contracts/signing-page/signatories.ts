/**
 * The signatories of a contract as its signing page lists them, and the signed terms a
 * signatory downloads (pure). Each signatory reads by name (else e-mail) with a status in words:
 * "Signed on 3 March 2027", "Declined", "Waiting to sign".
 */
import { formatDate } from '../../platform/hosted-pages/format';
import type { ContractSignatoryEntity } from '../contract.entity';
import type { PriceLine, SigningPageModel } from './signing-page.html';

export interface SignatoryRow {
  name: string;
  title: string | null;
  status: string;
  /** The signatory whose link opened the page. */
  you: boolean;
}

export function signatoryRows(all: ContractSignatoryEntity[], own: ContractSignatoryEntity): SignatoryRow[] {
  return [...all]
    .sort((a, b) => a.sort_index - b.sort_index)
    .map((s) => ({
      name: s.signed_name ?? s.name ?? s.email,
      title: s.title,
      status: s.signed
        ? s.signed_date
          ? `Signed on ${formatDate(s.signed_date)}`
          : 'Signed'
        : s.declined
          ? 'Declined'
          : 'Waiting to sign',
      you: s.email_key === own.email_key,
    }));
}

const lines = (title: string, rows: PriceLine[]): string[] =>
  rows.length ? [title, ...rows.map((r) => `  ${r.name}${r.detail ? ` (${r.detail})` : ''}: ${r.amount}`), ''] : [];

/**
 * The signed terms as a plain-text document: what the page showed when the signatory signed
 * (the terms' digest proves it: a change of terms resets the signatures), and who signed when.
 */
export function signedTermsText(m: SigningPageModel, signatories: SignatoryRow[], termsDigest: string): string {
  return [
    m.title,
    `Between ${m.companyName} and ${m.customerName}`,
    '',
    `Term: ${m.term}${m.autoRenews ? ', renews automatically' : ', does not renew automatically'}`,
    `Start date: ${m.startDate}`,
    '',
    ...lines('Prices', m.recurring),
    ...lines('One-time charges', m.onetime),
    ...lines('Discounts', m.discounts),
    ...(m.content ? ['Contract terms', m.content, ''] : []),
    'Signatories',
    ...signatories.map((s) => `  ${s.name}${s.title ? `, ${s.title}` : ''}: ${s.status}`),
    '',
    `Terms digest: ${termsDigest}`,
    '',
  ].join('\n');
}
