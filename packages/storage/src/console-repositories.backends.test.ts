// The staff and audit repositories over the storage, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL.
import { describeConsoleRepositories } from '../test/console-cases';
import { describeEachDatabase } from '../test/harness';

describeEachDatabase('staff and audit repositories', describeConsoleRepositories);
