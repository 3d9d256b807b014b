// The price book's versions: each book as uploaded (JSON text), who uploaded it, and when it was
// published and takes force. Written once per version; publishing sets its publication columns.
import { fromDbDateTime, toDbDateTime } from '../database';
import type { OutboxEvent } from '../records';
import type { StorageAccess } from '../storage';
import { outboxUnit } from './outbox';

const optionalDate = (text: string | null): Date | null => (text === null ? null : fromDbDateTime(text));

export interface NewPriceBookVersion {
  version: string;
  /** The book as JSON text, kept byte for byte. */
  book: string;
  uploadedAt: Date;
  /** The staff member's id; null for the book bundled with a release. */
  uploadedBy: string | null;
  note: string;
}

/** A version without its book text (the history list). */
export interface PriceBookVersionSummary {
  version: string;
  uploadedAt: Date;
  uploadedBy: string | null;
  publishedAt: Date | null;
  publishedBy: string | null;
  effectiveFrom: Date | null;
  note: string;
}

export interface PriceBookVersionRecord extends PriceBookVersionSummary {
  book: string;
}

export interface Publication {
  publishedAt: Date;
  publishedBy: string | null;
  effectiveFrom: Date;
  /** `price_book.published`, written to the outbox in the publication's transaction. */
  event?: OutboxEvent;
}

export interface PriceBookVersionRepository {
  /** Adds a version; false (nothing written) when the version is already stored. */
  insert(row: NewPriceBookVersion): Promise<boolean>;
  get(version: string): Promise<PriceBookVersionRecord | undefined>;
  /** Every version without its book, newest upload first. */
  list(): Promise<PriceBookVersionSummary[]>;
  /** The versions ever published, latest taking force first: what decides the version in force. */
  listPublished(): Promise<PriceBookVersionSummary[]>;
  /** Publishes a stored version (again); false when no such version is stored. */
  publish(version: string, publication: Publication): Promise<boolean>;
}

const SUMMARY = ['version', 'uploaded_at', 'uploaded_by', 'published_at', 'published_by', 'effective_from', 'note'] as const;

type SummaryRow = {
  version: string;
  uploaded_at: string;
  uploaded_by: string | null;
  published_at: string | null;
  published_by: string | null;
  effective_from: string | null;
  note: string;
};

function toSummary(row: SummaryRow): PriceBookVersionSummary {
  return {
    version: row.version,
    uploadedAt: fromDbDateTime(row.uploaded_at),
    uploadedBy: row.uploaded_by,
    publishedAt: optionalDate(row.published_at),
    publishedBy: row.published_by,
    effectiveFrom: optionalDate(row.effective_from),
    note: row.note,
  };
}

export function createPriceBookVersionRepository(storage: StorageAccess): PriceBookVersionRepository {
  const { db, read, transact } = storage;
  return {
    insert(row) {
      return transact('keep the price book', function* () {
        const inserted = yield db
          .insertInto('price_book_versions')
          .values({ version: row.version, book: row.book, uploaded_at: toDbDateTime(row.uploadedAt), uploaded_by: row.uploadedBy, note: row.note })
          .onConflict((conflict) => conflict.column('version').doNothing());
        return inserted.changes === 1;
      });
    },

    async get(version) {
      const [row] = await read('read the price book', db.selectFrom('price_book_versions').select([...SUMMARY, 'book']).where('version', '=', version));
      return row ? { ...toSummary(row), book: row.book } : undefined;
    },

    async list() {
      const rows = await read('read the price book history', db.selectFrom('price_book_versions').select(SUMMARY).orderBy('uploaded_at', 'desc').orderBy('version', 'desc'));
      return rows.map(toSummary);
    },

    async listPublished() {
      const rows = await read(
        'read the published price books',
        db.selectFrom('price_book_versions').select(SUMMARY).where('effective_from', 'is not', null).orderBy('effective_from', 'desc').orderBy('published_at', 'desc'),
      );
      return rows.map(toSummary);
    },

    publish(version, publication) {
      return transact('publish the price book', function* () {
        const published = yield db
          .updateTable('price_book_versions')
          .set({ published_at: toDbDateTime(publication.publishedAt), published_by: publication.publishedBy, effective_from: toDbDateTime(publication.effectiveFrom) })
          .where('version', '=', version);
        if (published.changes !== 1) return false;
        // Webhooks only: the shop is not mailed about its own price book.
        if (publication.event) yield* outboxUnit(db, publication.event, { mailTo: null });
        return true;
      });
    },
  };
}
