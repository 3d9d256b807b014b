// `pnpm staff:unlock <email> [--enable] [--new-link]`: clears a person's failed sign-ins (every
// address's count and the account's back-off); with --enable re-enables a disabled account, with
// --new-link ends their password and sessions and prints a one-time link to set a new one. The
// way back in when the last owner is disabled, locked out or has forgotten the password.
import { parseArgs } from 'node:util';
import { clearSignInCounts, enableStaff, issueWelcomeLink, type ConsoleDeps } from './accounts';
import { runStaffCommand } from './staff-command';

const USAGE = 'Usage: pnpm staff:unlock name@example.com [--enable] [--new-link]';
const ACTOR = { staffId: null, ip: 'command line' };

function readArgs(): { email: string; enable: boolean; newLink: boolean } | null {
  let values: { enable?: boolean; 'new-link'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ options: { enable: { type: 'boolean' }, 'new-link': { type: 'boolean' } }, allowPositionals: true, strict: true }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return null;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`One e-mail address is needed.\n${USAGE}\n`);
    return null;
  }
  return { email: (positionals[0] as string).trim().toLowerCase(), enable: values.enable === true, newLink: values['new-link'] === true };
}

const args = readArgs();
if (args === null) process.exit(2);
else {
  runStaffCommand('staff:unlock', async (opened, config) => {
    const { email } = args;
    const deps: ConsoleDeps = { staff: opened.staff, audit: opened.audit, now: () => new Date(), consoleUrl: config.consoleUrl };
    const staff = await opened.staff.findByEmail(email);
    if (!staff) {
      process.stderr.write(`${email} has no account; add it with pnpm staff:add.\n`);
      return 1;
    }
    const cleared = await clearSignInCounts(deps, email, ACTOR);
    process.stdout.write(`Cleared ${email}'s failed sign-ins (${cleared} ${cleared === 1 ? 'count' : 'counts'}).\n`);
    if (args.enable) {
      await enableStaff(deps, staff.id, ACTOR);
      process.stdout.write(staff.disabledAt ? `Enabled ${email} again.\n` : `${email} was not disabled.\n`);
    } else if (staff.disabledAt) {
      process.stdout.write(`${email} is disabled; add --enable to enable it again.\n`);
    }
    if (args.newLink) {
      const issued = await issueWelcomeLink(deps, staff.id, true, ACTOR);
      process.stdout.write(`Their password no longer works. Their one-time link to set a new one (works for 24 hours, shown only now):\n${issued.welcomeLink}\n`);
    }
    return 0;
  });
}
