import { describeConsoleRepositories } from '../test/console-cases';
import { openSqliteConsoleDb } from '../test/console-tables';

describe('staff and audit repositories on SQLite (tables from the migration files)', () => {
  describeConsoleRepositories(async () => openSqliteConsoleDb());
});
