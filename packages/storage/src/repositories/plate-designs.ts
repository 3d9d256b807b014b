// Plate designs, read by the plate quoter page (they are written with their handoff).
import { fromDbDateTime, type StorageDatabase } from '../database';
import type { DB } from '../db-types';
import { keepWithinRetention, type PlateDesignRecord, type PlateDesignRepository } from '../records';

type DesignRow = Pick<DB['plate_designs'], 'id' | 'quote_id' | 'item_index' | 'created_at' | 'expires_at' | 'design'> & { schema_version: number };

const DESIGN_COLUMNS = ['id', 'quote_id', 'item_index', 'created_at', 'expires_at', 'design', 'schema_version'] as const;

function toDesign(row: DesignRow): PlateDesignRecord {
  return {
    id: row.id,
    quoteId: row.quote_id,
    itemIndex: row.item_index,
    createdAt: fromDbDateTime(row.created_at),
    expiresAt: fromDbDateTime(row.expires_at),
    design: row.design,
    schemaVersion: row.schema_version,
  };
}

export function createPlateDesignRepository({ db, read, guard }: StorageDatabase): PlateDesignRepository {
  return {
    async get(id, now) {
      const [row] = await guard('read the plate design', () => read(db.selectFrom('plate_designs').select(DESIGN_COLUMNS).where('id', '=', id)));
      return keepWithinRetention(row ? toDesign(row) : null, now);
    },
    async listForHandoff(handoffId, now) {
      const rows = await guard('read the plate designs', () =>
        read(db.selectFrom('plate_designs').select(DESIGN_COLUMNS).where('handoff_id', '=', handoffId).orderBy('quote_id', 'asc').orderBy('item_index', 'asc')),
      );
      return rows.map(toDesign).filter((design) => keepWithinRetention(design, now) !== null);
    },
  };
}
