import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, WhereExpressionBuilder } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { CustomerEntity } from './customer.entity';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersRepository } from './customers.repository';
import { WebhookEventsService } from '../webhooks/events/webhook-events.service';
import { TaxesService } from '../taxes/taxes.service';
import type { AddressDto, ChildRollupBillingConfigDto, CreateCustomerDto, FindCustomersDto, UpdateCustomerDto } from './dto/customer.dto';

const SEARCH: SearchSpec = {
  alias: 'c',
  sortKeys: baseSortKeys('c'),
  filters: {
    email: { kind: 'ci_exact', column: 'c.email' },
    identifier: { kind: 'exact', column: 'c.identifier' },
    name: { kind: 'exact', column: 'c.name' },
    org_name: { kind: 'exact', column: 'c.org_name' },
    parent_customer_id: { kind: 'exact', column: 'c.parent_customer_id' },
    // has_parent: true → parent IS NOT NULL, false → IS NULL
    has_parent: { kind: 'is_null', column: 'c.parent_customer_id', whenTrue: false },
    owner_id: { kind: 'exact', column: 'c.owner_id' },
    status: { kind: 'ci_exact', column: 'c.status' },
    statuses: { kind: 'in', column: 'c.status' },
    search: { kind: 'search', columns: ['c.name', 'c.email', 'c.identifier', 'c.org_name'] },
    mrr: { kind: 'range', column: 'c.mrr_in_cents' },
    arr: { kind: 'range', column: 'c.arr_in_cents' },
    exclude_from_metrics: { kind: 'bool', column: 'c.exclude_from_metrics' },
    managed_externally: { kind: 'bool', column: 'c.managed_externally' },
    metadata: { kind: 'custom', apply: (qb, v: { condition: 'AND' | 'OR'; values: string[] }, p) => metadataFilter(qb, v, p) },
    owner_ids: { kind: 'set', column: 'c.owner_id', array: false },
    phone: { kind: 'exact', column: 'c.phone' },
    tags: { kind: 'set', column: 'c.tags', array: true },
    title: { kind: 'exact', column: 'c.title' },
  },
};

/**
 * `metadata: {condition, values}`: a value `key=value` matches when `metadata ->> key` is that
 * text, a bare `key` when the metadata has the key; AND needs every value, OR one.
 */
function metadataFilter(qb: WhereExpressionBuilder, filter: { condition: 'AND' | 'OR'; values: string[] }, p: string): void {
  const params: Record<string, string> = {};
  const conditions = filter.values.map((raw, i) => {
    const at = raw.indexOf('=');
    const key = at < 0 ? raw : raw.slice(0, at);
    params[`${p}_k${i}`] = key;
    if (at < 0) return `(c.metadata -> CAST(:${p}_k${i} AS text)) IS NOT NULL`;
    params[`${p}_v${i}`] = raw.slice(at + 1);
    return `(c.metadata ->> CAST(:${p}_k${i} AS text)) = CAST(:${p}_v${i} AS text)`;
  });
  qb.andWhere(`(${conditions.join(filter.condition === 'AND' ? ' AND ' : ' OR ')})`, params);
}

type Editable = Omit<
  CustomerEntity,
  | 'company_id'
  | 'id'
  | 'managed_externally'
  | 'customer_integration_metadata'
  | 'integration_references'
  | 'mrr_in_cents'
  | 'arr_in_cents'
  | 'mrr_currency'
  | 'created_at'
  | 'updated_at'
>;

function identifierTaken(identifier: string): DomainError {
  return new DomainError('duplicate_identifier', 'conflict', `a customer with identifier "${identifier}" already exists`, {
    identifier: 'is already used by another customer',
  });
}

function isIdentifierViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = (err as unknown as { driverError?: { code?: string; constraint?: string } }).driverError;
  const code = driver?.code ?? (err as unknown as { code?: string }).code;
  return code === '23505' && (driver?.constraint === undefined || driver.constraint === 'customers_identifier_key');
}

function toAddress(a: AddressDto): Record<string, string | null> {
  return {
    address_line_1: a.address_line_1 ?? null,
    address_line_2: a.address_line_2 ?? null,
    city: a.city ?? null,
    country: a.country ?? null,
    place_id: a.place_id ?? null,
    state: a.state ?? null,
    zip: a.zip ?? null,
  };
}

