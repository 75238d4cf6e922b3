import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../platform/clock/clock';
import { DomainError } from '../platform/errors/domain-error';
import { isId, newId } from '../platform/ids/ids';
import { baseSortKeys, runSearch, SearchPage, SearchSpec } from '../platform/search/search';
import { ContractTemplateEntity } from './contract-template.entity';
import { checkTemplateVariables } from './contract.rules';
import { ContractTemplatesRepository } from './contracts.repository';
import type { CreateContractTemplateDto, FindContractTemplatesDto } from './dto/contract-template.dto';

const SEARCH: SearchSpec = {
  alias: 't',
  sortKeys: baseSortKeys('t'),
  filters: {
    name: { kind: 'exact', column: 't.name' },
    search: { kind: 'search', columns: ['t.name', 't.description'] },
  },
};

/** Contract templates: created, read and found (not edited: contracts copy their content). */
@Injectable()
export class ContractTemplatesService {
  constructor(
    private readonly templates: ContractTemplatesRepository,
    private readonly clock: Clock,
  ) {}

  async create(companyId: string, dto: CreateContractTemplateDto): Promise<ContractTemplateEntity> {
    const variables = checkTemplateVariables(dto.content, dto.variables ?? []);
    const now = this.clock.now();
    const row: ContractTemplateEntity = {
      company_id: companyId,
      id: newId('contractTemplate'),
      name: dto.name,
      description: dto.description ?? null,
      content: dto.content,
      variables,
      metadata: dto.metadata ?? {},
      created_at: now,
      updated_at: now,
    };
    const { company_id: _c, ...rest } = row;
    await this.templates.insert(companyId, rest);
    return row;
  }

  /** The template of this company, or 404 (`field` names the body field that named it). */
  async get(companyId: string, id: string, field?: string, m?: EntityManager): Promise<ContractTemplateEntity> {
    const notFound = () => DomainError.notFound('contract template', field);
    if (!isId('contractTemplate', id)) throw notFound();
    const repo = m ? this.templates.with(m) : this.templates;
    return repo.findOneOrFail(companyId, { id }, notFound);
  }

  find(companyId: string, body: FindContractTemplatesDto): Promise<SearchPage<ContractTemplateEntity>> {
    return runSearch(this.templates.queryBuilder(companyId, 't'), body, SEARCH);
  }
}
