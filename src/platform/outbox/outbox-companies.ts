/**
 * The companies whose outbox rows this instance's loops take (webhook deliveries, e-mail, card
 * charges): every company in production (`every()`, the PlatformModule's provider). A test app
 * is given `only(list)`, the companies its test file creates (the list grows as it creates
 * them): test files run side by side on one database, and a loop over every company would
 * deliver, send or charge another file's rows at this file's clock. Each run's scans and claims
 * then name the list (`company_id = ANY(...)`), so they stay within it.
 */
export class OutboxCompanies {
  private constructor(private readonly list: ReadonlySet<string> | null) {}

  static every(): OutboxCompanies {
    return new OutboxCompanies(null);
  }

  static only(list: ReadonlySet<string>): OutboxCompanies {
    return new OutboxCompanies(list);
  }

  /** A run's companies (undefined: every company) narrowed to these. */
  narrow(companyIds: readonly string[] | undefined): readonly string[] | undefined {
    const list = this.list;
    if (!list) return companyIds;
    return companyIds ? companyIds.filter((c) => list.has(c)) : [...list];
  }
}
