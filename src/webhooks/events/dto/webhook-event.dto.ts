import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, ValidateNested } from 'class-validator';
import { DateRangeFilterDto, findBodyDto } from '../../../platform/search/find-body.dto';
import { WEBHOOK_EVENT_TYPES } from '../event-types';

export class WebhookEventQueryDto {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, description: 'events of this type' })
  @IsOptional()
  @IsIn(WEBHOOK_EVENT_TYPES)
  type?: string;

  @ApiPropertyOptional({ type: [String], enum: WEBHOOK_EVENT_TYPES, description: 'events of any of these types' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  types?: string[];

  @ApiPropertyOptional({ type: DateRangeFilterDto, description: 'when the event happened' })
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRangeFilterDto)
  created_at?: DateRangeFilterDto;
}

export const FindWebhookEventsDto = findBodyDto('FindWebhookEventsBody', WebhookEventQueryDto, ['createdAtDesc', 'createdAtAsc']);
export type FindWebhookEventsDto = InstanceType<typeof FindWebhookEventsDto>;

export class WebhookEventDataResponse {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'the resource (customer, subscription, invoice, payment transaction, credit, contract, checkout session, billable metric) as its GET answered it when the event happened',
  })
  object: Record<string, unknown>;
}

export class WebhookEventResponse {
  @ApiProperty({ example: 'evt_01jz3k4m5n6p7q8r9s0t1v2w3x' }) id: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) type: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, description: "the same as type (the reference's name for it)" }) event_type: string;
  @ApiProperty({
    description:
      'the kind of data.object: the part of type before the dot (customer, subscription, invoice, payment, credit, contract, checkout, metric, webhook)',
  })
  data_type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() company_id: string;
  @ApiProperty({ type: WebhookEventDataResponse }) data: WebhookEventDataResponse;
}
