import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export type CompanySeeder = (manager: EntityManager, companyId: string, now: Date) => Promise<void>;

/**
 * What every new company starts with (the standard "License" billable item, ...). Domain
 * modules register their seeder at start-up; a company is created with all of them in the
 * same transaction.
 */
@Injectable()
export class CompanySeeders {
  private readonly seeders: { name: string; seed: CompanySeeder }[] = [];

  register(name: string, seed: CompanySeeder): void {
    if (!this.seeders.some((s) => s.name === name)) this.seeders.push({ name, seed });
  }

  async seed(manager: EntityManager, companyId: string, now: Date): Promise<void> {
    for (const s of this.seeders) await s.seed(manager, companyId, now);
  }
}
