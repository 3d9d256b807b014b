-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN "plate_import_id" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_plate_imports" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "retain_until" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);
-- An import kept before this change is kept as long as before: 30 days past its expiry (dates are
-- the text Prisma writes, milliseconds and +00:00).
INSERT INTO "new_plate_imports" ("body", "created_at", "expires_at", "retain_until", "id", "schema_version") SELECT "body", "created_at", "expires_at", strftime('%Y-%m-%dT%H:%M:%f+00:00', "expires_at", '+30 days'), "id", "schema_version" FROM "plate_imports";
DROP TABLE "plate_imports";
ALTER TABLE "new_plate_imports" RENAME TO "plate_imports";
CREATE INDEX "plate_imports_expires_at_idx" ON "plate_imports"("expires_at");
CREATE INDEX "plate_imports_retain_until_idx" ON "plate_imports"("retain_until");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
