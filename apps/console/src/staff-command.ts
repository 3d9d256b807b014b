// What the staff commands (`pnpm staff:add`, `pnpm staff:unlock`) share: the console's configuration,
// the staff tables opened and closed around the work, an AccountProblem said in one line (exit 1),
// and any other failure named with the command (exit 1).
import path from 'node:path';
import type { ConsoleConfig } from './config';
import { AccountProblem } from './accounts';
import { loadConsoleConfig } from './config';
import { openStaffTables } from './open-console';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');

type StaffTables = Awaited<ReturnType<typeof openStaffTables>>;

/** Runs `work` over the staff tables and exits with its code (1 for an AccountProblem, said on stderr). */
export function runStaffCommand(name: string, work: (opened: StaffTables, config: ConsoleConfig) => Promise<number>): void {
  const run = async (): Promise<number> => {
    const config = loadConsoleConfig();
    const opened = await openStaffTables(config, ROOT_DIR);
    try {
      return await work(opened, config);
    } catch (error) {
      if (error instanceof AccountProblem) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await opened.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
