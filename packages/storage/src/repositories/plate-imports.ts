// Imported drawings (plate_import answers), kept until the last quote naming them is gone.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { keepImportWithinRetention, type PlateImportRepository } from '../records';

export function createPlateImportRepository({ db, read, write, guard }: StorageDatabase): PlateImportRepository {
  return {
    async insert(record) {
      await guard('store the plate import', () =>
        write([
          db.insertInto('plate_imports').values({
            id: record.id,
            created_at: toDbDateTime(record.createdAt),
            expires_at: toDbDateTime(record.expiresAt),
            retain_until: toDbDateTime(record.retainUntil),
            body: record.body,
            schema_version: record.schemaVersion,
          }),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the plate import', () =>
        read(db.selectFrom('plate_imports').select(['id', 'created_at', 'expires_at', 'retain_until', 'body', 'schema_version']).where('id', '=', id)),
      );
      if (!row) return null;
      const record = {
        id: row.id,
        createdAt: fromDbDateTime(row.created_at),
        expiresAt: fromDbDateTime(row.expires_at),
        retainUntil: fromDbDateTime(row.retain_until),
        body: row.body,
        schemaVersion: row.schema_version,
      };
      return keepImportWithinRetention(record, now);
    },
  };
}
