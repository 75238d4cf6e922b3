import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { crossCompany } from '../../platform/database/cross-company';
import { AutoChargeService } from '../../payments/auto-charge.service';
import { CancelSubscriptionUseCase } from '../../subscriptions/cancel-subscription.use-case';
import { DomainError } from '../../platform/errors/domain-error';
import type { PostRunStep } from '../../invoicing/invoicing.hooks';
import { CampaignEntity, CampaignStepEntity } from './campaign.entity';
import { CampaignsRepository, CampaignStepsRepository } from './campaigns.repository';
import { CampaignStarter } from './campaign-starter.service';
import { CampaignActions, StepResult } from './campaign-actions.service';

/** How long a step whose action commits on its own (a cancellation) is held before another runner takes it over. */
const STEP_LEASE_MS = 5 * 60_000;
/** Passes of one run at most (each pass runs the next due step of every campaign, then the charges they queued). */
const MAX_PASSES = 50;

export interface CampaignRunSummary {
  campaigns_started: number;
  steps_run: number;
  campaigns_stopped: number;
  errors: number;
}

type NextOutcome =
  | { kind: 'ran'; retry: boolean }
  | { kind: 'cancel'; step: CampaignStepEntity; subscriptionId: string; takenOver: boolean }
  | { kind: 'waiting' | 'stopped' | 'skipped' };

/**
 * Runs the campaigns' steps due at an instant: the billing run's last post-run step (after the
 * charges, so a retry's outcome is known), hence on the scheduler and at `billing run --now T`.
 *
 * Exactly once: a campaign's next step runs in one transaction that holds the campaign's row
 * (`FOR UPDATE SKIP LOCKED`: a runner on another instance skips it) and re-reads the step as
 * PENDING; its action (a message queued in the notifications outbox, a charge queued in the
 * charge outbox, the unpaid flag) commits with the step's COMPLETED. A cancellation commits on
 * its own: the step is RUNNING with a lease first, then the subscription is cancelled, then the
 * step COMPLETED; a runner that finds it RUNNING past its lease cancels again, which a cancelled
 * subscription answers as done. Steps run in order: a step waits while a charge of the invoice
 * is queued or under way, and a paid or voided invoice stops the campaign.
 */
