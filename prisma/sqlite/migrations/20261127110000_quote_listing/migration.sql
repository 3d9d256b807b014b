-- AlterTable
ALTER TABLE "quotes" ADD COLUMN "source" TEXT;
ALTER TABLE "quotes" ADD COLUMN "item_count" INTEGER;
ALTER TABLE "quotes" ADD COLUMN "total_cents" BIGINT;
ALTER TABLE "quotes" ADD COLUMN "materials" TEXT;

-- AlterTable
ALTER TABLE "handoffs" ADD COLUMN "opens" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "handoff_quotes" (
    "handoff_id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,

    PRIMARY KEY ("handoff_id", "quote_id"),
    CONSTRAINT "handoff_quotes_handoff_id_fkey" FOREIGN KEY ("handoff_id") REFERENCES "handoffs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "handoff_quotes_quote_id_idx" ON "handoff_quotes"("quote_id");

-- CreateIndex
CREATE INDEX "quotes_created_at_id_expires_at_source_total_cents_item_count_materials_idx" ON "quotes"("created_at", "id", "expires_at", "source", "total_cents", "item_count", "materials");

-- CreateIndex
CREATE INDEX "handoffs_created_at_id_idx" ON "handoffs"("created_at", "id");
