import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';

/**
 * One thing every company starts with (the standard "License" billable item, ...), owned by
 * the domain module whose tables it writes.
 */
export interface CompanySeeder {
  name: string;
  /** Adds what the company lacks (true), or nothing when the company already has it (false). */
  seed(manager: EntityManager, companyId: string, now: Date): Promise<boolean>;
  /** Up to `limit` companies that lack it (a cross-company scan, run once at start). */
  lacking(manager: EntityManager, limit: number): Promise<string[]>;
}

const REPAIR_BATCH = 100;

/**
 * What every new company starts with. Domain modules register their seeder in `onModuleInit`;
 * a company is created with all of them in the same transaction. The registry is sealed when
 * the application has bootstrapped: creating a company before that (when a seeder could still
 * be missing) fails loudly instead of making a company that cannot price anything.
 *
 * At start, every company that lacks a seeded record (one created by an older version, or
 * before a seeder existed) is repaired, each in its own transaction under a per-company lock,
 * so several instances starting together repair it once.
 */
@Injectable()
export class CompanySeeders implements OnApplicationBootstrap {
  private readonly log = new Logger('CompanySeeders');
  private readonly seeders: CompanySeeder[] = [];
  private sealed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  register(seeder: CompanySeeder): void {
    if (this.sealed) throw new Error(`company seeder ${seeder.name} registered after start-up`);
    if (!this.seeders.some((s) => s.name === seeder.name)) this.seeders.push(seeder);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.sealed = true;
    const repaired = await this.repair();
    if (repaired.length > 0) this.log.log(`seeded ${repaired.length} missing standard record(s) of existing companies`);
  }

  /** Seeds a new company (inside the transaction that inserts it). */
  async seed(manager: EntityManager, companyId: string, now: Date): Promise<void> {
    if (!this.sealed) {
      throw new Error(
        'a company was created before the application finished starting (call app.init() first): its standard records would be missing',
      );
    }
    await lockCompany(manager, companyId);
    for (const s of this.seeders) await s.seed(manager, companyId, now);
  }

  /** Gives every existing company what it lacks; returns what this call added. */
  async repair(): Promise<{ company_id: string; seeder: string }[]> {
    const repaired: { company_id: string; seeder: string }[] = [];
    for (const s of this.seeders) {
      const done = new Set<string>();
      for (;;) {
        const lacking = (await s.lacking(this.dataSource.manager, REPAIR_BATCH)).filter((id) => !done.has(id));
        if (lacking.length === 0) break;
        for (const companyId of lacking) {
          const added = await this.dataSource.transaction(async (m) => {
            await lockCompany(m, companyId);
            return s.seed(m, companyId, this.clock.now());
          });
          done.add(companyId);
          if (added) repaired.push({ company_id: companyId, seeder: s.name });
        }
      }
    }
    return repaired;
  }
}

/** Serialises seeding of one company across transactions and instances. */
async function lockCompany(manager: EntityManager, companyId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('company-seed:' || $1))`, [companyId]);
}
