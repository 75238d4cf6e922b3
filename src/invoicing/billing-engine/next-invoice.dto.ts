import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { CancelSubscriptionDto, ChangeSubscriptionDto } from '../../subscriptions/dto/subscription.dto';

/** Body of `POST /invoices/next`: a preview of the next invoice, optionally with a change or cancellation not made. */
export class NextInvoiceDto {
  @ApiProperty({ description: 'ISO 4217, upper case; must be the subscription currency' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 currency code (upper case)' })
  currency: string;

  @ApiProperty({ description: 'customer id or identifier' }) @IsString() @MaxLength(255) customer_id: string;

  @ApiProperty({ type: String, nullable: true, description: "null: the customer's oldest live subscription in `currency`" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  subscription_id?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description:
      "true: the invoice with its taxes exactly as it will be written (tax_amount, tax_details, each line's taxes, total); false or absent: without tax",
  })
  @IsOptional()
  @IsBoolean()
  include_taxes?: boolean | null;

  @ApiPropertyOptional({ type: CancelSubscriptionDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CancelSubscriptionDto)
  cancel_config?: CancelSubscriptionDto | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description:
      'the id of a change scheduled on the subscription (GET /subscriptions/{id}/scheduled_changes): the preview is the first ' +
      'invoice dated at or after its instant, the one that bills it (with the changes scheduled before it); not with ' +
      'change_config or cancel_config',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  scheduled_change_id?: number | null;

  @ApiPropertyOptional({ type: ChangeSubscriptionDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ChangeSubscriptionDto)
  change_config?: ChangeSubscriptionDto | null;
}
