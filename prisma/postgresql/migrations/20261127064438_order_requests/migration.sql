-- AlterTable
ALTER TABLE "rfq_submissions" ADD COLUMN     "job" TEXT;

-- CreateTable
CREATE TABLE "order_requests" (
    "id" TEXT NOT NULL,
    "handoff_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'new',
    "price_book" TEXT NOT NULL,
    "subtotal_cents" BIGINT NOT NULL,
    "tax_cents" BIGINT NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "fulfilment" TEXT NOT NULL,
    "address_line1" TEXT,
    "address_line2" TEXT,
    "address_city" TEXT,
    "address_province" TEXT,
    "address_postal_code" TEXT,
    "contact_name" TEXT NOT NULL,
    "contact_email" TEXT NOT NULL,
    "contact_phone" TEXT,
    "contact_company" TEXT,
    "contact_note" TEXT,

    CONSTRAINT "order_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_request_items" (
    "order_request_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "quote_id" TEXT NOT NULL,
    "item_index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "label" TEXT,
    "quantity" INTEGER NOT NULL,
    "unit_amount_cents" BIGINT NOT NULL,
    "amount_cents" BIGINT NOT NULL,

    CONSTRAINT "order_request_items_pkey" PRIMARY KEY ("order_request_id","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "order_requests_idempotency_key_key" ON "order_requests"("idempotency_key");

-- CreateIndex
CREATE INDEX "order_requests_created_at_idx" ON "order_requests"("created_at");

-- CreateIndex
CREATE INDEX "order_requests_handoff_id_idx" ON "order_requests"("handoff_id");

-- AddForeignKey
ALTER TABLE "order_request_items" ADD CONSTRAINT "order_request_items_order_request_id_fkey" FOREIGN KEY ("order_request_id") REFERENCES "order_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