function toRollupConfig(cfg: ChildRollupBillingConfigDto): Record<string, unknown> {
  const start = cfg.start_date ? new Date(cfg.start_date) : null;
  const end = cfg.end_date ? new Date(cfg.end_date) : null;
  if (start && Number.isNaN(start.getTime()))
    throw DomainError.invalidField('child_rollup_billing_config.start_date', 'must be a valid date-time');
  if (end && Number.isNaN(end.getTime()))
    throw DomainError.invalidField('child_rollup_billing_config.end_date', 'must be a valid date-time');
  if (start && end && end.getTime() <= start.getTime()) {
    throw DomainError.invalidField('child_rollup_billing_config.end_date', 'must be after start_date');
  }
  return {
    frequency: cfg.frequency ?? null,
    start_date: start ? start.toISOString() : null,
    auto_charges: cfg.auto_charges ?? null,
    end_date: end ? end.toISOString() : null,
    invoice_additional_display_fields: cfg.invoice_additional_display_fields
      ? cfg.invoice_additional_display_fields.map((f) => ({ name: f.name, value: f.value }))
      : null,
    invoice_due_date_from_creation: cfg.invoice_due_date_from_creation ?? null,
  };
}

/**
 * Roll-up on (`child_rollup_billing`) needs the dates it falls on: a config with `frequency` and
 * `start_date`, given now or stored before. Checked on the customer as it will be.
 */
export function checkRollup(on: boolean, config: Record<string, unknown> | null): void {
  if (!on) return;
  if (!config || !config.frequency) {
    throw DomainError.invalidField('child_rollup_billing_config.frequency', 'is required when child_rollup_billing is true');
  }
  if (!config.start_date) {
    throw DomainError.invalidField('child_rollup_billing_config.start_date', 'is required when child_rollup_billing is true');
  }
}

/**
 * The editable fields a body sets. `undefined` (absent) leaves a field as it is; `null` clears
 * it, and fields that cannot be empty (status, booleans, metadata) go back to their default.
 */
function editsOf(dto: UpdateCustomerDto): Partial<Editable> {
  const out: Partial<Editable> = {};
  const has = (k: keyof UpdateCustomerDto) => dto[k] !== undefined;
  if (has('address')) out.address = dto.address ? toAddress(dto.address) : null;
  if (has('billing_emails')) out.billing_emails = dto.billing_emails ?? null;
  if (has('child_rollup_billing')) out.child_rollup_billing = dto.child_rollup_billing ?? false;
  if (has('child_rollup_billing_config')) {
    out.child_rollup_billing_config = dto.child_rollup_billing_config ? toRollupConfig(dto.child_rollup_billing_config) : null;
  }
  if (has('email')) out.email = dto.email ?? null;
  if (has('exclude_from_metrics')) out.exclude_from_metrics = dto.exclude_from_metrics ?? false;
  if (has('identifier')) {
    if (isId('customer', dto.identifier)) throw DomainError.invalidField('identifier', 'must not have the shape of a customer id');
    out.identifier = dto.identifier ?? null;
  }
  if (has('locale')) out.locale = dto.locale ?? null;
  if (has('metadata')) out.metadata = dto.metadata ?? {};
  if (has('name')) out.name = dto.name ?? null;
  if (has('org_name')) out.org_name = dto.org_name ?? null;
  if (has('owner_id')) out.owner_id = dto.owner_id ?? null;
  if (has('phone')) out.phone = dto.phone ?? null;
  if (has('status')) out.status = dto.status ?? 'ACTIVE';
  if (has('tags')) out.tags = dto.tags ? [...new Set(dto.tags)] : [];
  if (has('title')) out.title = dto.title ?? null;
  if (has('tax_number')) out.tax_number = dto.tax_number ?? null;
  return out;
}

