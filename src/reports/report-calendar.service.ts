import { Injectable } from '@nestjs/common';
import { ZoneCalendar } from './calendar';
import { ReportsRepository } from './reports.repository';

/** The calendar of a company's reports: its `preferred_timezone` when set (and known), else UTC. */
@Injectable()
export class ReportCalendars {
  constructor(private readonly repo: ReportsRepository) {}

  async of(companyId: string): Promise<ZoneCalendar> {
    const tz = await this.repo.timeZone(companyId);
    return new ZoneCalendar(tz && ZoneCalendar.isZone(tz) ? tz : 'UTC');
  }
}
