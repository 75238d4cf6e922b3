import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class AttachPaymentMethodDto {
  @ApiProperty({
    description: 'a processor token; the sandbox knows tok_visa, tok_chargeDeclined and tok_insufficientFunds',
    example: 'tok_visa',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  token: string;
}

export class UpdatePaymentMethodDto {
  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: "true makes this the customer's default (false is ignored: there is always one default)",
  })
  @IsOptional()
  @IsBoolean()
  default?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: "with default: true, also moves the customer's live subscriptions that name another payment method onto this one",
  })
  @IsOptional()
  @IsBoolean()
  update_subscriptions_non_default_payment?: boolean | null;
}

export class PaymentMethodResponse {
  @ApiProperty({ example: 'pm_01j…' }) id: string;
  @ApiProperty() customer_id: string;
  @ApiProperty({ example: 'card' }) type: string;
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last_4: string;
  @ApiProperty() exp_month: number;
  @ApiProperty() exp_year: number;
  @ApiProperty() default: boolean;
  @ApiProperty({ example: 'SANDBOX' }) provider_type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  // The reference's other fields of a payment method. Tally's processors hold cards only and do
  // not report a holder's name, e-mail or country, so these are null; the bank-debit fields
  // would carry a bank account's numbers, which no Tally processor takes.
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the card's issuing country (ISO 3166-1 alpha-2) when the processor reports it; null with the sandbox",
  })
  country: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the holder's name when the processor reports it; null with the sandbox" })
  name: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the holder's billing e-mail when the processor reports it; null with the sandbox",
  })
  billing_email: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'a bank-debit mandate; always null (Tally takes cards only)' })
  mandate_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: "a bank account's institution number; always null (cards only)" })
  institution_number: string | null;
  @ApiProperty({ type: String, nullable: true, description: "a bank account's routing number; always null (cards only)" })
  routing_number: string | null;
  @ApiProperty({ type: String, nullable: true, description: "a bank account's transit number; always null (cards only)" })
  transit_number: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'SANDBOX',
    description: 'the key of the payment processor that holds the method (the same value as provider_type)',
  })
  payment_provider_key: string | null;
}

export class SubscriptionCustomerPmResponse {
  @ApiProperty({
    type: PaymentMethodResponse,
    nullable: true,
    description: "the card that pays the subscription: its payment_method_id, else the customer's default (null: none)",
  })
  method: PaymentMethodResponse | null;
  @ApiProperty({ type: Object, description: 'the subscription, as GET /subscriptions/{id} answers it' })
  subscription: Record<string, unknown>;
}

/** PATCH's answer: the card's own fields (as the other payment-method routes answer) plus the reference's {method, subscription_customer_pm}. */
export class UpdatePaymentMethodResponse extends PaymentMethodResponse {
  @ApiProperty({ type: PaymentMethodResponse, description: 'the payment method, after the update' }) method: PaymentMethodResponse;
  @ApiProperty({
    type: [SubscriptionCustomerPmResponse],
    description: "the customer's live subscriptions (oldest first), each with the card that pays it after the update",
  })
  subscription_customer_pm: SubscriptionCustomerPmResponse[];
}
