-- CreateTable
CREATE TABLE "quotes" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "body" TEXT NOT NULL,
    "request" TEXT NOT NULL,

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plate_designs" (
    "id" TEXT NOT NULL,
    "handoff_id" TEXT NOT NULL,
    "quote_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "design" TEXT NOT NULL,

    CONSTRAINT "plate_designs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handoffs" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "handoffs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rfq_links" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "rfq_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rfq_submissions" (
    "id" TEXT NOT NULL,
    "rfq_link_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "rfq_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
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

-- AddForeignKey
ALTER TABLE "plate_designs" ADD CONSTRAINT "plate_designs_handoff_id_fkey" FOREIGN KEY ("handoff_id") REFERENCES "handoffs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
