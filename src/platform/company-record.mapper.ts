import { ApiProperty } from '@nestjs/swagger';
import type { CompanyEntity } from './companies.entity';
import { iso } from './timestamps';

/** The spec's "Company record (embedded)" (inside item pricings and other nested records). */
export class CompanyRecordResponse {
  @ApiProperty({ type: Object, nullable: true }) address: Record<string, unknown> | null;
  @ApiProperty({ type: Object }) computed_entitlements: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty() demo: boolean;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() id: string;
  @ApiProperty() is_dev: boolean;
  @ApiProperty({ type: String, nullable: true }) legal_name: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) preferred_currency: string | null;
  @ApiProperty({ type: String, nullable: true }) preferred_timezone: string | null;
  @ApiProperty({ type: String, nullable: true }) slug: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

function text(settings: Record<string, unknown>, key: string): string | null {
  const v = settings[key];
  return typeof v === 'string' ? v : null;
}

/**
 * A company as embedded in other records. The companies table holds name, demo and a
 * `settings` object; a field the company has no value for is null (`is_dev` false,
 * `computed_entitlements` {}), and a string of the same name in `settings` fills it.
 */
export function toCompanyRecord(c: CompanyEntity): CompanyRecordResponse {
  const settings = (c.settings ?? {}) as Record<string, unknown>;
  const address = settings.address;
  return {
    address: address && typeof address === 'object' && !Array.isArray(address) ? (address as Record<string, unknown>) : null,
    computed_entitlements: {},
    created_at: iso(c.created_at)!,
    customer_id: null,
    demo: c.demo,
    email: text(settings, 'email'),
    id: c.company_id,
    is_dev: settings.is_dev === true,
    legal_name: text(settings, 'legal_name'),
    name: c.name,
    phone: text(settings, 'phone'),
    preferred_currency: text(settings, 'preferred_currency'),
    preferred_timezone: text(settings, 'preferred_timezone'),
    slug: text(settings, 'slug'),
    updated_at: iso(c.updated_at)!,
  };
}
