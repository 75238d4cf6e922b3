import { OptionalMetadata } from '../../platform/validation/metadata';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { OptionalNestedArray } from '../../platform/validation/decorators';
import { IsDisplayText } from '../../platform/validation/display-text';

/** The name of a {{placeholder}} (what the signing page fills). */
export const VARIABLE_NAME = /^[A-Za-z0-9_.-]+$/;

export class TemplateVariableDto {
  @ApiProperty({ description: 'the placeholder {{name}} in content (letters, digits, _ . -)', example: 'seats' })
  @IsString()
  @Matches(VARIABLE_NAME, { message: 'must be letters, digits, _ . or -' })
  @MaxLength(100)
  name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(1000) description?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'used when a contract leaves the variable out; without one, a contract made from the template must give it',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  default_value?: string | null;
}

export class CreateContractTemplateDto {
  @ApiProperty({ example: 'Master services agreement' }) @IsString() @IsDisplayText() @IsNotEmpty() @MaxLength(255) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @ApiProperty({
    description: 'the text (plain text) with {{name}} placeholders; every placeholder must be declared in variables',
    example: 'This agreement between ACME and {{customer_name}} covers {{seats}} seats.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200_000)
  content: string;
  @OptionalNestedArray(TemplateVariableDto, 200, { nullable: true, description: 'the placeholders of content (names unique)' })
  variables?: TemplateVariableDto[] | null;
  @OptionalMetadata() metadata?: Record<string, unknown> | null;
}

export class ContractTemplateQueryDto {
  @ApiPropertyOptional({ description: 'exact name' }) @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of the name or the description' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}

export const FindContractTemplatesDto = findBodyDto('FindContractTemplatesBody', ContractTemplateQueryDto, BASE_SORT_KEYS);
export type FindContractTemplatesDto = InstanceType<typeof FindContractTemplatesDto>;

export class TemplateVariableResponse {
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) default_value: string | null;
}

export class ContractTemplateResponse {
  @ApiProperty({ example: 'ctpl_01j…' }) id: string;
  @ApiProperty() company_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() content: string;
  @ApiProperty({ type: [TemplateVariableResponse] }) variables: TemplateVariableResponse[];
  @ApiProperty({ type: Object }) metadata: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
