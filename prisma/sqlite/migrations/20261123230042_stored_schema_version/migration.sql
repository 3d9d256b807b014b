-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_handoffs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);
INSERT INTO "new_handoffs" ("body", "created_at", "expires_at", "id") SELECT "body", "created_at", "expires_at", "id" FROM "handoffs";
DROP TABLE "handoffs";
ALTER TABLE "new_handoffs" RENAME TO "handoffs";
CREATE INDEX "handoffs_expires_at_idx" ON "handoffs"("expires_at");
CREATE TABLE "new_plate_designs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "handoff_id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "design" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "plate_designs_handoff_id_fkey" FOREIGN KEY ("handoff_id") REFERENCES "handoffs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_plate_designs" ("created_at", "design", "expires_at", "handoff_id", "id", "item_index", "quote_id") SELECT "created_at", "design", "expires_at", "handoff_id", "id", "item_index", "quote_id" FROM "plate_designs";
DROP TABLE "plate_designs";
ALTER TABLE "new_plate_designs" RENAME TO "plate_designs";
CREATE INDEX "plate_designs_handoff_id_idx" ON "plate_designs"("handoff_id");
CREATE INDEX "plate_designs_expires_at_idx" ON "plate_designs"("expires_at");
CREATE TABLE "new_quotes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);
INSERT INTO "new_quotes" ("body", "created_at", "expires_at", "id", "request") SELECT "body", "created_at", "expires_at", "id", "request" FROM "quotes";
DROP TABLE "quotes";
ALTER TABLE "new_quotes" RENAME TO "quotes";
CREATE INDEX "quotes_expires_at_idx" ON "quotes"("expires_at");
CREATE TABLE "new_rfq_links" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);
INSERT INTO "new_rfq_links" ("body", "created_at", "expires_at", "id") SELECT "body", "created_at", "expires_at", "id" FROM "rfq_links";
DROP TABLE "rfq_links";
ALTER TABLE "new_rfq_links" RENAME TO "rfq_links";
CREATE INDEX "rfq_links_expires_at_idx" ON "rfq_links"("expires_at");
CREATE TABLE "new_rfq_submissions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "rfq_link_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);
INSERT INTO "new_rfq_submissions" ("body", "created_at", "id", "idempotency_key", "rfq_link_id") SELECT "body", "created_at", "id", "idempotency_key", "rfq_link_id" FROM "rfq_submissions";
DROP TABLE "rfq_submissions";
ALTER TABLE "new_rfq_submissions" RENAME TO "rfq_submissions";
CREATE UNIQUE INDEX "rfq_submissions_idempotency_key_key" ON "rfq_submissions"("idempotency_key");
CREATE INDEX "rfq_submissions_created_at_idx" ON "rfq_submissions"("created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
