import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CompanySettingsService } from '../../platform/company-settings/company-settings.service';
import { PageSecrets } from '../../platform/hosted-pages/page-secrets';
import { newId } from '../../platform/ids/ids';
import { CustomersRepository } from '../../customers/customers.repository';
import { signatureLink } from '../../contracts/contracts.mapper';
import { mailLocale } from '../mail-content';
import { NotificationPlanner, Planned } from '../notification-planner.service';
import { MailWorker } from '../mail-worker.service';
import type { CampaignEntity, CampaignStepEntity } from './campaign.entity';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignStarter } from './campaign-starter.service';
import { signatureRequestMail } from './campaign-mail';
import type { StepResult } from './campaign-actions.service';

/** What a signature request needs of a contract and its signatories (read from the contracts tables). */
interface ContractRow {
  id: string;
  customer_id: string;
  title: string;
  status: string;
  expiration_date: Date | null;
}
interface SignatoryRow {
  company_id: string;
  contract_id: string;
  email_key: string;
  email: string;
  name: string | null;
  signed: boolean;
  declined: boolean;
  signing_nonce: string;
}

/**
 * Signature requests: when a contract awaits signatures (PENDING_SIGNATURES, not expired), each
 * signatory who has neither signed nor declined is e-mailed their own signing link (cause
 * `signature.request:<contract>:<signatory>:<link nonce>`: once per link) and gets a
 * SIGNATURE_REMINDER campaign (cause `signature:<contract>:<signatory>`), a step on each of the
 * company's `signature_reminder_days`. Kept in line in the transaction of every contract change
 * (the contracts module's `campaigns` hook, called before its webhook events are built):
 * a signatory who signs, declines or is removed, and a contract executed, voided or expired, stop
 * the campaigns concerned; a step re-checks the same before it sends.
 */
@Injectable()
export class SignatureRequests {
  constructor(
    private readonly settings: CompanySettingsService,
    private readonly pages: PageSecrets,
    private readonly customers: CustomersRepository,
    private readonly planner: NotificationPlanner,
    private readonly worker: MailWorker,
    private readonly starter: CampaignStarter,
    private readonly campaigns: CampaignsRepository,
  ) {}

  /** Brings a contract's requests and reminder campaigns in line with it (contracts' hook, in the change's transaction). */
  async sync(m: EntityManager, companyId: string, contractId: string, now: Date): Promise<void> {
    const contract = await this.contract(m, companyId, contractId);
    const signatories = contract ? await this.signatories(m, companyId, contractId) : [];
    const waiting = contract && awaits(contract, now) ? signatories.filter((s) => !s.signed && !s.declined) : [];
    const active = await this.campaigns.with(m).find(companyId, { where: { contract_id: contractId, status: 'ACTIVE' } });
    for (const c of active) {
      if (!waiting.some((s) => c.cause === campaignCause(s))) await this.starter.stop(m, c, stopReason(c, signatories));
    }
    if (!contract || waiting.length === 0) return;
    const settings = await this.settings.get(companyId, m);
    if (!settings.email_signature_request) return;
    const customer = await this.customers.with(m).findOne(companyId, { id: contract.customer_id });
    if (!customer) return;
    const planned: Planned[] = waiting.map((s) => ({
      type: 'SIGNATURE_REQUEST',
      cause: `signature.request:${contractId}:${s.email_key}:${s.signing_nonce}`,
      customer,
      invoice: null,
      contractId,
      recipients: { to: [s.email], cc: [] },
      content: signatureRequestMail({
        brand: { displayName: settings.display_name, accentColor: settings.accent_color, supportEmail: settings.support_email },
        locale: mailLocale(customer.locale),
        contractName: contract.title,
        signatoryName: s.name,
        signingLink: signatureLink(this.pages, s),
      }),
      pdf: false,
    }));
    if ((await this.planner.insert(m, companyId, settings, planned)) > 0) this.worker.runAfterCommit(m);
    for (const s of waiting) {
      await this.starter.start(m, companyId, {
        type: 'SIGNATURE_REMINDER',
        cause: campaignCause(s),
        customer_id: contract.customer_id,
        invoice_id: null,
        contract_id: contractId,
        currency: null,
        amount_cents: null,
        reference_at: now,
        steps: settings.signature_reminder_days.map((days) => ({ action_type: 'SIGNATURE_REMINDER', days })),
      });
    }
  }

