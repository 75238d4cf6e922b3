import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { CustomerEntity } from '../customers/customer.entity';
import { CustomerLookupService, customerIdOrIdentifierFilter } from '../customers/customer-lookup.service';
import { CustomerDetailsService } from '../customers/customer-details.service';
import { ProductPricingsRepository } from '../catalog/catalog.repository';
import { PlanCatalog } from '../subscriptions/plan-catalog';
import { CreateSubscriptionUseCase } from '../subscriptions/create-subscription.use-case';
import { normaliseDiscounts } from '../subscriptions/discounts';
import { ContractEntity, ContractSignatoryEntity, ContractStatus, OPEN_STATUSES } from './contract.entity';
import {
  checkSignatoryEmails,
  checkStatusChange,
  contractOptions,
  contractTermsDigest,
  effectiveStatus,
  isOpen,
  newSignatureId,
  signingRecordId,
  normaliseOnetimeItems,
  parseDate,
  STATUS_SQL,
  subscriptionRequest,
  templateCustomVariables,
  termPricingIds,
} from './contract.rules';
import { ContractTemplatesService } from './contract-templates.service';
import { ContractSignatoriesRepository, ContractsRepository } from './contracts.repository';
import type { CreateContractDto, FindContractsDto, SignatoryPatchDto, UpdateContractDto } from './dto/contract.dto';
import { hashPageSecret, PageSecrets, samePageHash } from '../platform/hosted-pages/page-secrets';
import { ContractsHooks } from './contracts.hooks';
import { PaymentMethodsService } from '../payments/payment-methods.service';
import type { SandboxToken } from '../payments/sandbox-cards';

/**
 * What a hosted-page signature came to (`terms_changed`: the page showed other terms than the
 * current ones; `card_required`: the contract needs a card and none came with the signature;
 * nothing signed for either).
 */
export type SignOutcome = 'signed' | 'already_signed' | 'closed' | 'not_found' | 'terms_changed' | 'card_required';

/** A signatory's signature undone: what a change of the terms (or a stale signature at execution) resets. */
const UNSIGNED = { signed: false, signed_date: null, signed_name: null, declined: false, signature_id: null, terms_digest: null } as const;

/**
 * Contracts: create, read, find, update (#16) and signing. Every write locks the contract row
 * (FOR UPDATE) and re-reads its signatories inside the lock; the transition to EXECUTED happens
 * in that same locked transaction, so of two racing last signatures exactly one executes the
 * contract and creates its subscription (CreateSubscriptionUseCase.within, same transaction).
 * If the subscription cannot start, the whole write — including the last signature — rolls back.
 *
 * Signatures bind the terms signed: each stores the digest of the contract's terms
 * (contractTermsDigest) as they were when it was given. A PATCH that changes a term-bearing
 * field resets every signature (and refusal) of the contract — including any given in that
 * same request —, and execution happens only when every signature's digest is the digest of
 * the current terms (a signature whose terms moved under it, e.g. a catalog price changed, is
 * reset instead, and its signatory is asked to sign the new terms).
 */
