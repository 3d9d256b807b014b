import { z } from './zod';

export const Status = z
  .object({
    object: z.literal('status'),
    ok: z.boolean(),
    docs_url: z.string(),
    api: z.literal('v1').default('v1'),
    storage: z.enum(['ok', 'busy']).describe('ok: the database takes writes. busy: another process holds the write lock just now; writes wait for it. When the database cannot be reached or written (a full disk, its file gone), /status answers 503 storage_unavailable instead.'),
    rate_limits: z.enum(['redis', 'database', 'memory']).describe('Where the rate limits are counted: redis, database (the shared SQLite file or PostgreSQL), or memory (neither Redis nor the database can take the counts: each process counts on its own until one is back; while only Redis cannot be reached, the counts go to the database).'),
    price_book: z.string().describe('Version of the price book new quotes are priced from (each quote records its own in price_book).'),
  })
  .meta({ id: 'Status',
    example: { object: 'status', ok: true, docs_url: 'http://localhost:3000/docs', api: 'v1', storage: 'ok', rate_limits: 'database', price_book: '2026-11-24.1' },
  });
export type Status = z.infer<typeof Status>;
