// GET /status and GET /openapi.json.
import { ServiceError, buildOpenApiDocument } from '@shop/contracts';
import type { Status } from '@shop/contracts';
import type { ApiRouter } from '../http/api-router';

export interface MetaOptions {
  publicUrl: string;
  /** Whether the service can do its work (storage reachable). */
  checkHealth: () => Promise<boolean>;
}

export function mountMeta(api: ApiRouter, options: MetaOptions): void {
  // Built once, on first request: the document depends only on the public address, and building it
  // at start-up took about 150 ms of every cold start.
  let openapi: string | undefined;

  api.get('/status', async (_req, res) => {
    if (!(await options.checkHealth())) {
      throw new ServiceError('storage_unavailable', 'The quote store cannot be reached just now; try again in a few seconds.');
    }
    const body: Status = { object: 'status', ok: true, docs_url: `${options.publicUrl}/docs`, api: 'v1' };
    res.json(body);
  });

  api.get('/openapi.json', (_req, res) => {
    openapi ??= JSON.stringify(buildOpenApiDocument({ publicUrl: options.publicUrl }));
    res.type('application/json').send(openapi);
  });
}
