// `pnpm staff:add --email E --name N [--owner] [--password-stdin]`: adds a person who may sign in to
// the console and prints their one-time set-password link (24 hours), or, with --password-stdin,
// sets the password read from standard input instead.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AccountProblem, addStaff } from './accounts';
import { loadConsoleConfig } from './config';
import { openStaffTables } from './open-console';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const USAGE = 'Usage: pnpm staff:add --email name@example.com --name "Full Name" [--owner] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break (from echo or a file) is not part of the password.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  let values: { email?: string; name?: string; owner?: boolean; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, owner: { type: 'boolean' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!values.email || !values.name) {
    process.stderr.write(`--email and --name are both needed.\n${USAGE}\n`);
    return 2;
  }
  const password = values['password-stdin'] ? await readStdin() : null;
  const config = loadConsoleConfig();
  const opened = await openStaffTables(config, ROOT_DIR);
  try {
    const added = await addStaff(
      { staff: opened.staff, audit: opened.audit, now: () => new Date(), consoleUrl: config.consoleUrl },
      { email: values.email, name: values.name, role: values.owner ? 'owner' : 'staff', password },
      { staffId: null, ip: 'command line' },
    );
    process.stdout.write(`Added ${added.staff.name} <${added.staff.email}> as ${added.staff.role}.\n`);
    if (added.welcomeLink) {
      process.stdout.write(`Their one-time link to set a password (works for 24 hours, shown only now):\n${added.welcomeLink}\n`);
    } else {
      process.stdout.write(`Their password is set; they can sign in at ${config.consoleUrl}/sign-in\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AccountProblem) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`staff:add failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
