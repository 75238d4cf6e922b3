import { Logger } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import type { Clock } from '../clock/clock';
import { Companies, OutboxClaim, OutboxOptions, OutboxRun, RunPlan, union } from './outbox-options';
import { OutboxSql } from './outbox-sql';

export type { OutboxClaim, OutboxOptions, OutboxRun } from './outbox-options';

/**
 * The delivery loop every outbox of the service runs on (webhook deliveries, e-mail, automatic
 * card charges): rows written in the transaction of the change that causes them, dispatched
 * after it commits.
 *
 * - After commit: `runAfterCommit(m)` asks for a run when the causing transaction commits (a
 *   TypeORM transaction subscriber; a rollback drops it), never awaited, so the request that
 *   caused it neither fails nor waits; `runAfterCommit(m, companyId)`: of that company's rows only
 *   (an owner without a poll: charges). A poll every `pollIntervalMs` on every instance, and one
 *   run at start, find what another instance left (a crash before the attempt, a retry now due).
 * - Claim: the companies with the oldest due rows first (one plain read across companies, within
 *   the platform's OutboxCompanies), then one statement per company for its free share: due rows
 *   `FOR UPDATE SKIP LOCKED` in a CTE (evaluated once), attempt counted, lease set, committed
 *   before anything is sent. A row another worker is claiming is skipped and its lease keeps it
 *   out of every later claim, so across instances one worker makes each attempt; one that dies
 *   holding a lease leaves the row to be taken over once it has passed.
 * - Fair share: at most `maxInFlightPerCompany` attempts of a company in flight per instance
 *   (`maxInFlight` in all); a run claims again whenever an attempt ends or a run is asked for,
 *   never waiting for a whole batch — one company's slow receiver holds only its own places,
 *   and its other rows wait behind its own attempts, not behind another company's. A run whose
 *   due rows wait for places another run of the instance holds waits for them too.
 * Due times and leases follow the platform Clock (tests move it and call `runDue`); an owner
 * whose schedule is an instant of its own (the billing run's `--now`) runs `runDue({ at,
 * companyIds })` or `drain(...)`, the lease then from that instant or the clock's now, whichever
 * is later. An owner whose row keeps an in-progress status between attempts (a charge
 * IN_PROGRESS at the processor) says so in its `due` condition: it is re-taken after its lease.
 */
