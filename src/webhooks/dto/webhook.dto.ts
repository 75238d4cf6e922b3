import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { BASE_SORT_KEYS, findBodyDto } from '../../platform/search/find-body.dto';
import { WEBHOOK_EVENT_TYPES } from '../events/event-types';
import { ENDPOINT_STATUSES, type EndpointStatus } from '../endpoints/webhook-endpoint.entity';
import { DELIVERY_STATUSES } from '../delivery/webhook-delivery.entity';
import { MAX_URL_LENGTH } from '../delivery/delivery.rules';

const EVENT_TYPES = WEBHOOK_EVENT_TYPES as unknown as string[];

export class CreateWebhookDto {
  @ApiProperty({ description: 'absolute http or https URL the events are POSTed to', example: 'https://example.com/tally/webhooks' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_URL_LENGTH)
  url: string;

  @ApiPropertyOptional({ type: [String], enum: EVENT_TYPES, nullable: true, description: 'omitted, null or empty = every type' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EVENT_TYPES.length)
  @IsIn(EVENT_TYPES, { each: true, message: `each value must be one of ${EVENT_TYPES.join(', ')}` })
  event_types?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ description: 'absolute http or https URL' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: EVENT_TYPES, nullable: true, description: 'null or empty = every type' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EVENT_TYPES.length)
  @IsIn(EVENT_TYPES, { each: true, message: `each value must be one of ${EVENT_TYPES.join(', ')}` })
  event_types?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  description?: string | null;

  @ApiPropertyOptional({ enum: ENDPOINT_STATUSES, description: 'DISABLED endpoints receive nothing' })
  @IsOptional()
  @IsIn(ENDPOINT_STATUSES)
  status?: EndpointStatus;
}

/** The body of rotate_secret, test and retry: nothing (an empty object or none; any field is a 400). */
export class WebhookActionBodyDto {}

export class WebhookQueryDto {
  @ApiPropertyOptional({ enum: ENDPOINT_STATUSES }) @IsOptional() @IsIn(ENDPOINT_STATUSES) status?: string;
  @ApiPropertyOptional({ description: 'case-insensitive substring of url or description' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;
}

export const FindWebhooksDto = findBodyDto('FindWebhooksBody', WebhookQueryDto, BASE_SORT_KEYS);
export type FindWebhooksDto = InstanceType<typeof FindWebhooksDto>;

export class WebhookDeliveryQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES }) @IsOptional() @IsIn(DELIVERY_STATUSES) status?: string;
  @ApiPropertyOptional({ enum: EVENT_TYPES }) @IsOptional() @IsIn(EVENT_TYPES) event_type?: string;
  @ApiPropertyOptional({ description: 'evt_…' }) @IsOptional() @IsString() @MaxLength(64) event_id?: string;
}

export const FindWebhookDeliveriesDto = findBodyDto('FindWebhookDeliveriesBody', WebhookDeliveryQueryDto, BASE_SORT_KEYS);
export type FindWebhookDeliveriesDto = InstanceType<typeof FindWebhookDeliveriesDto>;

export class WebhookResponse {
  @ApiProperty({ example: 'whk_01jz3k4m5n6p7q8r9s0t1v2w3x' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String], enum: EVENT_TYPES, description: 'empty = every type' }) event_types: string[];
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: ENDPOINT_STATUSES }) status: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The answer of create and rotate_secret: the only answers that show the secret. */
export class WebhookWithSecretResponse extends WebhookResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      '`whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Null only in the replay of a request ' +
      'repeated with the same Idempotency-Key: the secret is never stored with the answer (see `secret_redacted`).',
    example: 'whsec_…',
  })
  secret: string | null;
  @ApiPropertyOptional({
    description:
      'true in a replayed answer (`Idempotency-Used: true`), whose `secret` is null: the secret was shown only in the first ' +
      'answer; rotate it to get a new one',
  })
  secret_redacted?: boolean;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ example: 'whd_01jz3k4m5n6p7q8r9s0t1v2w3x' }) id: string;
  @ApiProperty({ description: 'the endpoint (whk_…)' }) webhook_id: string;
  @ApiProperty({ description: 'the event (evt_…): the `webhook-id` header of every attempt' }) event_id: string;
  @ApiProperty({ enum: EVENT_TYPES }) event_type: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: string;
  @ApiProperty({ type: 'integer', description: 'attempts made so far (the number of the last one)' }) attempts: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null once SUCCEEDED or FAILED' })
  next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'HTTP status of the last attempt, null when it got no answer' })
  last_status_code: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'why the last attempt got no answer (timeout, refused, DNS…)' })
  last_error: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'milliseconds the last attempt took' }) last_duration_ms: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
