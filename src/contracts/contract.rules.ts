/**
 * Pure rules of contracts: derived status, allowed status changes, the signatory list and the
 * stored discounts / one-time items, and the subscription request a contract turns into.
 */
import { randomBytes } from 'node:crypto';
import { companyOfPageSecret } from '../platform/hosted-pages/page-secrets';
import { DomainError } from '../platform/errors/domain-error';
import { digestOf } from '../platform/digest';
import { normaliseOneTimeItems } from '../catalog/one-time-items';
import type { CreateSubscriptionDto, DiscountInputDto, OnetimeItemDto } from '../subscriptions/dto/subscription.dto';
import type { PlanCatalogData } from '../subscriptions/plan-catalog';
import { parseStoredDiscounts } from '../subscriptions/discounts';
import { ContractEntity, ContractStatus, OPEN_STATUSES } from './contract.entity';
import type { ContractTemplateEntity, TemplateVariable } from './contract-template.entity';
import { CompletionOptionsDto, completionOptions } from '../platform/hosted-pages/completion-options';

export function parseDate(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw DomainError.invalidField(field, 'must be an ISO 8601 date-time');
  return d;
}

export const isOpen = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status);

/** The status as of `now`: an open contract whose expiration_date has passed reads EXPIRED. */
export function effectiveStatus(c: Pick<ContractEntity, 'status' | 'expiration_date'>, now: Date): ContractStatus {
  if (isOpen(c.status) && c.expiration_date !== null && c.expiration_date.getTime() <= now.getTime()) return 'EXPIRED';
  return c.status;
}

/** The same rule in SQL (alias `k`, parameter `:now`), for the status filters. */
export const STATUS_SQL = `(CASE WHEN k.status IN ('DRAFT', 'PENDING_SIGNATURES') AND k.expiration_date IS NOT NULL AND k.expiration_date <= CAST(:now AS timestamptz) THEN 'EXPIRED' ELSE k.status END)`;

/** DRAFT → PENDING_SIGNATURES, DRAFT | PENDING_SIGNATURES → VOID; the same status is a no-op. */
export function checkStatusChange(from: ContractStatus, to: ContractStatus): void {
  if (from === to) return;
  if (to === 'VOID' && isOpen(from)) return;
  if (from === 'DRAFT' && to === 'PENDING_SIGNATURES') return;
  throw DomainError.invalidState(`the status of a contract cannot change from ${from} to ${to}`);
}

/** E-mail addresses are compared case-insensitively; each appears once in the list. */
export function checkSignatoryEmails(list: { email: string; signed?: boolean | null; declined?: boolean | null }[]): string[] {
  const seen = new Map<string, number>();
  return list.map((s, i) => {
    const key = s.email.trim().toLowerCase();
    if (seen.has(key)) throw DomainError.invalidField(`signatories[${i}].email`, `is listed twice (also signatories[${seen.get(key)}])`);
    seen.set(key, i);
    if (s.signed === true && s.declined === true)
      throw DomainError.invalidField(`signatories[${i}].declined`, 'cannot be true together with signed');
    return key;
  });
}

/** The record id a signatory's signing link is derived from (platform/hosted-pages/page-secrets.ts). */
export const signingRecordId = (s: { contract_id: string; email_key: string }): string => `${s.contract_id}:${s.email_key}`;
export const companyOfSigningToken = (token: string): string | null => companyOfPageSecret(token);

export function newSignatureId(): string {
  return `sig_${randomBytes(16).toString('hex')}`;
}

// ------------------------------------------------------------------ templates

/** The {{name}} placeholders of a text, in order of first appearance (the names the signing page fills). */
export function placeholdersOf(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g)) if (!names.includes(m[1])) names.push(m[1]);
  return names;
}

/** A template's variables as stored: names unique, every placeholder of the content declared. */
export function checkTemplateVariables(
  content: string,
  variables: { name: string; description?: string | null; default_value?: string | null }[],
): TemplateVariable[] {
  const seen = new Map<string, number>();
  variables.forEach((v, i) => {
    if (seen.has(v.name)) throw DomainError.invalidField(`variables[${i}].name`, `is declared twice (also variables[${seen.get(v.name)}])`);
    seen.set(v.name, i);
  });
  const undeclared = placeholdersOf(content).filter((n) => !seen.has(n));
  if (undeclared.length > 0) {
    throw DomainError.invalidField(
      'content',
      `uses undeclared variables (${undeclared.map((n) => `{{${n}}}`).join(', ')}): declare them in variables`,
    );
  }
  return variables.map((v) => ({ name: v.name, description: v.description ?? null, default_value: v.default_value ?? null }));
}

/**
 * The custom_variables of a contract made from a template: the ones given, then the template's
 * defaults for those left out; a variable without default that is not given is a 400.
 */
export function templateCustomVariables(
  template: Pick<ContractTemplateEntity, 'variables'>,
  given: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(given ?? {}) };
  for (const v of template.variables) {
    if (out[v.name] !== undefined && out[v.name] !== null) continue;
    if (v.default_value === null)
      throw DomainError.invalidField(`custom_variables.${v.name}`, 'is required by the template (it has no default)');
    out[v.name] = v.default_value;
  }
  return out;
}

/** Options as stored (null when none were given): see completionOptions. */
export function contractOptions(o: CompletionOptionsDto | null | undefined): Record<string, unknown> | null {
  return o ? completionOptions(o) : null;
}

