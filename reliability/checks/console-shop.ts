// The shop as the console's checks run it: the REST app and the console as processes on one new
// SQLite file, an owner added with `staff:add` and signed in over HTTP.
import { ConsoleBrowser } from './console-client';
import { addStaffByCommand, startServer, tempSqliteUrl } from './processes';
import type { ServerProcess } from './processes';

export const OWNER = { email: 'owner@shop.test', password: 'reliability owner pass' };

export interface Shop {
  databaseUrl: string;
  file: string;
  rest: ServerProcess;
  console: ServerProcess;
  owner: ConsoleBrowser;
  /** The console's environment, to start it again the same way. */
  consoleEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** REST and the console on one new SQLite file, an owner added by the command and signed in. */
export async function startShop(consoleEnv: Record<string, string> = {}, restEnv: Record<string, string> = {}): Promise<Shop> {
  const databaseUrl = tempSqliteUrl();
  const common = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1000' };
  const rest = await startServer('rest', { ...common, PUBLIC_URL: 'http://quotes.test', ...restEnv });
  addStaffByCommand(databaseUrl, OWNER.email, OWNER.password, true);
  const env = { ...common, ...consoleEnv };
  const console = await startServer('console', env);
  const owner = new ConsoleBrowser(console.baseUrl);
  await owner.signIn(OWNER.email, OWNER.password);
  const shop: Shop = {
    databaseUrl,
    file: databaseUrl.slice('file:'.length),
    rest,
    console,
    owner,
    consoleEnv: env,
    async stop() {
      for (const server of [shop.console, shop.rest]) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGTERM').catch(() => undefined);
    },
  };
  return shop;
}
