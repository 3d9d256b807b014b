// GET /status and GET /openapi.json.
import { buildOpenApiDocument } from '@shop/openapi';
import type { Status } from '@shop/contracts';
import type { ServiceHealth } from '@shop/service';
import type { ApiRouter } from '../http/api-router';

export interface MetaOptions {
  publicUrl: string;
  /** Whether the service can do its work; throws 503 storage_unavailable when not. */
  checkHealth: () => Promise<ServiceHealth>;
}

export function mountMeta(api: ApiRouter, options: MetaOptions): void {
  // Built once, on first request: the document depends only on the public address, and building it
  // at start-up took about 150 ms of every cold start.
  let openapi: string | undefined;

  api.get('/status', async (_req, res) => {
    const health = await options.checkHealth();
    const body: Status = {
      object: 'status',
      ok: true,
      docs_url: `${options.publicUrl}/docs`,
      api: 'v1',
      storage: health.storage,
      rate_limits: health.rateLimits,
      price_book: health.priceBook,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  api.get('/openapi.json', (_req, res) => {
    openapi ??= JSON.stringify(buildOpenApiDocument({ publicUrl: options.publicUrl }));
    res.type('application/json').send(openapi);
  });
}
