// Every repository of a storage, each written once over Kysely for both databases.
import type { StorageDatabase } from '../database';
import type { Storage } from '../storage';
import { createHandoffRepository } from './handoffs';
import { createIdempotencyRepository } from './idempotency-keys';
import { createPlateDesignRepository } from './plate-designs';
import { createPlateImportRepository } from './plate-imports';
import { createPurge } from './purge';
import { createQuoteRepository } from './quotes';
import type { OutboxTargets } from '../records';
import { createRfqLinkRepository } from './rfq-links';
import { createOutboxRepository } from './outbox';
import { createRfqSubmissionRepository } from './rfq-submissions';
import { createWebhookEndpointRepository } from './webhook-endpoints';

export type Repositories = Pick<
  Storage,
  'quotes' | 'handoffs' | 'designs' | 'rfqLinks' | 'plateImports' | 'rfqSubmissions' | 'idempotencyKeys' | 'purgeExpired' | 'read' | 'transact' | 'outbox' | 'webhooks' | 'mailTo'
>;

export function createRepositories(database: StorageDatabase, targets: OutboxTargets): Repositories {
  const { read, transact, guard } = database;
  return {
    read: (action, query) => guard(action, () => read(query)),
    transact: (action, unit) => guard(action, () => transact(unit)),
    mailTo: targets.mailTo,
    quotes: createQuoteRepository(database),
    handoffs: createHandoffRepository(database, targets),
    designs: createPlateDesignRepository(database),
    rfqLinks: createRfqLinkRepository(database),
    plateImports: createPlateImportRepository(database),
    rfqSubmissions: createRfqSubmissionRepository(database, targets),
    idempotencyKeys: createIdempotencyRepository(database),
    purgeExpired: createPurge(database),
    outbox: createOutboxRepository(database),
    webhooks: createWebhookEndpointRepository(database),
  };
}
