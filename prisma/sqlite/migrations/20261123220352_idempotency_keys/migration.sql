-- CreateTable
CREATE TABLE "idempotency_keys" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "created_ms" BIGINT NOT NULL,
    "expires_ms" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_ms_idx" ON "idempotency_keys"("expires_ms");
