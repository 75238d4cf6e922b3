/** Every webhook event type Tally sends (the reference's list, plus the test event). */
export const WEBHOOK_EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'subscription.created',
  'subscription.updated',
  'subscription.changed',
  'subscription.cancelled',
  'subscription.renewed',
  'subscription.usage_threshold_exceeded',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.voided',
  'invoice.payment_failed',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'credit.granted',
  'credit.expired',
  'contract.created',
  'contract.updated',
  'contract.signed',
  'contract.executed',
  'checkout.completed',
  'metric.updated',
  'notification.failed',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The kind of object an event carries, the part of its type before the dot (`invoice.paid` →
 * `invoice`): the envelope's `data_type`, for consumers written for the reference.
 */
export const eventDataType = (type: string): string => type.split('.')[0];
