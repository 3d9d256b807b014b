-- CreateTable
CREATE TABLE "inbox_items" (
    "kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'new',
    "lost_reason" TEXT,
    "assignee_id" TEXT,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("kind", "request_id")
);

-- CreateTable
CREATE TABLE "request_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "request_kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "staff_id" TEXT,
    "event" TEXT NOT NULL,
    "detail" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "inbox_items_state_idx" ON "inbox_items"("state");

-- CreateIndex
CREATE INDEX "request_events_request_kind_request_id_at_idx" ON "request_events"("request_kind", "request_id", "at");
