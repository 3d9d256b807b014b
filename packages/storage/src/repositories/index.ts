// Every repository of a storage, each written once over Kysely for both databases.
import type { StorageDatabase } from '../database';
import type { Storage } from '../storage';
import { createHandoffRepository } from './handoffs';
import { createIdempotencyRepository } from './idempotency-keys';
import { createPlateDesignRepository } from './plate-designs';
import { createPlateImportRepository } from './plate-imports';
import { createPurge } from './purge';
import { createQuoteRepository } from './quotes';
import { createRfqLinkRepository } from './rfq-links';
import { createRfqSubmissionRepository } from './rfq-submissions';

export type Repositories = Pick<Storage, 'quotes' | 'handoffs' | 'designs' | 'rfqLinks' | 'plateImports' | 'rfqSubmissions' | 'idempotencyKeys' | 'purgeExpired' | 'read' | 'transact'>;

export function createRepositories(database: StorageDatabase): Repositories {
  const { read, transact, guard } = database;
  return {
    read: (action, query) => guard(action, () => read(query)),
    transact: (action, unit) => guard(action, () => transact(unit)),
    quotes: createQuoteRepository(database),
    handoffs: createHandoffRepository(database),
    designs: createPlateDesignRepository(database),
    rfqLinks: createRfqLinkRepository(database),
    plateImports: createPlateImportRepository(database),
    rfqSubmissions: createRfqSubmissionRepository(database),
    idempotencyKeys: createIdempotencyRepository(database),
    purgeExpired: createPurge(database),
  };
}
