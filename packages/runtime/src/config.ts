// The runtime settings of both apps, read from an environment-like record (each app passes
// process.env from its own config.ts, the only place it is read).
import { parseRequest, z } from '@shop/contracts';
import { readMailConfig, type MailConfig } from '@shop/notify';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65_535);

/**
 * `TRUST_PROXY`: off, a hop count, or a comma-separated list of addresses/subnets (express's syntax).
 * `true` is refused: it would trust every X-Forwarded-For hop, so any client could name its own
 * address and step around the rate limits.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): boolean | number | string => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'false' || trimmed === 'off' || trimmed === '0') return false;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    if (/^(true|on|yes|\*)$/i.test(trimmed)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'may not be "true": trusting every X-Forwarded-For hop would let any client pick its own address and escape the rate limits. Set the number of proxies in front of the service (e.g. 1) or their addresses (e.g. loopback, 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    return trimmed;
  });

const url = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const Environment = z.object({
  DATABASE_URL: z.string().min(1).default('file:./data/shop.db'),
  REDIS_URL: z.string().min(1).optional(),
  PORT: port.default(3000),
  MCP_PORT: port.default(3001),
  PUBLIC_URL: url.optional(),
  SHOP_URL: url.optional(),
  /** The shop's name at the top of the pages behind the links. */
  SHOP_NAME: z.string().trim().min(1).max(80).default('Ontario Steel Shop'),
  PLATE_ORDERS_ENABLED: flag.default(true),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies every rate limit; for benchmarks and load tests only. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Minutes between purges of rows past retention; 0 switches the timer off. */
  PURGE_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(60),
  /** PostgreSQL connections per process; unset: the URL's connection_limit, else 5. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).optional(),
  /** How long one Redis call may take before the rate limits count in memory (and stop asking Redis for a second). */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(10_000).default(50),
  /** How long a process starting on PostgreSQL waits for another one's migrations. */
  MIGRATION_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Prometheus metrics of the REST app, on a port of their own (0 switches them off). */
  METRICS_PORT: port.default(9464),
  /** Where the metrics port listens: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** MiB of drawing bodies one REST process holds at once (arriving or waiting to be read); more waits with a 503. */
  DRAWING_UPLOADS_MIB: z.coerce.number().int().min(6).max(4096).default(32),
  /** Set by `pnpm start`'s supervisor: the file where it keeps each app's restart count. */
  SUPERVISOR_STATE_FILE: z.string().min(1).optional(),
  /** The key the public forms' one-time tokens are signed with; the same on every REST replica. */
  FORM_TOKEN_SECRET: z.string().min(32, 'FORM_TOKEN_SECRET must be at least 32 characters').optional(),
});

export interface Config {
  databaseUrl: string;
  redisUrl: string | null;
  port: number;
  mcpPort: number;
  /** Public address of the REST app: links, preview_url, OpenAPI servers. No trailing slash. */
  publicUrl: string;
  /** Where product pages and checkout live. No trailing slash. */
  shopUrl: string;
  shopName: string;
  plateOrdersEnabled: boolean;
  trustProxy: boolean | number | string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitScale: number;
  purgeIntervalMinutes: number;
  metricsPort: number;
  metricsHost: string;
  migrationWaitSeconds: number;
  /** Null: the URL's connection_limit, else the storage's default. */
  databasePoolSize: number | null;
  redisTimeoutMs: number;
  /** Bytes of drawing bodies held at once by the REST process. */
  drawingUploadBytes: number;
  /** The supervisor's file of restart counts (app_restarts_total in /metrics); null when not run by `pnpm start`. */
  supervisorStateFile: string | null;
  /** null: a random key of this process (forms open across a restart must be loaded again). */
  formTokenSecret: string | null;
  /**
   * Who is mailed about each new request (SHOP_NOTIFY_EMAIL, a comma list) when SMTP_URL is set;
   * null without it. The apps write the e-mail rows of the outbox; the console sends them.
   */
  mailTo: string | null;
}

/** Reads the settings of docs/decisions.md (runtime and configuration); unset values take their embedded defaults. */
export function readConfig(env: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(
    Object.keys(Environment.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])),
  );
  let parsed: z.output<typeof Environment>;
  try {
    parsed = parseRequest(Environment, known);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  let mail: MailConfig | null;
  try {
    mail = readMailConfig(env);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  return {
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL ?? null,
    port: parsed.PORT,
    mcpPort: parsed.MCP_PORT,
    publicUrl,
    shopUrl: parsed.SHOP_URL ?? publicUrl,
    shopName: parsed.SHOP_NAME,
    plateOrdersEnabled: parsed.PLATE_ORDERS_ENABLED,
    trustProxy: parsed.TRUST_PROXY,
    logLevel: parsed.LOG_LEVEL,
    rateLimitScale: parsed.RATE_LIMIT_SCALE,
    purgeIntervalMinutes: parsed.PURGE_INTERVAL_MINUTES,
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST,
    migrationWaitSeconds: parsed.MIGRATION_WAIT_SECONDS,
    databasePoolSize: parsed.DATABASE_POOL_SIZE ?? null,
    redisTimeoutMs: parsed.REDIS_TIMEOUT_MS,
    drawingUploadBytes: parsed.DRAWING_UPLOADS_MIB * 1024 * 1024,
    supervisorStateFile: parsed.SUPERVISOR_STATE_FILE ?? null,
    formTokenSecret: parsed.FORM_TOKEN_SECRET ?? null,
    mailTo: mail === null ? null : mail.to.join(','),
  };
}