@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly lookup: CustomerLookupService,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: WebhookEventsService,
    private readonly taxes: TaxesService,
  ) {}

  /** The body's edits, its `override_taxes` resolved to the rates' ids (400 for an unknown rate). */
  private async edits(companyId: string, dto: UpdateCustomerDto): Promise<Partial<Editable>> {
    const out = editsOf(dto);
    const override = await this.taxes.resolveOverride(companyId, dto.override_taxes, 'override_taxes');
    if (override !== undefined) out.override_taxes = override;
    return out;
  }

  async create(companyId: string, dto: CreateCustomerDto): Promise<CustomerEntity> {
    const edits = await this.edits(companyId, dto);
    checkRollup(edits.child_rollup_billing ?? false, edits.child_rollup_billing_config ?? null);
    let parentId: string | null = null;
    if (dto.parent_customer_id) {
      parentId = (await this.lookup.getByIdOrIdentifier(companyId, dto.parent_customer_id, 'parent_customer_id')).id;
    }
    if (edits.identifier && (await this.customers.exists(companyId, { identifier: edits.identifier }))) {
      throw identifierTaken(edits.identifier);
    }
    const now = this.clock.now();
    const row: Omit<CustomerEntity, 'company_id'> = {
      id: newId('customer'),
      identifier: null,
      name: null,
      email: null,
      org_name: null,
      phone: null,
      title: null,
      locale: null,
      owner_id: null,
      status: 'ACTIVE',
      address: null,
      billing_emails: null,
      tags: [],
      child_rollup_billing: false,
      child_rollup_billing_config: null,
      exclude_from_metrics: false,
      metadata: {},
      override_taxes: null,
      tax_number: null,
      ...edits,
      parent_customer_id: parentId,
      managed_externally: dto.managed_externally ?? false,
      customer_integration_metadata: {},
      integration_references: [],
      mrr_in_cents: 0,
      arr_in_cents: 0,
      mrr_currency: 'USD',
      created_at: now,
      updated_at: now,
    };
    try {
      await this.dataSource.transaction(async (m) => {
        await this.customers.with(m).insert(companyId, row); // a concurrent twin fails on the unique key
        this.events.later(m, companyId, 'customer.created', row.id);
      });
    } catch (err) {
      if (edits.identifier && isIdentifierViolation(err)) throw identifierTaken(edits.identifier);
      throw err;
    }
    return { ...row, company_id: companyId };
  }

  /** By id or identifier (path parameter); 404 when not a customer of this company. */
  get(companyId: string, idOrIdentifier: string): Promise<CustomerEntity> {
    return this.lookup.getByIdOrIdentifier(companyId, idOrIdentifier, 'path');
  }

  async update(companyId: string, idOrIdentifier: string, dto: UpdateCustomerDto): Promise<CustomerEntity> {
    const { id } = await this.get(companyId, idOrIdentifier);
    const edits = await this.edits(companyId, dto);
    try {
      return await this.dataSource.transaction(async (m) => {
        const repo = this.customers.with(m);
        // hierarchy lock first, row lock second: the same order in every re-parenting
        if (dto.parent_customer_id) await repo.lockHierarchy(companyId);
        const current = await repo.findOneForUpdate(companyId, { id });
        if (!current) throw DomainError.notFound('customer');
        const patch: Partial<CustomerEntity> = { ...edits };
        const rolled = { ...current, ...patch };
        checkRollup(rolled.child_rollup_billing, rolled.child_rollup_billing_config);

        if (dto.parent_customer_id !== undefined) {
          patch.parent_customer_id =
            dto.parent_customer_id === null ? null : await this.checkedParent(repo, companyId, current.id, dto.parent_customer_id);
        }
        if (edits.identifier && edits.identifier !== current.identifier) {
          const holder = await repo.findOne(companyId, { identifier: edits.identifier });
          if (holder && holder.id !== current.id) throw identifierTaken(edits.identifier);
        }
        patch.updated_at = this.clock.now();
        await repo.update(companyId, { id }, patch);
        this.events.later(m, companyId, 'customer.updated', id);
        return { ...current, ...patch };
      });
    } catch (err) {
      if (edits.identifier && isIdentifierViolation(err)) throw identifierTaken(edits.identifier);
      throw err;
    }
  }

  /**
   * The id of the new parent, after checking it is a customer of this company, not the customer
   * itself, and not one of its descendants (which would close a cycle). The caller holds the
   * hierarchy lock, so no concurrent re-parenting can slip a cycle past this check.
   */
  private async checkedParent(repo: CustomersRepository, companyId: string, customerId: string, parentRef: string): Promise<string> {
    let parent = isId('customer', parentRef) ? await repo.findOne(companyId, { id: parentRef }) : null;
    parent ??= await repo.findOne(companyId, { identifier: parentRef });
    if (!parent) throw DomainError.notFound('customer', 'parent_customer_id');
    if (parent.id === customerId) throw DomainError.invalidField('parent_customer_id', 'cannot be the customer itself');
    const chain = await repo.selfAndAncestorIds(companyId, parent.id);
    if (chain.includes(customerId)) {
      throw DomainError.invalidField('parent_customer_id', 'is a descendant of this customer: the hierarchy would contain a cycle');
    }
    return parent.id;
  }

  /** The company manages the customer again (`managed_externally` false); idempotent. */
  async startManaging(companyId: string, idOrIdentifier: string): Promise<CustomerEntity> {
    const current = await this.get(companyId, idOrIdentifier);
    if (!current.managed_externally) return current;
    const now = this.clock.now();
    const changed = await this.dataSource.transaction(async (m) => {
      const n = await this.customers
        .with(m)
        .update(companyId, { id: current.id, managed_externally: true }, { managed_externally: false, updated_at: now });
      if (n > 0) this.events.later(m, companyId, 'customer.updated', current.id);
      return n;
    });
    if (changed === 0) return this.get(companyId, current.id); // a concurrent call got there first
    return { ...current, managed_externally: false, updated_at: now };
  }

  find(companyId: string, body: FindCustomersDto): Promise<SearchPage<CustomerEntity>> {
    return runSearch(this.customers.queryBuilder(companyId, 'c'), body, SEARCH);
  }
}