@Injectable()
export class ContractsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly contracts: ContractsRepository,
    private readonly signatories: ContractSignatoriesRepository,
    private readonly customerLookup: CustomerLookupService,
    private readonly pricings: ProductPricingsRepository,
    private readonly plan: PlanCatalog,
    private readonly createSubscription: CreateSubscriptionUseCase,
    private readonly templates: ContractTemplatesService,
    private readonly events: WebhookEventsService,
    private readonly pages: PageSecrets,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly customerDetails: CustomerDetailsService,
    private readonly hooks: ContractsHooks,
  ) {}

  // ---------------------------------------------------------------- reads

  private async findRow(companyId: string, id: string): Promise<ContractEntity> {
    const row = isId('contract', id) ? await this.contracts.findOne(companyId, { id }) : null;
    if (!row) throw DomainError.notFound('contract');
    return row;
  }

  async get(companyId: string, id: string): Promise<ContractEntity> {
    const row = await this.findRow(companyId, id);
    await this.persistExpired(companyId, [row]);
    return row;
  }

  async find(companyId: string, body: FindContractsDto): Promise<SearchPage<ContractEntity>> {
    const now = this.clock.now();
    const spec: SearchSpec = {
      alias: 'k',
      sortKeys: baseSortKeys('k'),
      filters: {
        customer_id: customerIdOrIdentifierFilter('k.customer_id'),
        owner_id: { kind: 'exact', column: 'k.owner_id' },
        status: { kind: 'custom', apply: (qb, v: string, p) => qb.andWhere(`${STATUS_SQL} = upper(:${p})`, { [p]: v, now }) },
        statuses: {
          kind: 'custom',
          apply: (qb, v: string[], p) => qb.andWhere(`${STATUS_SQL} IN (:...${p})`, { [p]: v.map((x) => x.toUpperCase()), now }),
        },
        auto_charges: { kind: 'bool', column: 'k.auto_charges' },
        auto_renews: { kind: 'bool', column: 'k.auto_renews' },
        type: { kind: 'custom', apply: (qb, v: string) => (v.toUpperCase() === 'CONTRACT' ? qb : qb.andWhere('1 = 0')) },
        search: { kind: 'search', columns: ['k.title', 'c.name', 'c.org_name'] },
      },
    };
    const qb = this.contracts
      .queryBuilder(companyId, 'k')
      .leftJoin(CustomerEntity, 'c', 'c.company_id = k.company_id AND c.id = k.customer_id');
    const page = await runSearch(qb, body, spec);
    await this.persistExpired(companyId, page.results);
    return page;
  }

  /** Stores EXPIRED for open contracts whose expiration_date has passed (the reads derive it anyway). */
  private async persistExpired(companyId: string, rows: ContractEntity[]): Promise<void> {
    const now = this.clock.now();
    const ids = rows.filter((r) => r.status !== 'EXPIRED' && effectiveStatus(r, now) === 'EXPIRED').map((r) => r.id);
    if (ids.length === 0) return;
    await this.contracts.update(
      companyId,
      { id: In(ids), status: In([...OPEN_STATUSES]), expiration_date: LessThanOrEqual(now) },
      { status: 'EXPIRED' },
    );
  }

  // ---------------------------------------------------------------- create

  async create(companyId: string, dto: CreateContractDto): Promise<ContractEntity> {
    const now = this.clock.now();
    const start = dto.start_date != null ? parseDate(dto.start_date, 'start_date') : null;
    const expiration = dto.expiration_date != null ? parseDate(dto.expiration_date, 'expiration_date') : null;
    const signatories = dto.signatories ?? [];
    const keys = checkSignatoryEmails(signatories);
    if (dto.template_id != null && dto.content != null)
      throw DomainError.invalidField('content', 'give content or template_id, not both (a template gives the content)');
    if (dto.trial === true && !dto.trial_term) throw DomainError.invalidField('trial_term', 'is required when trial is true');
    if (dto.trial !== true && dto.trial_term != null) throw DomainError.invalidField('trial_term', 'is only allowed with trial: true');
    const options = contractOptions(dto.options);

    const id = await this.dataSource.transaction(async (m) => {
      const customer = await this.customerLookup.getByIdOrIdentifier(companyId, dto.customer_id, 'customer_id', { manager: m });
      if (customer.status !== 'ACTIVE')
        throw DomainError.badRequest('customer_not_active', `the customer is ${customer.status}: contracts are for ACTIVE customers`);
      const template = dto.template_id != null ? await this.templates.get(companyId, dto.template_id, 'template_id', m) : null;
      const { plan } = await this.plan.resolve(m, companyId, dto);
      const discounts = normaliseDiscounts(dto.discounts, plan.currency, plan.product_pricing_ids, now, 'contract');
      const onetime = normaliseOnetimeItems(dto.onetime_items, plan.currency, await this.onetimePricings(m, companyId, dto));
      const contract: Omit<ContractEntity, 'company_id'> = {
        id: newId('contract'),
        customer_id: customer.id,
        title: dto.title,
        status: dto.status ?? 'DRAFT',
        currency: plan.currency,
        product_pricing_ids: plan.product_pricing_ids,
        bundle_pricing_id: plan.bundle_pricing_id,
        config_items: plan.config_items,
        term_count: plan.term.count,
        term_frequency: plan.term.frequency,
        start_date: start,
        expiration_date: expiration,
        auto_renews: dto.auto_renews ?? true,
        auto_charges: dto.auto_charges ?? false,
        discounts,
        onetime_items: onetime,
        custom_variables: template ? templateCustomVariables(template, dto.custom_variables) : (dto.custom_variables ?? {}),
        content: template ? template.content : (dto.content ?? null),
        metadata: dto.metadata ?? {},
        owner_id: dto.owner_id ?? null,
        completed_date: null,
        subscription_id: null,
        template_id: template?.id ?? null,
        options,
        requires_payment_method: dto.requires_payment_method ?? false,
        payment_method_id: null,
        trial: dto.trial ?? false,
        trial_term: dto.trial ? { count: dto.trial_term!.count, frequency: dto.trial_term!.frequency } : null,
        created_at: now,
        updated_at: now,
      };
      await this.contracts.with(m).insert(companyId, contract);
      await this.signatories.with(m).insert(
        companyId,
        signatories.map((s, i) => ({
          contract_id: contract.id,
          email_key: keys[i],
          email: s.email.trim(),
          name: s.name ?? null,
          title: s.title ?? null,
          position: s.position ?? i + 1,
          sort_index: i,
          signed: false,
          signed_date: null,
          signed_name: null,
          declined: false,
          signature_id: null,
          terms_digest: null,
          view_timestamps: [],
          ...this.newSigningLink(companyId, contract.id, keys[i]),
          created_at: now,
          updated_at: now,
        })),
      );
      this.events.later(m, companyId, 'contract.created', contract.id);
      await this.hooks.get('campaigns').contractChanged(m, companyId, contract.id, now);
      return contract.id;
    });
    return this.get(companyId, id);
  }

  private async onetimePricings(m: EntityManager, companyId: string, dto: CreateContractDto): Promise<Map<string, { currency: string }>> {
    const ids = (dto.onetime_items ?? []).map((o) => o.product_pricing_id).filter((x): x is string => !!x && isId('productPricing', x));
    const found = ids.length ? await this.pricings.with(m).find(companyId, { where: { id: In(ids) } }) : [];
    return new Map(found.map((p) => [p.id, p]));
  }

  // ---------------------------------------------------------------- update (#16)

  async update(companyId: string, id: string, dto: UpdateContractDto): Promise<ContractEntity> {
    if (!isId('contract', id)) throw DomainError.notFound('contract');
    const start = dto.start_date != null ? parseDate(dto.start_date, 'start_date') : null;
    const expiration = dto.expiration_date != null ? parseDate(dto.expiration_date, 'expiration_date') : null;
    const keys = dto.signatories ? checkSignatoryEmails(dto.signatories) : null;
    dto.signatories?.forEach((s, i) => s.signed_date != null && parseDate(s.signed_date, `signatories[${i}].signed_date`));

    await this.write(companyId, id, async (m, c, current, now) => {
      const status = effectiveStatus(c, now);
      if (!isOpen(status)) throw DomainError.invalidState(`the contract is ${status} and can no longer be changed`);
      const termsBefore = await this.termsDigest(m, c);
      const patch: Partial<ContractEntity> = { updated_at: now };
      if (dto.auto_charges != null) patch.auto_charges = dto.auto_charges;
      if (dto.auto_renews != null) patch.auto_renews = dto.auto_renews;
      if (dto.custom_variables !== undefined) patch.custom_variables = dto.custom_variables ?? {};
      if (dto.metadata !== undefined) patch.metadata = dto.metadata ?? {};
      if (dto.owner_id !== undefined) patch.owner_id = dto.owner_id ?? null;
      if (dto.title != null) patch.title = dto.title;
      if (dto.start_date !== undefined) patch.start_date = start;
      if (dto.expiration_date !== undefined) patch.expiration_date = expiration;
      if (dto.term !== undefined) {
        const { plan } = await this.plan.resolve(m, companyId, {
          product_pricing_ids: c.bundle_pricing_id ? null : c.product_pricing_ids,
          bundle_pricing_id: c.bundle_pricing_id,
          config_items: c.config_items,
          term: dto.term ?? null,
        });
        patch.term_count = plan.term.count;
        patch.term_frequency = plan.term.frequency;
      }
      if (dto.status != null) {
        checkStatusChange(c.status, dto.status);
        patch.status = dto.status;
      }
      // signatures given in this request sign the terms as they were before it
      if (dto.signatories != null) await this.replaceSignatories(m, c, current, dto.signatories, keys!, termsBefore, now);
      await this.contracts.with(m).update(companyId, { id: c.id }, patch);
      this.events.later(m, companyId, 'contract.updated', c.id);
      if ((await this.termsDigest(m, { ...c, ...patch })) !== termsBefore) {
        // the terms changed: no signature (or refusal) given before stands
        await this.signatories.with(m).update(companyId, { contract_id: c.id }, { ...UNSIGNED, updated_at: now });
      }
    });
    return this.get(companyId, id);
  }

  /** Replaces the list; an entry matched by e-mail keeps its signing link and signature state. */
  private async replaceSignatories(
    m: EntityManager,
    c: ContractEntity,
    current: ContractSignatoryEntity[],
    list: SignatoryPatchDto[],
    keys: string[],
    termsDigest: string,
    now: Date,
  ): Promise<void> {
    const byKey = new Map(current.map((s) => [s.email_key, s]));
    const rows = list.map((input, i): ContractSignatoryEntity => {
      const prev = byKey.get(keys[i]);
      const row: ContractSignatoryEntity = prev
        ? { ...prev }
        : {
            company_id: c.company_id,
            contract_id: c.id,
            email_key: keys[i],
            email: input.email.trim(),
            name: null,
            title: null,
            position: i + 1,
            sort_index: i,
            signed: false,
            signed_date: null,
            signed_name: null,
            declined: false,
            signature_id: null,
            terms_digest: null,
            view_timestamps: [],
            ...this.newSigningLink(c.company_id, c.id, keys[i]),
            created_at: now,
            updated_at: now,
          };
      row.email = input.email.trim();
      if (input.name !== undefined) row.name = input.name ?? null;
      if (input.title !== undefined) row.title = input.title ?? null;
      if (input.position != null) row.position = input.position;
      row.sort_index = i;
      if (input.signature_id != null) row.signature_id = input.signature_id;
      if (input.signed === true && !row.signed) {
        row.signed = true;
        row.signed_date = input.signed_date != null ? new Date(input.signed_date) : now;
        row.declined = false;
        row.signature_id ??= newSignatureId();
        row.terms_digest = termsDigest;
      }
      if (input.declined === true && !row.declined) {
        if (row.signed) throw DomainError.invalidState(`signatories[${i}]: ${row.email} has already signed and cannot decline`);
        row.declined = true;
      }
      row.updated_at = now;
      return row;
    });
    const repo = this.signatories.with(m);
    await repo.delete(c.company_id, { contract_id: c.id });
    if (rows.length)
      await repo.insert(
        c.company_id,
        rows.map(({ company_id: _c, ...r }) => (void _c, r)),
      );
  }

  // ---------------------------------------------------------------- hosted signing

  /** A new signing link for a signatory: its nonce and the hash of the secret derived from it. */
  private newSigningLink(companyId: string, contractId: string, emailKey: string) {
    const { nonce, hash } = this.pages.issue('signing', companyId, signingRecordId({ contract_id: contractId, email_key: emailKey }));
    return { signing_nonce: nonce, signing_hash: hash, signing_legacy_hash: null };
  }

  /** The signatory behind a signing token (looked up by its hash), or null (unknown token, or removed from its contract). */
  async signatoryByToken(companyId: string, token: string): Promise<ContractSignatoryEntity | null> {
    const hash = hashPageSecret(token);
    return (
      (await this.signatories.findOne(companyId, { signing_hash: hash })) ??
      (await this.signatories.findOne(companyId, { signing_legacy_hash: hash }))
    );
  }

  /** Appends a view of the signing page (kept to the last 100). */
  async recordView(companyId: string, signatory: Pick<ContractSignatoryEntity, 'contract_id' | 'email_key'>): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.dataSource.query(
      `UPDATE contract_signatories
          SET view_timestamps = CASE WHEN jsonb_array_length(view_timestamps) >= 100
                                     THEN (view_timestamps - 0) || jsonb_build_array($3::text)
                                     ELSE view_timestamps || jsonb_build_array($3::text) END
        WHERE company_id = $1 AND contract_id = $2 AND email_key = $4`,
      [companyId, signatory.contract_id, now, signatory.email_key],
    );
  }

  /** Whether a signature on the signing page must come with a card: the contract requires one and none was given yet. */
  static needsCard(c: Pick<ContractEntity, 'requires_payment_method' | 'payment_method_id'>): boolean {
    return c.requires_payment_method && c.payment_method_id === null;
  }

  /**
   * A signature from the hosted page: the same locked write and the same execution as #16.
   * Never throws for a state the page shows (already signed, closed contract). A contract that
   * needs a card takes `card` in the same transaction, before the signature counts: the card is
   * attached to the customer (payments) and kept on the contract; the subscription the contract
   * starts is charged to it. The billing `address` (asked when the options require one) is
   * saved on the customer in the same transaction. A failure anywhere (the subscription cannot
   * start) rolls the card and the address back with the signature.
   */
  async signWithToken(
    companyId: string,
    token: string,
    signedName: string,
    shownTerms: string,
    card: SandboxToken | null = null,
    address: Record<string, string> | null = null,
  ): Promise<SignOutcome> {
    const found = await this.signatoryByToken(companyId, token);
    if (!found) return 'not_found';
    return this.write(companyId, found.contract_id, async (m, c, current, now): Promise<SignOutcome> => {
      const me = current.find((s) => s.email_key === found.email_key && samePageHash(s.signing_hash, found.signing_hash));
      if (!me) return 'not_found';
      if (me.signed) return 'already_signed';
      if (!isOpen(effectiveStatus(c, now))) return 'closed';
      // the page the signatory agreed to must show the terms as they are now
      const terms = await this.termsDigest(m, c);
      if (shownTerms !== terms) return 'terms_changed';
      if (ContractsService.needsCard(c) && !card) return 'card_required';
      // the billing address the page asked for (`options.requires_customer_address`), with the signature
      if (address) await this.customerDetails.setAddress(m, companyId, c.customer_id, address, now);
      if (card && ContractsService.needsCard(c)) {
        // lock order: the contract (held), then the customer the card is attached to
        const method = await this.paymentMethods.attachWithin(m, companyId, c.customer_id, card);
        await this.contracts.with(m).update(companyId, { id: c.id }, { payment_method_id: method.id, updated_at: now });
      }
      const repo = this.signatories.with(m);
      await repo.update(
        companyId,
        { contract_id: c.id, email_key: me.email_key },
        {
          signed: true,
          signed_date: now,
          signed_name: signedName,
          declined: false,
          signature_id: me.signature_id ?? newSignatureId(),
          terms_digest: terms,
          updated_at: now,
        },
      );
      await this.contracts.with(m).update(companyId, { id: c.id }, { updated_at: now });
      return 'signed';
    });
  }

  // ---------------------------------------------------------------- internals

  /**
   * One locked write: the contract row FOR UPDATE, its signatories read inside the lock, the
   * work, then — still inside the lock — the transition to EXECUTED (and the subscription) when
   * every signatory has signed. Every signature goes through here: a signatory who had not
   * signed before and has now is `contract.signed`, the transition `contract.executed`.
   */
  private async write<R>(
    companyId: string,
    id: string,
    work: (m: EntityManager, c: ContractEntity, signatories: ContractSignatoryEntity[], now: Date) => Promise<R>,
  ): Promise<R> {
    return this.dataSource.transaction(async (m) => {
      const c = await this.contracts.with(m).findOneForUpdate(companyId, { id });
      if (!c) throw DomainError.notFound('contract');
      const now = this.clock.now();
      const before = await this.loadSignatories(m, companyId, id);
      const signedBefore = new Set(before.filter((s) => s.signed).map((s) => s.email_key));
      const result = await work(m, c, before, now);
      const executed = (await this.executeIfSigned(m, companyId, id, now)) !== null;
      const after = await this.loadSignatories(m, companyId, id);
      if (after.some((s) => s.signed && !signedBefore.has(s.email_key))) this.events.later(m, companyId, 'contract.signed', id);
      if (executed) this.events.later(m, companyId, 'contract.executed', id);
      // signature requests and reminders follow every change (notifications module)
      await this.hooks.get('campaigns').contractChanged(m, companyId, id, now);
      return result;
    });
  }

  /** The digest of a contract's current terms, its prices read in `m`. */
  async termsDigest(m: EntityManager, c: ContractEntity): Promise<string> {
    return contractTermsDigest(c, await this.plan.load(m, c.company_id, termPricingIds(c)));
  }

  private loadSignatories(m: EntityManager, companyId: string, contractId: string): Promise<ContractSignatoryEntity[]> {
    return this.signatories.with(m).find(companyId, { where: { contract_id: contractId }, order: { sort_index: 'ASC' } });
  }

  /**
   * Inside the lock: an open contract whose signatories have all signed becomes EXECUTED.
   * The plan and the customer are checked first, so a subscription that could not start
   * turns the signature away instead of executing. Returns the status it left, or null.
   */
  private async executeIfSigned(m: EntityManager, companyId: string, id: string, now: Date): Promise<ContractStatus | null> {
    const c = await this.contracts.with(m).findOne(companyId, { id });
    if (!c || !isOpen(effectiveStatus(c, now))) return null;
    const signatories = await this.loadSignatories(m, companyId, id);
    if (signatories.length === 0 || !signatories.every((s) => s.signed)) return null;
    // every signature must bind the current terms; one given on other terms is undone instead
    const terms = await this.termsDigest(m, c);
    const stale = signatories.filter((s) => s.terms_digest !== terms);
    if (stale.length) {
      const staleKeys = In(stale.map((s) => s.email_key));
      await this.signatories.with(m).update(companyId, { contract_id: id, email_key: staleKeys }, { ...UNSIGNED, updated_at: now });
      return null;
    }
    // The subscription starts in this same locked transaction: exactly once, and a contract whose
    // subscription cannot start (customer archived, plan gone) turns the last signature away.
    const subscriptionId = await this.createSubscription.within(m, companyId, subscriptionRequest(c, now));
    await this.contracts
      .with(m)
      .update(
        companyId,
        { id, status: c.status },
        { status: 'EXECUTED', completed_date: now, subscription_id: subscriptionId, updated_at: now },
      );
    return c.status;
  }
}
