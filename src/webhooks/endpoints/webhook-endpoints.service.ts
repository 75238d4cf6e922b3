import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../platform/clock/clock';
import { TALLY_CONFIG, TallyConfig } from '../../platform/config/config';
import { DomainError } from '../../platform/errors/domain-error';
import { isId, newId } from '../../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../../platform/search/search';
import { UnitOfWork } from '../../platform/tenancy/scoped.repository';
import { WebhookEventsService } from '../events/webhook-events.service';
import { WebhookDeliveriesRepository, WebhookEndpointsRepository } from '../webhooks.repository';
import { WebhooksViews } from '../webhooks.views';
import {
  blockedAddressReason,
  endpointUrlProblem,
  isAllowedHost,
  isPrivateAddress,
  newSigningSecret,
  normalizeHost,
  PREVIOUS_SECRET_MS,
} from '../delivery/delivery.rules';
import { DeliveryWorker } from '../delivery/delivery-worker.service';
import type { WebhookDeliveryEntity } from '../delivery/webhook-delivery.entity';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import type { CreateWebhookDto, FindWebhookDeliveriesDto, FindWebhooksDto, UpdateWebhookDto } from '../dto/webhook.dto';

const ENDPOINT_SEARCH: SearchSpec = {
  alias: 'w',
  sortKeys: baseSortKeys('w'),
  filters: {
    status: { kind: 'exact', column: 'w.status' },
    search: { kind: 'search', columns: ['w.url', 'w.description'] },
  },
};

const DELIVERY_SEARCH: SearchSpec = {
  alias: 'd',
  sortKeys: baseSortKeys('d'),
  filters: {
    status: { kind: 'exact', column: 'd.status' },
    event_type: { kind: 'exact', column: 'd.event_type' },
    event_id: { kind: 'exact', column: 'd.event_id' },
  },
};

/**
 * Endpoints a company may have. Each endpoint multiplies every event into a delivery, and the
 * delivery worker's share of a company is bounded per company, so more endpoints would only
 * queue behind each other; 16 leaves room for a receiver per environment and per service.
 */
export const MAX_ENDPOINTS_PER_COMPANY = 16;

