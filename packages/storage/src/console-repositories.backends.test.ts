import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { describeConsoleRepositories } from '../test/console-cases';
import { openPostgresConsoleDb } from '../test/console-tables';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('staff and audit repositories on PostgreSQL (tables from the migration files)', () => {
  describeConsoleRepositories(() => openPostgresConsoleDb(postgresUrl as string));
});
