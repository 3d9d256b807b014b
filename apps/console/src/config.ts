// The only place the console reads the environment: the shared settings (database, proxy, log
// level) as the other apps read them, and the console's own address.
import { readConfig, type Config } from '@shop/runtime';
import { parseRequest, z } from '@shop/contracts';
import { isWebhookSecret, readMailConfig, readWebhookAllowHosts, type MailConfig } from '@shop/notify';

const port = z.coerce.number().int().min(0).max(65_535);

const ConsoleEnvironment = z.object({
  CONSOLE_PORT: port.default(3002),
  /** Loopback by default: the shop puts the console behind its VPN or proxy, never on the public port. */
  CONSOLE_HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset: http://localhost:{CONSOLE_PORT} (or CONSOLE_HOST's own name when it is not loopback or every address). */
  CONSOLE_URL: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')).optional(),
  /** One webhook endpoint made (or brought up to date) at start, named `env`, for every event. */
  WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEBHOOK_SECRET: z
    .string()
    .refine(isWebhookSecret, 'must be whsec_ followed by the base64 of 24 to 64 bytes (the console makes one on /webhooks)')
    .optional(),
  /** Days a settled request keeps its contact details (about two years by default; at most 100 years). */
  RFQ_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
});

export interface ConsoleConfig {
  databaseUrl: string;
  databasePoolSize: number | null;
  migrationWaitSeconds: number;
  trustProxy: boolean | number | string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  shopName: string;
  /** PLATE_ORDERS_ENABLED: false keeps plate orders closed whatever the console's switch says (the page says so). */
  plateOrdersEnabled: boolean;
  port: number;
  host: string;
  /** Where people reach the console (links it prints, the Origin forms must come from). No trailing slash. */
  consoleUrl: string;
  /**
   * The origins forms may come from: CONSOLE_URL's; while CONSOLE_URL is unset, also the loopback
   * names of CONSOLE_PORT (localhost, 127.0.0.1, [::1]), any of which a browser on the machine may use.
   */
  ownOrigins: string[];
  /** SMTP_URL, MAIL_FROM, SHOP_NOTIFY_EMAIL: how the shop is mailed about new requests; null without SMTP_URL. */
  mail: MailConfig | null;
  /** WEBHOOK_URL and WEBHOOK_SECRET; null when unset. */
  webhook: { url: string; secret: string } | null;
  /** The settings the service is opened with, as the other apps read them (the quotes' drawings go through it). */
  service: Config;
  /** Days after a request is settled (won, lost or closed) before its contact details are erased. */
  retentionDays: number;
  /** WEBHOOK_ALLOW_HOSTS: hosts (or host:port) a webhook may reach though they resolve inside the shop's network. */
  webhookAllowHosts: string[];
}

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::', '[::]']);

/** CONSOLE_URL when unset: the console's own host and port, `localhost` for loopback or every address. */
function defaultConsoleUrl(host: string, port: number): string {
  const name = LOOPBACK_OR_ANY.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function readConsoleConfig(env: Record<string, string | undefined>): ConsoleConfig {
  const shared = readConfig(env);
  const own = Object.fromEntries(
    Object.keys(ConsoleEnvironment.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])),
  );
  let parsed: z.output<typeof ConsoleEnvironment>;
  try {
    parsed = parseRequest(ConsoleEnvironment, own);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  if ((parsed.WEBHOOK_URL === undefined) !== (parsed.WEBHOOK_SECRET === undefined)) {
    throw new Error('Invalid configuration: WEBHOOK_URL and WEBHOOK_SECRET go together: set both, or neither.');
  }
  const consoleUrl = parsed.CONSOLE_URL ?? defaultConsoleUrl(parsed.CONSOLE_HOST, parsed.CONSOLE_PORT);
  const ownOrigins =
    parsed.CONSOLE_URL !== undefined
      ? [consoleUrl]
      : [...new Set([consoleUrl, ...['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${parsed.CONSOLE_PORT}`)])];
  let mail: MailConfig | null;
  let webhookAllowHosts: string[];
  try {
    webhookAllowHosts = readWebhookAllowHosts(env);
    mail = readMailConfig({ ...env, CONSOLE_URL: consoleUrl });
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    databaseUrl: shared.databaseUrl,
    databasePoolSize: shared.databasePoolSize,
    migrationWaitSeconds: shared.migrationWaitSeconds,
    trustProxy: shared.trustProxy,
    logLevel: shared.logLevel,
    shopName: shared.shopName,
    plateOrdersEnabled: shared.plateOrdersEnabled,
    port: parsed.CONSOLE_PORT,
    host: parsed.CONSOLE_HOST,
    consoleUrl,
    ownOrigins,
    mail,
    webhook: parsed.WEBHOOK_URL !== undefined && parsed.WEBHOOK_SECRET !== undefined ? { url: parsed.WEBHOOK_URL, secret: parsed.WEBHOOK_SECRET } : null,
    service: shared,
    retentionDays: parsed.RFQ_RETENTION_DAYS,
    webhookAllowHosts,
  };
}

export function loadConsoleConfig(): ConsoleConfig {
  return readConsoleConfig(process.env);
}
