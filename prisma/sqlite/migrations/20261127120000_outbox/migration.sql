-- CreateTable
CREATE TABLE "outbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME,
    "created_at" DATETIME NOT NULL,
    "sent_at" DATETIME,
    "last_error" TEXT,
    "claimed_by" TEXT,
    "claimed_until" DATETIME
);

-- CreateTable
CREATE TABLE "outbox_attempts" (
    "row_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "response" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,

    PRIMARY KEY ("row_id", "attempt")
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "disabled_at" DATETIME,
    "created_by" TEXT,
    "created_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "outbox_state_next_attempt_at_idx" ON "outbox"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "outbox_subject_idx" ON "outbox"("subject");

-- CreateIndex
CREATE INDEX "outbox_created_at_idx" ON "outbox"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoints_name_key" ON "webhook_endpoints"("name");