@Injectable()
export class CampaignRunner {
  private readonly logger = new Logger('Campaigns');

  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: CampaignsRepository,
    private readonly steps: CampaignStepsRepository,
    private readonly starter: CampaignStarter,
    private readonly actions: CampaignActions,
    private readonly autoCharge: AutoChargeService,
    private readonly cancellations: CancelSubscriptionUseCase,
  ) {}

  readonly postRunStep: PostRunStep = {
    name: 'notifications: campaign steps',
    order: 200,
    run: (at, options) => this.runDue(at, options).then((s) => ({ ...s })),
  };

  async runDue(at: Date, options: { companyIds?: string[] } = {}): Promise<CampaignRunSummary> {
    const summary: CampaignRunSummary = { campaigns_started: 0, steps_run: 0, campaigns_stopped: 0, errors: 0 };
    if (options.companyIds?.length === 0) return summary;
    summary.campaigns_started = await this.starter.startPastDue(at, options);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const due: { company_id: string; campaign_id: string }[] = await this.dataSource.query(
        `${crossCompany('campaign-steps')}SELECT DISTINCT company_id, campaign_id FROM campaign_steps
          WHERE ((status = 'PENDING' AND due_at <= $1) OR (status = 'RUNNING' AND lease_until <= $1))
                ${options.companyIds ? 'AND company_id = ANY($2)' : ''}
          ORDER BY company_id, campaign_id`,
        options.companyIds ? [at, options.companyIds] : [at],
      );
      let progressed = false;
      const charged = new Set<string>();
      for (const d of due) {
        try {
          const outcome = await this.runNext(d.company_id, d.campaign_id, at);
          if (outcome.kind === 'ran') {
            summary.steps_run++;
            progressed = true;
            if (outcome.retry) charged.add(d.company_id);
          } else if (outcome.kind === 'stopped') {
            summary.campaigns_stopped++;
            progressed = true;
          }
        } catch (err) {
          summary.errors++;
          this.logger.error(`campaign ${d.company_id}/${d.campaign_id}: ${(err as Error).message}`);
        }
      }
      // the retries just queued are charged now, so the next pass sees their outcome
      if (charged.size) await this.autoCharge.dispatchDue(at, { companyIds: [...charged] });
      if (!progressed) break;
    }
    return summary;
  }

  /** Runs the campaign's next step when it is due (a cancellation in its three commits). */
  async runNext(companyId: string, campaignId: string, at: Date): Promise<Exclude<NextOutcome, { kind: 'cancel' }>> {
    const outcome = await this.dataSource.transaction((m) => this.next(m, companyId, campaignId, at));
    if (outcome.kind !== 'cancel') return outcome;
    let note: string | null = null;
    try {
      await this.cancellations.cancel(companyId, outcome.subscriptionId, {
        custom_end_date: at.toISOString(),
        refund_type: 'NONE',
        reason: 'Cancelled by the dunning campaign: the invoice stayed unpaid.',
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err; // the step stays RUNNING: its lease passes, it is tried again
      note = `not cancelled: ${err.message}`;
    }
    // a step taken over after a crash finds the subscription cancelled by its first run: done all the same
    const status = note && !outcome.takenOver ? 'SKIPPED' : 'COMPLETED';
    await this.dataSource.transaction((m) => this.finish(m, companyId, outcome.step, at, { status, note }));
    return { kind: 'ran', retry: false };
  }

  private async next(m: EntityManager, companyId: string, campaignId: string, at: Date): Promise<NextOutcome> {
    const plain = await this.campaigns.with(m).findOne(companyId, { id: campaignId });
    if (!plain || plain.status !== 'ACTIVE') return { kind: 'skipped' };
    // the invoice first, then the campaign: the order a payment takes (ledger lock, then its event stops the campaign)
    const ctx = await this.actions.lockSubject(m, plain);
    const [campaign]: CampaignEntity[] = await m
      .createQueryBuilder(CampaignEntity, 'c')
      .where('c.company_id = :companyId AND c.id = :campaignId', { companyId, campaignId })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    if (!campaign || campaign.status !== 'ACTIVE') return { kind: 'skipped' };
    const step = (
      await this.steps.with(m).find(companyId, {
        where: [
          { campaign_id: campaignId, status: 'PENDING' },
          { campaign_id: campaignId, status: 'RUNNING' },
        ],
        order: { step_number: 'ASC' },
        take: 1,
      })
    )[0];
    if (!step) return { kind: 'skipped' };
    const due = step.status === 'PENDING' ? step.due_at <= at : (step.lease_until ?? at) <= at;
    if (!due) return { kind: 'waiting' };
    const check = await this.actions.check(m, campaign, ctx, at);
    if (check === 'stop') return { kind: 'stopped' };
    if (check === 'wait') return { kind: 'waiting' };
    const result: StepResult = await this.actions.run(m, campaign, step, ctx, at);
    if (result.cancelSubscription) {
      const lease = new Date(at.getTime() + STEP_LEASE_MS);
      await this.steps
        .with(m)
        .update(companyId, { id: step.id }, { status: 'RUNNING', lease_until: lease, enqueued_at: step.enqueued_at ?? at, updated_at: at });
      const takenOver = step.status === 'RUNNING';
      return { kind: 'cancel', step: { ...step, status: 'RUNNING' }, subscriptionId: result.cancelSubscription, takenOver };
    }
    await this.finish(m, companyId, step, at, result);
    return { kind: 'ran', retry: result.payment_attempt_id != null };
  }

  /** Writes a step's outcome; after the last step the campaign is COMPLETED. */
  private async finish(m: EntityManager, companyId: string, step: CampaignStepEntity, at: Date, result: StepResult): Promise<void> {
    const changed = await this.steps.with(m).update(
      companyId,
      { id: step.id, status: step.status },
      {
        status: result.status,
        note: result.note ?? null,
        notification_id: result.notification_id ?? null,
        payment_attempt_id: result.payment_attempt_id ?? null,
        lease_until: null,
        enqueued_at: step.enqueued_at ?? at,
        completed_at: at,
        updated_at: at,
      },
    );
    if (changed === 0) return;
    const left = await this.steps.with(m).count(companyId, { campaign_id: step.campaign_id, status: 'PENDING' });
    await this.campaigns
      .with(m)
      .update(
        companyId,
        { id: step.campaign_id, status: 'ACTIVE' },
        { ...(left === 0 ? { status: 'COMPLETED' as const } : {}), updated_at: at },
      );
  }
}
