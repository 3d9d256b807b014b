// The order-request repository over the storage, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL.
import { describeEachDatabase } from '../test/harness';
import { describeOrderRequestCases } from '../test/order-requests.cases';

describeEachDatabase('order requests', describeOrderRequestCases);
