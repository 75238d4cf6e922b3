import { AuditService } from '../../src/audit/audit.service';
import type { TestApp } from './app';

/**
 * The reconciliation (`npm run cli -- audit`) over every company a test app made must find
 * nothing: run after every test of the files that race money (payments, credits, voids, runs).
 */
export async function expectBooksBalanced(t: TestApp, companyIds: readonly string[] = t.companyIds): Promise<void> {
  const audit = t.app.get(AuditService);
  const violations = [];
  for (const companyId of companyIds) violations.push(...(await audit.company(companyId)));
  expect(violations).toEqual([]);
}
