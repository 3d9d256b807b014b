-- CreateTable
CREATE TABLE "price_book_versions" (
    "version" TEXT NOT NULL PRIMARY KEY,
    "book" TEXT NOT NULL,
    "uploaded_at" DATETIME NOT NULL,
    "uploaded_by" TEXT,
    "published_at" DATETIME,
    "published_by" TEXT,
    "effective_from" DATETIME,
    "note" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "plate_orders_switch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "state" TEXT NOT NULL,
    "paused_from" DATETIME,
    "paused_until" DATETIME,
    "message" TEXT NOT NULL DEFAULT '',
    "updated_at" DATETIME NOT NULL,
    "updated_by" TEXT
);

-- CreateIndex
CREATE INDEX "price_book_versions_effective_from_idx" ON "price_book_versions"("effective_from");
