// The order-request repository on SQLite, its tables made by the committed migrations.
import { describeOrderRequestCases } from '../test/order-requests.cases';
import { openSqliteOrderDatabase } from '../test/order-database';

describe('order requests on SQLite', () => {
  describeOrderRequestCases(async () => openSqliteOrderDatabase());
});
