// Idempotency-Key rows: claimed by one statement, answered, released.
import type { Compilable } from 'kysely';
import type { StorageDatabase } from '../database';
import type { IdempotencyRepository, IdempotentAnswer } from '../records';
import { importBodyText } from './import-body';

/**
 * The statement that keeps an idempotent request's answer, to run in the write of the record it
 * made: all or nothing with it. Only an unanswered claim takes it (an answered key keeps its first).
 */
export function keepAnswerStatement(db: StorageDatabase['db'], answer: IdempotentAnswer): Compilable {
  const kept = answer.plateImportId === undefined ? { body: answer.body } : { body: null, plate_import_id: answer.plateImportId };
  return db.updateTable('idempotency_keys').set({ status: answer.status, ...kept }).where('key', '=', answer.key).where('status', 'is', null);
}

export function createIdempotencyRepository({ db, read, write, guard }: StorageDatabase): IdempotencyRepository {
  // An imported drawing's answer is its import's body, read through the reference.
  const readKept = async (key: string) => {
    const query = db
      .selectFrom('idempotency_keys as k')
      .leftJoin('plate_imports as p', 'p.id', 'k.plate_import_id')
      .select(['k.request_hash', 'k.status', 'k.body', 'k.expires_ms', 'p.body as import_body', 'p.body_deflated as import_deflated'])
      .where('k.key', '=', key);
    const [row] = await guard('read the idempotency key', () => read(query));
    if (!row) return null;
    const importBody = row.import_body === null ? null : importBodyText({ body: row.import_body, body_deflated: row.import_deflated });
    const body = row.body ?? importBody;
    const answer = row.status !== null && body !== null ? { status: row.status, body } : null;
    return { requestHash: row.request_hash, answer, expiresMs: Number(row.expires_ms) };
  };
  return {
    async claim({ key, requestHash, now, keepMs, staleMs }) {
      const nowMs = now.getTime();
      // One statement: a new key, an expired one or a stale unfinished one becomes this request's;
      // otherwise the row stays as it is, and no row comes back.
      const [outcome] = await guard('claim the idempotency key', () =>
        write([
          db
            .insertInto('idempotency_keys')
            .values({ key, request_hash: requestHash, status: null, body: null, created_ms: nowMs, expires_ms: nowMs + keepMs })
            .onConflict((conflict) =>
              conflict
                .column('key')
                .doUpdateSet((eb) => ({
                  request_hash: eb.ref('excluded.request_hash'),
                  status: null,
                  body: null,
                  plate_import_id: null,
                  created_ms: eb.ref('excluded.created_ms'),
                  expires_ms: eb.ref('excluded.expires_ms'),
                }))
                .where((eb) =>
                  eb.or([
                    eb('idempotency_keys.expires_ms', '<=', eb.ref('excluded.created_ms')),
                    eb.and([eb('idempotency_keys.status', 'is', null), eb('idempotency_keys.created_ms', '<=', nowMs - staleMs)]),
                  ]),),
            )
            .returning('key'),
        ]),
      );
      if (outcome?.rows.length === 1) return { claimed: true };
      const existing = await readKept(key);
      if (!existing) return { claimed: false, requestHash: '', answer: null };
      return { claimed: false, requestHash: existing.requestHash, answer: existing.answer };
    },
    async find(key, now) {
      const existing = await readKept(key);
      return existing && existing.expiresMs > now.getTime() ? { requestHash: existing.requestHash, answer: existing.answer } : null;
    },
    async complete(key, answer) {
      const [body, importId] = 'plateImportId' in answer ? [null, answer.plateImportId] : [answer.body, null];
      const [outcome] = await guard('keep the idempotent answer', () =>
        write([db.updateTable('idempotency_keys').set({ status: answer.status, body, plate_import_id: importId }).where('key', '=', key)]),
      );
      // A key this request does not hold is a mistake rather than an outage.
      if (outcome?.changes === 0) throw new Error(`idempotency key ${key} not found to keep its answer`);
    },
    async release(key) {
      await guard('release the idempotency key', () => write([db.deleteFrom('idempotency_keys').where('key', '=', key).where('status', 'is', null)]));
    },
  };
}
