-- CreateTable
CREATE TABLE "inbox_items" (
    "kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'new',
    "lost_reason" TEXT,
    "assignee_id" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "inbox_items_pkey" PRIMARY KEY ("kind","request_id")
);

-- CreateTable
CREATE TABLE "request_events" (
    "id" SERIAL NOT NULL,
    "request_kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "staff_id" TEXT,
    "event" TEXT NOT NULL,
    "detail" TEXT NOT NULL,

    CONSTRAINT "request_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inbox_items_state_idx" ON "inbox_items"("state");

-- CreateIndex
CREATE INDEX "request_events_request_kind_request_id_at_idx" ON "request_events"("request_kind", "request_id", "at");