export class OutboxLoop<R = void> {
  private readonly logger: Logger;
  private readonly sql: OutboxSql<R>;
  /** Transactions that asked for a run when they commit, with the companies they asked for. */
  private readonly pendingRuns = new WeakMap<QueryRunner, Companies>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private running: Promise<number> | null = null;
  /** Companies asked for since the pass in progress began (another pass follows), and that pass's. */
  private requested: Companies | null = null;
  private pass: Companies | null = null;
  /** Attempts in flight on this instance (by company, in all, each one's company); claims whose attempts are yet to start. */
  private readonly busy = new Map<string, number>();
  private inFlight = 0;
  private readonly flights = new Map<Promise<void>, string>();
  private readonly claiming = new Set<Promise<unknown>>();
  /** Drains waiting for places other runs of this instance hold (meanwhile those claim nothing), and runs waiting for a wake-up. */
  private blockedDrains = 0;
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly options: OutboxOptions<R>,
  ) {
    this.logger = new Logger(options.name);
    this.sql = new OutboxSql(dataSource, clock, options);
  }

  /** Listens for the commits that asked for a run (call once, from the owner's onModuleInit). */
  install(): void {
    const listener: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        if (event.queryRunner.isTransactionActive) return; // a savepoint, not the commit
        const asked = this.pendingRuns.get(event.queryRunner);
        if (!asked) return;
        this.pendingRuns.delete(event.queryRunner);
        this.request(asked); // never awaited: the commit does not wait for the delivery
      },
      afterTransactionRollback: (event: TransactionRollbackEvent) => {
        if (!event.queryRunner.isTransactionActive) this.pendingRuns.delete(event.queryRunner);
      },
    };
    this.dataSource.subscribers.push(listener);
  }

  /** Starts the poll and a first run (what an earlier process left); from onApplicationBootstrap. */
  start(): void {
    if (!this.options.enabled || this.options.pollIntervalMs === null) return;
    this.timer = setInterval(() => this.trigger(), this.options.pollIntervalMs);
    this.timer.unref();
    this.trigger();
  }

  /** Stops polling and waits for the attempts in flight; from beforeApplicationShutdown. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.wakeWaiting();
    await this.settle();
  }

  /** Asks for a run once `m`'s transaction commits (now outside one): of `companyId`'s rows, or every company's. */
  runAfterCommit(m: EntityManager, companyId?: string): void {
    if (!this.options.enabled || this.closed) return;
    const asked: Companies = companyId === undefined ? 'every' : new Set([companyId]);
    const runner = m.queryRunner;
    if (runner && runner.isTransactionActive) this.pendingRuns.set(runner, union(this.pendingRuns.get(runner) ?? null, asked));
    else setImmediate(() => this.request(asked));
  }

  /** Starts a run of every company's due rows unless one goes on (then that one looks again when it ends). */
  trigger(): void {
    this.request('every');
  }

  private request(asked: Companies): void {
    if (this.closed || !this.options.enabled) return;
    this.requested = union(this.requested, asked);
    if (this.running) {
      this.pass = union(this.pass, asked); // the pass in progress claims them too, at its next claim
      this.wakeWaiting();
      return;
    }
    this.running = (async () => {
      let total = 0;
      while (this.requested && !this.closed) {
        this.pass = this.requested;
        this.requested = null;
        const companies = () => (this.pass === 'every' || !this.pass ? undefined : [...this.pass]);
        total += await this.run({ at: () => this.clock.now(), companies }).catch((err: Error) => {
          this.logger.warn(`${this.options.name} run failed: ${err.message}`);
          return 0;
        });
      }
      this.pass = null;
      return total;
    })().finally(() => {
      this.running = null;
      // a request between the last pass and here found a run going on: it gets a pass of its own
      const asked = this.requested;
      this.requested = null;
      if (asked) this.request(asked);
    });
  }

  /** Waits for the run in progress (tests; shutdown). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Makes every attempt due now (by the platform clock, or at `run.at`; of `run.companyIds`
   * only when given), within the per-company and total shares: claims, starts the attempts, and
   * claims again whenever one ends or a run is asked for, until nothing more can be claimed and
   * its attempts have ended. Returns the number of attempts made. A company with due rows whose
   * places other runs of this instance hold is waited for (its holder may be at another instant,
   * or a drain that stops at its bound), so no run leaves its rows behind another.
   */
  runDue(run: OutboxRun<R> = {}): Promise<number> {
    return this.run({ at: () => run.at ?? this.clock.now(), companies: () => run.companyIds, report: run.report });
  }

  /**
   * An owner's complete pass at an instant of its own (the billing run's charges): the rows due
   * at `run.at` when it starts, counted once, are its bound — it claims at most that many, so
   * rows that commits keep adding never keep it going (the oldest due first). Unlike `runDue`,
   * while it waits for places other runs of this instance hold, they claim nothing new (a place
   * that frees is its own), and at the end it waits for the attempts of its companies those runs
   * have in flight: when it returns, every row due at its start has been attempted and recorded
   * (or is leased by another instance, which will). Returns the number of attempts it made.
   */
  async drain(run: OutboxRun<R> = {}): Promise<number> {
    const companyIds = this.within(run.companyIds);
    if (companyIds?.length === 0) return 0;
    const at = run.at ?? this.clock.now();
    const cap = await this.sql.countDue(at, companyIds);
    const made = cap > 0 ? await this.run({ at: () => at, companies: () => companyIds, report: run.report, cap }) : 0;
    // another run's claim in progress may hold a row it counted: its attempt starts once the claim returns
    await Promise.allSettled([...this.claiming]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const ids = companyIds && new Set(companyIds);
    await Promise.allSettled([...this.flights].filter(([, company]) => !ids || ids.has(company)).map(([p]) => p));
    return made;
  }

  /** A run's companies, within those this instance takes (undefined: every company). */
  private within(companyIds: readonly string[] | undefined): readonly string[] | undefined {
    return this.options.companies ? this.options.companies.narrow(companyIds) : companyIds;
  }

  private async run(plan: RunPlan<R>): Promise<number> {
    const drain = plan.cap !== undefined;
    let attempts = 0;
    let blocked = false;
    const mine = new Map<Promise<void>, string>();
    const block = (on: boolean) => {
      if (on === blocked) return;
      blocked = on;
      this.blockedDrains += on ? 1 : -1;
      if (!on) this.wakeWaiting(); // the runs that gave way claim again
    };
    try {
      for (;;) {
        let held = false;
        const room = drain ? plan.cap! - attempts : Infinity;
        if (!this.closed && room > 0) {
          const claiming = this.claim(plan.at(), this.within(plan.companies()), room, mine, drain);
          this.claiming.add(claiming);
          const claimed = await claiming.finally(() => this.claiming.delete(claiming));
          held = claimed.held;
          if (drain) block(held);
          attempts += claimed.rows.length;
          for (const c of claimed.rows) this.begin(c, plan.report, mine);
          if (claimed.rows.length > 0) continue; // there may be more: other companies, places left
        } else block(false);
        if (mine.size === 0 && !held) return attempts;
        await new Promise<void>((resolve) => this.waiting.add(resolve));
      }
    } finally {
      block(false);
    }
  }

  /** Starts one claimed attempt; when it ends, its places free and waiting runs claim again. */
  private begin(c: OutboxClaim, report: OutboxRun<R>['report'], mine: Map<Promise<void>, string>): void {
    this.busy.set(c.company_id, (this.busy.get(c.company_id) ?? 0) + 1);
    this.inFlight++;
    const p: Promise<void> = this.options
      .attempt(c)
      .then(
        (value) => report?.(c, { value }),
        (err: Error) => {
          this.logger.error(`${this.options.table} ${c.company_id}/${c.id}: ${err.message}`);
          report?.(c, { error: err });
        },
      )
      .finally(() => {
        const left = (this.busy.get(c.company_id) ?? 1) - 1;
        if (left > 0) this.busy.set(c.company_id, left);
        else this.busy.delete(c.company_id);
        this.inFlight--;
        mine.delete(p);
        this.flights.delete(p);
        this.wakeWaiting();
      });
    mine.set(p, c.company_id);
    this.flights.set(p, c.company_id);
  }

  private wakeWaiting(): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resolve of waiting) resolve();
  }

  /**
   * Claims one row by its id when it is due at `at` and no live lease holds it (an owner's direct
   * dispatch of one row, outside the shares); null when it is not. The claim is committed at once.
   */
  async claimRow(companyId: string, id: string, at: Date): Promise<OutboxClaim | null> {
    const [claim] = await this.sql.claimIn(companyId, at, 1, id);
    return claim ?? null;
  }

  /**
   * Claims due rows, at most `room` (each claim committed at once): the attempt is counted and
   * leased. `held`: due rows were left because other runs of this instance hold their places (the
   * run waits for them: the holder may be at another instant, or a drain that stops at its bound),
   * or, for a run other than a drain, because a drain waits for places.
   */
  private async claim(
    at: Date,
    companyIds: readonly string[] | undefined,
    room: number,
    own: Map<Promise<void>, string>,
    drain: boolean,
  ): Promise<{ rows: OutboxClaim[]; held: boolean }> {
    const { maxInFlight, maxInFlightPerCompany } = this.options;
    if (companyIds?.length === 0) return { rows: [], held: false };
    if (!drain && this.blockedDrains > 0) return { rows: [], held: true };
    const free = Math.min(maxInFlight - this.inFlight, room);
    const full = [...this.busy].filter(([, n]) => n >= maxInFlightPerCompany).length;
    // the companies at their share too (up to as many as there are): to know whether to wait for them
    const companies = await this.sql.dueCompanies(at, Math.max(free, 1) + full, companyIds);
    const ownIn = (company?: string) => [...own.values()].filter((c) => company === undefined || c === company).length;
    const rows: OutboxClaim[] = [];
    let held = false;
    for (const company_id of companies) {
      const share = Math.min(maxInFlightPerCompany - (this.busy.get(company_id) ?? 0), free - rows.length);
      if (share > 0) rows.push(...(await this.sql.claimIn(company_id, at, share)));
      // no place: held by another run unless all of the company's (or the instance's) places are this run's
      else held ||= free - rows.length <= 0 ? this.inFlight > ownIn() : (this.busy.get(company_id) ?? 0) > ownIn(company_id);
    }
    return { rows, held };
  }
}
