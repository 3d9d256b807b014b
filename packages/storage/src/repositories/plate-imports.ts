// Imported drawings (plate_import answers), kept until the last quote naming them is gone. A body is
// kept deflated (import-body.ts), with the bytes counted for the client that sent it.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { keepImportWithinRetention, type PlateImportRepository } from '../records';
import { keepAnswerStatement } from './idempotency-keys';
import { deflateImportBody, importBodyText } from './import-body';

export function createPlateImportRepository({ db, read, write, guard }: StorageDatabase): PlateImportRepository {
  return {
    async insert({ idempotentAnswer, ...record }) {
      const deflated = deflateImportBody(record.body);
      const survey = record.survey ?? null;
      await guard('store the plate import', () =>
        write([
          db.insertInto('plate_imports').values({
            id: record.id,
            created_at: toDbDateTime(record.createdAt),
            expires_at: toDbDateTime(record.expiresAt),
            retain_until: toDbDateTime(record.retainUntil),
            body: '',
            body_deflated: deflated,
            survey,
            client_key: record.clientKey ?? null,
            stored_bytes: deflated.length + (survey === null ? 0 : Buffer.byteLength(survey)),
            schema_version: record.schemaVersion,
          }),
          ...(idempotentAnswer ? [keepAnswerStatement(db, idempotentAnswer)] : []),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the plate import', () =>
        read(
          db
            .selectFrom('plate_imports')
            .select(['id', 'created_at', 'expires_at', 'retain_until', 'body', 'body_deflated', 'survey', 'client_key', 'schema_version'])
            .where('id', '=', id),
        ),
      );
      if (!row) return null;
      const record = {
        id: row.id,
        createdAt: fromDbDateTime(row.created_at),
        expiresAt: fromDbDateTime(row.expires_at),
        retainUntil: fromDbDateTime(row.retain_until),
        body: importBodyText(row),
        schemaVersion: row.schema_version,
        ...(row.survey === null ? {} : { survey: row.survey }),
        ...(row.client_key === null ? {} : { clientKey: row.client_key }),
      };
      return keepImportWithinRetention(record, now);
    },
    async storedBytesSince(clientKey, since) {
      const [row] = await guard('count the plate imports kept', () =>
        read(
          db
            .selectFrom('plate_imports')
            .select((eb) => [eb.fn.sum<number | string | bigint | null>('stored_bytes').as('bytes'), eb.fn.min('created_at').as('oldest')])
            .where('client_key', '=', clientKey)
            .where('created_at', '>=', toDbDateTime(since)),
        ),
      );
      const oldest = row?.oldest ?? null;
      return { bytes: Number(row?.bytes ?? 0), oldest: oldest === null ? null : fromDbDateTime(oldest) };
    },
  };
}
