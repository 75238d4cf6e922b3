import { Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TextColumn, TimestampColumn } from '../platform/database/columns';

/** A variable of a contract template: a `{{name}}` placeholder of its content. */
export interface TemplateVariable {
  name: string;
  description: string | null;
  /** Filled in when a contract made from the template does not give the variable; null: the contract must give it. */
  default_value: string | null;
}

/**
 * The text of a contract, reusable: `content` with `{{name}}` placeholders, each declared in
 * `variables`. A contract made from it (`template_id`) copies the content and takes the
 * variables' values from its `custom_variables` (defaults for the ones it leaves out).
 * Templates are not edited (a contract's signatures bind the text they were shown).
 */
@Entity('contract_templates')
export class ContractTemplateEntity {
  @PrimaryColumn('text') company_id: string;
  @PrimaryColumn('text') id: string;
  @TextColumn() name: string;
  @TextColumn({ nullable: true }) description: string | null;
  @TextColumn() content: string;
  @JsonColumn() variables: TemplateVariable[];
  @JsonColumn() metadata: Record<string, unknown>;
  @TimestampColumn() created_at: Date;
  @TimestampColumn() updated_at: Date;
}
