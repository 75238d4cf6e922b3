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
