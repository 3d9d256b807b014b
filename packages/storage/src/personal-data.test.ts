// The personal-data and lost-reason repositories on SQLite.
import { createSqliteDatabase } from '../test/harness';
import { describePersonalDataCases } from '../test/personal-data.cases';

describe('personal data on SQLite', () => {
  describePersonalDataCases(createSqliteDatabase);
});
