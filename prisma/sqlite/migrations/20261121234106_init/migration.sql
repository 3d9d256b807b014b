-- CreateTable
CREATE TABLE "quotes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "request" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "plate_designs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "handoff_id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "design" TEXT NOT NULL,
    CONSTRAINT "plate_designs_handoff_id_fkey" FOREIGN KEY ("handoff_id") REFERENCES "handoffs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "handoffs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "rfq_links" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "rfq_submissions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "rfq_link_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "body" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

-- CreateIndex
CREATE INDEX "quotes_expires_at_idx" ON "quotes"("expires_at");

-- CreateIndex
CREATE INDEX "plate_designs_handoff_id_idx" ON "plate_designs"("handoff_id");

-- CreateIndex
CREATE INDEX "plate_designs_expires_at_idx" ON "plate_designs"("expires_at");

-- CreateIndex
CREATE INDEX "handoffs_expires_at_idx" ON "handoffs"("expires_at");

-- CreateIndex
CREATE INDEX "rfq_links_expires_at_idx" ON "rfq_links"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "rfq_submissions_idempotency_key_key" ON "rfq_submissions"("idempotency_key");

-- CreateIndex
CREATE INDEX "rfq_submissions_created_at_idx" ON "rfq_submissions"("created_at");
