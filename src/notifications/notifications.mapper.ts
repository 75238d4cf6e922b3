import type { NotificationEntity } from './notification.entity';
import type { NotificationResponse } from './dto/notification.dto';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A notification as the API answers it (pure). */
export function toNotificationResponse(n: NotificationEntity): NotificationResponse {
  return {
    id: n.id,
    notification_type: n.notification_type,
    status: n.status,
    to: n.to_addresses,
    cc: n.cc_addresses,
    subject: n.subject,
    customer_id: n.customer_id,
    invoice_id: n.invoice_id,
    contract_id: n.contract_id,
    attempts: n.attempts,
    last_error: n.last_error,
    next_attempt_at: n.status === 'QUEUED' ? iso(n.next_attempt_at) : null,
    resent_from: n.resent_from,
    created_at: n.created_at.toISOString(),
    sent_at: iso(n.sent_at),
  };
}
