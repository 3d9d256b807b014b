// Where webhooks go. The secret is kept as given (every delivery signs with it) and read only by
// `secretOf`, for the delivery loop: lists and pages never carry it.
import { randomBytes } from 'node:crypto';
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';

export interface WebhookEndpointRecord {
  id: string;
  /** `env` for the one WEBHOOK_URL makes; otherwise what the owner called it. */
  name: string;
  url: string;
  events: string[];
  disabledAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface NewWebhookEndpoint {
  name: string;
  url: string;
  /** `whsec_` + base64, checked by the caller. */
  secret: string;
  events: readonly string[];
  createdBy: string | null;
  createdAt: Date;
}

export interface WebhookEndpointRepository {
  /** Adds an endpoint; null when the name is taken. */
  add(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord | null>;
  /** The endpoint named `name` made or brought to this URL, secret and events, enabled (WEBHOOK_URL at start). */
  put(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  list(): Promise<WebhookEndpointRecord[]>;
  get(id: string): Promise<WebhookEndpointRecord | null>;
  /** The URL and secret to send to; null when the endpoint is gone or disabled. */
  secretOf(id: string): Promise<{ url: string; secret: string } | null>;
  /** false when there is no such endpoint or it is disabled already. */
  disable(id: string, at: Date): Promise<boolean>;
  /** false when there is no such endpoint. */
  remove(id: string): Promise<boolean>;
}

const COLUMNS = ['id', 'name', 'url', 'events', 'disabled_at', 'created_by', 'created_at'] as const;

type Row = { id: string; name: string; url: string; events: string; disabled_at: string | null; created_by: string | null; created_at: string };

function toRecord(row: Row): WebhookEndpointRecord {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events.split(',').filter((event) => event !== ''),
    disabledAt: row.disabled_at === null ? null : fromDbDateTime(row.disabled_at),
    createdBy: row.created_by,
    createdAt: fromDbDateTime(row.created_at),
  };
}

export function createWebhookEndpointRepository({ db, read, write, guard }: StorageDatabase): WebhookEndpointRepository {
  const values = (endpoint: NewWebhookEndpoint) => ({
    id: `we_${randomBytes(12).toString('hex')}`,
    name: endpoint.name,
    url: endpoint.url,
    secret: endpoint.secret,
    events: endpoint.events.join(','),
    created_by: endpoint.createdBy,
    created_at: toDbDateTime(endpoint.createdAt),
  });
  return {
    async add(endpoint) {
      const [outcome] = await guard('add the webhook endpoint', () =>
        write([db.insertInto('webhook_endpoints').values(values(endpoint)).onConflict((conflict) => conflict.column('name').doNothing()).returning(COLUMNS)]),
      );
      const row = outcome?.rows[0] as Row | undefined;
      return row ? toRecord(row) : null;
    },
    async put(endpoint) {
      const row = values(endpoint);
      const [outcome] = await guard('set the webhook endpoint', () =>
        write([
          db
            .insertInto('webhook_endpoints')
            .values(row)
            .onConflict((conflict) => conflict.column('name').doUpdateSet({ url: row.url, secret: row.secret, events: row.events, disabled_at: null }))
            .returning(COLUMNS),
        ]),
      );
      return toRecord(outcome!.rows[0] as Row);
    },
    async list() {
      const rows = await guard('list the webhook endpoints', () => read(db.selectFrom('webhook_endpoints').select(COLUMNS).orderBy('created_at').orderBy('id')));
      return rows.map(toRecord);
    },
    async get(id) {
      const [row] = await guard('read the webhook endpoint', () => read(db.selectFrom('webhook_endpoints').select(COLUMNS).where('id', '=', id)));
      return row ? toRecord(row) : null;
    },
    async secretOf(id) {
      const [row] = await guard('read the webhook endpoint', () =>
        read(db.selectFrom('webhook_endpoints').select(['url', 'secret']).where('id', '=', id).where('disabled_at', 'is', null)),
      );
      return row ?? null;
    },
    async disable(id, at) {
      const [outcome] = await guard('disable the webhook endpoint', () =>
        write([db.updateTable('webhook_endpoints').set({ disabled_at: toDbDateTime(at) }).where('id', '=', id).where('disabled_at', 'is', null)]),
      );
      return (outcome?.changes ?? 0) === 1;
    },
    async remove(id) {
      const [outcome] = await guard('delete the webhook endpoint', () => write([db.deleteFrom('webhook_endpoints').where('id', '=', id)]));
      return (outcome?.changes ?? 0) === 1;
    },
  };
}
