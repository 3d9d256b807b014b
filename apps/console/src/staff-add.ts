// `pnpm staff:add --email E --name N [--owner] [--password-stdin]`: adds a person who may sign in to
// the console and prints their one-time set-password link (24 hours), or, with --password-stdin,
// sets the password read from standard input instead.
import { parseArgs } from 'node:util';
import { addStaff } from './accounts';
import { runStaffCommand } from './staff-command';

const USAGE = 'Usage: pnpm staff:add --email name@example.com --name "Full Name" [--owner] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break (from echo or a file) is not part of the password.
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

function readArgs(): { email: string; name: string; owner: boolean; passwordStdin: boolean } | null {
  let values: { email?: string; name?: string; owner?: boolean; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, owner: { type: 'boolean' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return null;
  }
  if (!values.email || !values.name) {
    process.stderr.write(`--email and --name are both needed.\n${USAGE}\n`);
    return null;
  }
  return { email: values.email, name: values.name, owner: values.owner === true, passwordStdin: values['password-stdin'] === true };
}

const args = readArgs();
if (args === null) process.exit(2);
else {
  runStaffCommand('staff:add', async (opened, config) => {
    const password = args.passwordStdin ? await readStdin() : null;
    const added = await addStaff(
      { staff: opened.staff, audit: opened.audit, now: () => new Date(), consoleUrl: config.consoleUrl },
      { email: args.email, name: args.name, role: args.owner ? 'owner' : 'staff', password },
      { staffId: null, ip: 'command line' },
    );
    process.stdout.write(`Added ${added.staff.name} <${added.staff.email}> as ${added.staff.role}.\n`);
    if (added.welcomeLink) {
      process.stdout.write(`Their one-time link to set a password (works for 24 hours, shown only now):\n${added.welcomeLink}\n`);
    } else {
      process.stdout.write(`Their password is set; they can sign in at ${config.consoleUrl}/sign-in\n`);
    }
    return 0;
  });
}
