import { z } from './zod';

export const Status = z
  .object({
    object: z.literal('status'),
    ok: z.boolean(),
    docs_url: z.string(),
    api: z.literal('v1').default('v1'),
  })
  .openapi('Status', { example: { object: 'status', ok: true, docs_url: 'http://localhost:3000/docs', api: 'v1' } });
export type Status = z.infer<typeof Status>;
