// The same personal-data cases (the erase queries above all) on PostgreSQL.
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { createPostgresDatabase } from '../test/harness';
import { describePersonalDataCases } from '../test/personal-data.cases';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('personal data on PostgreSQL', () => {
  describePersonalDataCases(() => createPostgresDatabase(postgresUrl!));
});
