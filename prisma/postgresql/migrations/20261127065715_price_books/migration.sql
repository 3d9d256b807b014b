-- CreateTable
CREATE TABLE "price_book_versions" (
    "version" TEXT NOT NULL,
    "book" TEXT NOT NULL,
    "uploaded_at" TIMESTAMP(3) NOT NULL,
    "uploaded_by" TEXT,
    "published_at" TIMESTAMP(3),
    "published_by" TEXT,
    "effective_from" TIMESTAMP(3),
    "note" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "price_book_versions_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "plate_orders_switch" (
    "id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "paused_from" TIMESTAMP(3),
    "paused_until" TIMESTAMP(3),
    "message" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMP(3) NOT NULL,
    "updated_by" TEXT,

    CONSTRAINT "plate_orders_switch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "price_book_versions_effective_from_idx" ON "price_book_versions"("effective_from");
