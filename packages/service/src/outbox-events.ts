// The events the service writes to the notifications' outbox with the records they tell of: the
// body every webhook carries (@shop/notify's builders) and what the console finds it under.
import type { OutboxEvent } from '@shop/storage';

/** An event `{type, timestamp, data}` as the outbox keeps it, about `subject` (`quote/sub_...`). */
export function toOutboxEvent(event: { type: string; timestamp: string }, subject: string): OutboxEvent {
  return { type: event.type, subject, payload: JSON.stringify(event), createdAt: new Date(event.timestamp) };
}