// ------------------------------------------------------------------ discounts, one-time items

/** One-time items as stored; `pricings` are the ones named by the items (already read, in the company). */
export function normaliseOnetimeItems(
  inputs: OnetimeItemDto[] | null | undefined,
  currency: string,
  pricings: Map<string, { currency: string }>,
): Record<string, unknown>[] {
  return normaliseOneTimeItems(inputs, currency, pricings, 'contract') as unknown as Record<string, unknown>[];
}

/** The create-subscription request of a contract executed at `executedAt`: its plan, settings and start date. */
export function subscriptionRequest(c: ContractEntity, executedAt: Date): CreateSubscriptionDto {
  const plan = c.bundle_pricing_id ? { bundle_pricing_id: c.bundle_pricing_id } : { product_pricing_ids: c.product_pricing_ids };
  return {
    customer_id: c.customer_id,
    ...plan,
    config_items: c.config_items.map((ci) => ({
      product_metric_pricing_id: ci.product_metric_pricing_id,
      product_pricing_id: ci.product_pricing_id,
      num_licenses: ci.num_licenses,
      minimum_units: ci.minimum_units,
      quantity_config: ci.quantity_config,
      hide_at_checkout: ci.hide_at_checkout,
      sort_order: ci.sort_order,
      upsell_product_metric_pricing_id: ci.upsell_product_metric_pricing_id,
    })),
    term: { count: c.term_count, frequency: c.term_frequency },
    start_date: (c.start_date ?? executedAt).toISOString(),
    auto_renews: c.auto_renews,
    // the card given on the signing page is there to be charged: the subscription charges it automatically
    auto_charges: c.auto_charges || c.payment_method_id != null,
    ...(c.payment_method_id != null ? { payment_method_id: c.payment_method_id } : {}),
    discounts: parseStoredDiscounts(c.discounts).map((d): DiscountInputDto => ({
      id: d.id,
      name: String(d.name),
      type: d.type,
      amount: d.amount,
      cap: d.cap,
      percent: typeof d.percent === 'number' ? d.percent : null,
      expiration_date: d.expiration_date,
      product_pricing_id: d.product_pricing_id,
      coupon_id: d.coupon_id,
      customer_id: d.customer_id,
      item_pricing_id: d.item_pricing_id,
      onetime_billable_id: d.onetime_billable_id,
      product_id: d.product_id,
      proposal_id: d.proposal_id,
      import_created_at_ref: d.import_created_at_ref,
      import_ref: d.import_ref,
      imported_from: d.imported_from,
      state: d.state,
    })),
    onetime_items: c.onetime_items as unknown as OnetimeItemDto[],
    ...(c.trial && c.trial_term ? { trial: true, trial_term: { count: c.trial_term.count, frequency: c.trial_term.frequency } } : {}),
    metadata: { ...c.metadata, contract_id: c.id },
  };
}

// ------------------------------------------------------------------ the terms a signature binds

/** The pricings whose prices are part of a contract's terms: its plan and its one-time items. */
export function termPricingIds(c: Pick<ContractEntity, 'product_pricing_ids' | 'onetime_items'>): string[] {
  const onetime = c.onetime_items.map((o) => o.product_pricing_id).filter((x): x is string => typeof x === 'string');
  return [...new Set([...c.product_pricing_ids, ...onetime])];
}

/**
 * The term-bearing fields of a contract — what a signatory agrees to: who is billed, the plan
 * (pricings, bundle, quantities), the prices of those pricings as the catalog holds them now,
 * term, start date, renewal and auto-charge, discounts, one-time items, the text and its
 * variables. Not terms: title, metadata, owner, expiration_date (how long the offer stays open),
 * status and the signatory list itself. `data` holds the catalog rows of termPricingIds(c).
 */
export function contractTerms(c: ContractEntity, data: PlanCatalogData): Record<string, unknown> {
  return {
    customer_id: c.customer_id,
    currency: c.currency,
    product_pricing_ids: c.product_pricing_ids,
    bundle_pricing_id: c.bundle_pricing_id,
    config_items: c.config_items.map((ci) => ({
      product_metric_pricing_id: ci.product_metric_pricing_id,
      product_pricing_id: ci.product_pricing_id,
      num_licenses: ci.num_licenses,
      minimum_units: ci.minimum_units,
    })),
    term: { count: c.term_count, frequency: c.term_frequency },
    start_date: c.start_date ? c.start_date.toISOString() : null,
    auto_renews: c.auto_renews,
    auto_charges: c.auto_charges,
    discounts: c.discounts ?? [],
    onetime_items: c.onetime_items ?? [],
    content: c.content,
    custom_variables: c.custom_variables ?? {},
    // a trial is a term; named only when there is one, so contracts without keep their digest
    ...(c.trial ? { trial: true, trial_term: c.trial_term } : {}),
    prices: termPricingIds(c).map((id) => ({
      product_pricing_id: id,
      currency: data.pricings.get(id)?.currency ?? null,
      prices: (data.pmpsByPricing.get(id) ?? []).map((p) => ({ product_metric_pricing_id: p.pmp.id, licence: p.licence, shape: p.shape })),
    })),
  };
}

/** `sha256:<hex>` of the canonical JSON of contractTerms: what each signature stores and execution compares. */
export function contractTermsDigest(c: ContractEntity, data: PlanCatalogData): string {
  return digestOf(contractTerms(c, data));
}