  /** 'stop' (the campaign is stopped now: signed, declined, removed, or the contract no longer awaits signatures) or 'run'. */
  async check(m: EntityManager, campaign: CampaignEntity, at: Date): Promise<'stop' | 'run'> {
    if (await this.waitingSignatory(m, campaign, at)) return 'run';
    const signatories = campaign.contract_id ? await this.signatories(m, campaign.company_id, campaign.contract_id) : [];
    await this.starter.stop(m, campaign, stopReason(campaign, signatories));
    return 'stop';
  }

  /** A SIGNATURE_REMINDER step: the signatory's link again, to them alone. */
  async remind(m: EntityManager, campaign: CampaignEntity, step: CampaignStepEntity, at: Date): Promise<StepResult> {
    const companyId = campaign.company_id;
    const s = await this.waitingSignatory(m, campaign, at);
    const contract = campaign.contract_id ? await this.contract(m, companyId, campaign.contract_id) : null;
    const customer = await this.customers.with(m).findOne(companyId, { id: campaign.customer_id });
    if (!s || !contract || !customer) return { status: 'SKIPPED', note: 'the signatory no longer awaits' };
    const settings = await this.settings.get(companyId, m);
    const id = newId('notification');
    const content = signatureRequestMail({
      brand: { displayName: settings.display_name, accentColor: settings.accent_color, supportEmail: settings.support_email },
      locale: mailLocale(customer.locale),
      contractName: contract.title,
      signatoryName: s.name,
      signingLink: signatureLink(this.pages, s),
      requestedAt: campaign.reference_at,
    });
    const planned: Planned = {
      type: 'SIGNATURE_REMINDER',
      cause: `campaign_step:${step.id}`,
      customer,
      invoice: null,
      contractId: contract.id,
      recipients: { to: [s.email], cc: [] },
      content,
      pdf: false,
    };
    if ((await this.planner.insert(m, companyId, settings, [planned], { id })) === 0) return { status: 'SKIPPED', note: 'already sent' };
    this.worker.runAfterCommit(m);
    return { status: 'COMPLETED', notification_id: id };
  }

  private async waitingSignatory(m: EntityManager, campaign: CampaignEntity, at: Date): Promise<SignatoryRow | null> {
    if (!campaign.contract_id) return null;
    const contract = await this.contract(m, campaign.company_id, campaign.contract_id);
    if (!contract || !awaits(contract, at)) return null;
    const s = (await this.signatories(m, campaign.company_id, contract.id)).find((x) => campaign.cause === campaignCause(x));
    return s && !s.signed && !s.declined ? s : null;
  }

  private async contract(m: EntityManager, companyId: string, id: string): Promise<ContractRow | null> {
    const rows: ContractRow[] = await m.query(
      'SELECT id, customer_id, title, status, expiration_date FROM contracts WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
    return rows[0] ? { ...rows[0], expiration_date: rows[0].expiration_date ? new Date(rows[0].expiration_date) : null } : null;
  }

  private signatories(m: EntityManager, companyId: string, contractId: string): Promise<SignatoryRow[]> {
    return m.query(
      `SELECT company_id, contract_id, email_key, email, name, signed, declined, signing_nonce
         FROM contract_signatories WHERE company_id = $1 AND contract_id = $2 ORDER BY sort_index`,
      [companyId, contractId],
    );
  }
}

const campaignCause = (s: Pick<SignatoryRow, 'contract_id' | 'email_key'>) => `signature:${s.contract_id}:${s.email_key}`;

/** Whether the contract takes signatures at `at` (PENDING_SIGNATURES and not expired). */
function awaits(c: ContractRow, at: Date): boolean {
  return c.status === 'PENDING_SIGNATURES' && (c.expiration_date === null || c.expiration_date.getTime() > at.getTime());
}

function stopReason(c: CampaignEntity, signatories: SignatoryRow[]): string {
  const s = signatories.find((x) => c.cause === campaignCause(x));
  if (!s) return 'signatory_removed';
  if (s.signed) return 'contract_signed';
  if (s.declined) return 'signature_declined';
  return 'contract_closed';
}