/** The company's webhook endpoints, their test events and their deliveries. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly events: WebhookEventsService,
    private readonly worker: DeliveryWorker,
    private readonly views: WebhooksViews,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(TALLY_CONFIG) private readonly config: TallyConfig,
  ) {}

  /**
   * A new endpoint, unless the company has MAX_ENDPOINTS_PER_COMPANY already (409
   * `webhook_limit_reached`). The count and the insert run under a transaction lock per company,
   * so concurrent creates cannot pass the cap together.
   */
  async create(companyId: string, dto: CreateWebhookDto): Promise<WebhookEndpointEntity> {
    await this.checkUrl(dto.url);
    return this.uow.run(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('webhook-endpoints:' || $1))`, [companyId]);
      const repo = this.endpoints.with(m);
      if ((await repo.count(companyId)) >= MAX_ENDPOINTS_PER_COMPANY) {
        throw DomainError.conflict(
          'webhook_limit_reached',
          `a company has at most ${MAX_ENDPOINTS_PER_COMPANY} webhook endpoints (DISABLED ones included): delete one first`,
        );
      }
      return this.insertEndpoint(repo, companyId, dto);
    });
  }

  private async insertEndpoint(repo: WebhookEndpointsRepository, companyId: string, dto: CreateWebhookDto): Promise<WebhookEndpointEntity> {
    const now = this.clock.now();
    const row: Omit<WebhookEndpointEntity, 'company_id'> = {
      id: newId('webhook'),
      url: dto.url,
      event_types: [...new Set(dto.event_types ?? [])],
      description: dto.description ?? null,
      status: 'ENABLED',
      secret: newSigningSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    };
    await repo.insert(companyId, row);
    return { ...row, company_id: companyId };
  }

  async get(companyId: string, id: string): Promise<WebhookEndpointEntity> {
    if (!isId('webhook', id)) throw DomainError.notFound('webhook');
    return this.endpoints.findOneOrFail(companyId, { id }, () => DomainError.notFound('webhook'));
  }

  find(companyId: string, body: FindWebhooksDto): Promise<SearchPage<WebhookEndpointEntity>> {
    return runSearch(this.endpoints.queryBuilder(companyId, 'w'), body, ENDPOINT_SEARCH);
  }

  async update(companyId: string, id: string, dto: UpdateWebhookDto): Promise<WebhookEndpointEntity> {
    const current = await this.get(companyId, id);
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    const patch: Partial<WebhookEndpointEntity> = { updated_at: this.clock.now() };
    if (dto.url !== undefined) patch.url = dto.url;
    if (dto.event_types !== undefined) patch.event_types = [...new Set(dto.event_types ?? [])];
    if (dto.description !== undefined) patch.description = dto.description;
    if (dto.status !== undefined) patch.status = dto.status;
    await this.endpoints.update(companyId, { id }, patch);
    return { ...current, ...patch };
  }

  /** Deletes the endpoint and its deliveries (pending ones are never sent); answers it as it was. */
  async remove(companyId: string, id: string): Promise<WebhookEndpointEntity> {
    const current = await this.get(companyId, id);
    await this.endpoints.delete(companyId, { id });
    return current;
  }

  /** A new secret; the previous one keeps signing (alongside) for 24 hours. */
  async rotateSecret(companyId: string, id: string): Promise<WebhookEndpointEntity> {
    return this.uow.run(async (m) => {
      const repo = this.endpoints.with(m);
      const current = await repo.findOneForUpdate(companyId, { id: this.checkedId(id) });
      if (!current) throw DomainError.notFound('webhook');
      const now = this.clock.now();
      const patch: Partial<WebhookEndpointEntity> = {
        secret: newSigningSecret(),
        previous_secret: current.secret,
        previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_MS),
        updated_at: now,
      };
      await repo.update(companyId, { id }, patch);
      return { ...current, ...patch };
    });
  }

  /** Records a `webhook.test` event whose object is the endpoint; only this endpoint gets it. */
  async sendTest(companyId: string, id: string): Promise<WebhookDeliveryEntity> {
    return this.uow.run(async (m) => {
      const endpoint = await this.endpoints.with(m).findOne(companyId, { id: this.checkedId(id) });
      if (!endpoint) throw DomainError.notFound('webhook');
      if (endpoint.status !== 'ENABLED')
        throw DomainError.invalidState('the webhook is DISABLED: it receives nothing, test events included');
      const event = await this.events.record(m, companyId, 'webhook.test', this.views.webhookView(endpoint));
      const delivery = await this.deliveries.with(m).findOne(companyId, { endpoint_id: endpoint.id, event_id: event.id });
      if (!delivery) throw new Error('the test event was not planned for its endpoint');
      return delivery;
    });
  }

  async findDeliveries(companyId: string, id: string, body: FindWebhookDeliveriesDto): Promise<SearchPage<WebhookDeliveryEntity>> {
    const endpoint = await this.get(companyId, id);
    const qb = this.deliveries.queryBuilder(companyId, 'd').andWhere('d.endpoint_id = :endpointId', { endpointId: endpoint.id });
    return runSearch(qb, body, DELIVERY_SEARCH);
  }

  /** Makes the next attempt due now (also for a SUCCEEDED or FAILED delivery); 409 while an attempt is in flight. */
  async retryDelivery(companyId: string, id: string, deliveryId: string): Promise<WebhookDeliveryEntity> {
    const endpointId = this.checkedId(id);
    if (!isId('webhookDelivery', deliveryId)) throw DomainError.notFound('webhook delivery');
    return this.uow.run(async (m) => {
      const repo = this.deliveries.with(m);
      const current = await repo.findOneForUpdate(companyId, { id: deliveryId, endpoint_id: endpointId });
      if (!current) throw DomainError.notFound('webhook delivery');
      const now = this.clock.now();
      if (current.lease_until && current.lease_until.getTime() > now.getTime()) {
        throw DomainError.conflict('delivery_in_flight', 'an attempt of this delivery is being made; retry once it has ended');
      }
      const endpoint = await this.endpoints.with(m).findOne(companyId, { id: endpointId });
      if (endpoint?.status !== 'ENABLED') throw DomainError.invalidState('the webhook is DISABLED: enable it before retrying');
      const patch: Partial<WebhookDeliveryEntity> = { status: 'PENDING', next_attempt_at: now, lease_until: null, updated_at: now };
      await repo.update(companyId, { id: deliveryId }, patch);
      this.worker.runAfterCommit(m);
      return { ...current, ...patch };
    });
  }

  private checkedId(id: string): string {
    if (!isId('webhook', id)) throw DomainError.notFound('webhook');
    return id;
  }

  /**
   * The URL's form, then (unless the host is in TALLY_WEBHOOK_ALLOWED_HOSTS, or on the embedded
   * database) its host: a literal address, or every address the name resolves to now, must not
   * be blocked. A name that does not resolve (yet) is accepted: each attempt checks the address
   * it connects to anyway, so this is an early answer, not the guard.
   */
  private async checkUrl(url: string): Promise<void> {
    const problem = endpointUrlProblem(url);
    if (problem) throw DomainError.invalidField('url', problem);
    if (!this.config.webhookBlockPrivate) return;
    const host = normalizeHost(new URL(url).hostname);
    if (isAllowedHost(host, this.config.webhookAllowedHosts)) return;
    const refuse = (address: string) => DomainError.invalidField('url', `must not reach ${blockedAddressReason(host, address)}`);
    if (isIP(host) !== 0) {
      if (isPrivateAddress(host)) throw refuse(host);
      return;
    }
    if (host === 'localhost' || host.endsWith('.localhost')) throw refuse('127.0.0.1');
    let addresses: LookupAddress[];
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return;
    }
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) throw refuse(bad.address);
  }
}
