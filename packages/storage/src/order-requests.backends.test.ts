// The same order-request cases on PostgreSQL, its schema made by the committed migrations.
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { describeOrderRequestCases } from '../test/order-requests.cases';
import { openPostgresOrderDatabase } from '../test/order-database';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('order requests on PostgreSQL', () => {
  describeOrderRequestCases(() => openPostgresOrderDatabase(postgresUrl!));
});
