export { checkWebhookDestination, isAllowedHost, readWebhookAllowHosts, refusedAddressKind } from './destination';
export type { Destination, DestinationOptions, ResolvedAddress, Resolver } from './destination';
export { deliver, messageIdFor, OUTBOX_KINDS } from './deliver';
export type { DeliverDeps, Delivery, DeliveryAttempt, OutboxKind, OutboxRow } from './deliver';
export {
  EVENT_TYPES,
  HandoffCreatedData,
  NotificationEvent,
  OrderRequestCreatedData,
  OrderRequestItemData,
  PriceBookPublishedData,
  RfqSubmissionCreatedData,
  handoffCreated,
  isRequestEvent,
  orderRequestCreated,
  orderRequestReference,
  priceBookPublished,
  rfqSubmissionCreated,
} from './events';
export type { EventOf, EventType, OrderRequestSource, RequestEvent, RfqSubmissionSource } from './events';
export { DEFAULT_CONSOLE_URL, classifySmtpError, createMailer, parseRecipients, readMailConfig } from './mail';
export type { MailConfig, MailMessage, Mailer, MailerOptions } from './mail';
export { RESPONSE_EXCERPT_BYTES } from './outcome';
export type { Outcome, SendResult } from './outcome';
export { formatCad, inboxUrl, itemReference, renderDigestMail, renderRequestMail, requestUrl } from './render-mail';
export { cleanFields, cleanMultiLine, cleanSingleLine } from './text';
export { DEFAULT_DIGEST_AFTER, createMailDigest, readDigestAfter } from './digest';
export type { DigestDecision, MailDigest } from './digest';
export type { RenderedMail } from './render-mail';
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, nextAttemptAt } from './schedule';
export {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_MS,
  classifyHttpStatus,
  createWebhookSecret,
  isWebhookSecret,
  sendWebhook,
  signWebhook,
} from './webhook';
export type { WebhookEndpoint, WebhookMessage, WebhookSendOptions } from './webhook';
