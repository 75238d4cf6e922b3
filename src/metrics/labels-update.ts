import { DomainError } from '../platform/errors/domain-error';
import { ScopedRepository } from '../platform/tenancy/scoped.repository';

/** What billable items and billable metrics share: labels, a state, and standard records that cannot be edited. */
interface Labelled {
  company_id: string;
  id: string;
  name: string;
  external_name: string | null;
  description: string | null;
  state: string;
  standard: boolean;
  editable: boolean;
  updated_at: Date;
}

export interface LabelsPatch {
  name?: string | null;
  external_name?: string | null;
  description?: string | null;
  state?: string | null;
}

/**
 * Updates name/external_name/description/state of an editable item or metric (`null` clears the
 * optional labels; a null name or state leaves them). Standard records are a 409.
 */
export async function updateLabels<T extends Labelled>(
  repo: ScopedRepository<T>,
  current: T,
  dto: LabelsPatch,
  now: Date,
  what: string,
): Promise<T> {
  if (current.standard || !current.editable) throw DomainError.invalidState(`the standard ${what} cannot be edited`);
  const next: T = {
    ...current,
    name: dto.name ?? current.name,
    external_name: dto.external_name !== undefined ? dto.external_name : current.external_name,
    description: dto.description !== undefined ? dto.description : current.description,
    state: dto.state ?? current.state,
    updated_at: now,
  };
  const patch = {
    name: next.name,
    external_name: next.external_name,
    description: next.description,
    state: next.state,
    updated_at: next.updated_at,
  };
  await repo.update(current.company_id, { id: current.id, editable: true } as never, patch as never);
  return next;
}
