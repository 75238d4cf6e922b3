import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CompanyEntity } from '../companies.entity';
import { DomainError } from '../errors/domain-error';
import { isId } from '../ids/ids';
import { Clock } from '../clock/clock';
import { applySettingsPatch, CompanySettings, resolveCompanySettings, validateSettingsPatch } from './company-settings.rules';

export type CompanySettingsView = CompanySettings & { company_id: string };

/** A company's settings (companies.settings): read with their defaults, patched key by key. */
@Injectable()
export class CompanySettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The settings of a company, defaults filled in (404 for an unknown company). */
  async get(companyId: string, m: EntityManager = this.dataSource.manager): Promise<CompanySettingsView> {
    const company = isId('company', companyId) ? await m.findOne(CompanyEntity, { where: { company_id: companyId } }) : null;
    if (!company) throw DomainError.notFound('company');
    return { company_id: companyId, ...resolveCompanySettings(company.name, company.settings) };
  }

  /** Validates and applies a patch (null = back to the default); other keys are kept. */
  async update(companyId: string, input: Record<string, unknown>): Promise<CompanySettingsView> {
    const patch = validateSettingsPatch(input);
    return this.dataSource.transaction(async (m) => {
      const company = isId('company', companyId)
        ? await m.findOne(CompanyEntity, { where: { company_id: companyId }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!company) throw DomainError.notFound('company');
      if (Object.keys(patch).length) {
        const settings = applySettingsPatch(company.settings, patch);
        await m.query('UPDATE companies SET settings = $2::jsonb, updated_at = $3 WHERE company_id = $1', [
          companyId,
          JSON.stringify(settings),
          this.clock.now(),
        ]);
        company.settings = settings;
      }
      return { company_id: companyId, ...resolveCompanySettings(company.name, company.settings) };
    });
  }
}
