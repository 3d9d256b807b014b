// The console's plain line at start for the person at the terminal (beside its JSON log): with no
// staff at all, nobody can sign in, and the first step is the command that adds the first owner.
import type { StaffRepository } from '@shop/storage';

export async function noStaffHint(staff: Pick<StaffRepository, 'list'>, consoleUrl: string): Promise<string | null> {
  if ((await staff.list()).length > 0) return null;
  return `Console: no staff yet, so nobody can sign in at ${consoleUrl}. Run pnpm staff:add first: pnpm staff:add --email you@example.com --name "Your Name" --owner prints a link to set the password.`;
}
