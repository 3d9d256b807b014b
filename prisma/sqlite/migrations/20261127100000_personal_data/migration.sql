-- AlterTable
ALTER TABLE "order_requests" ADD COLUMN "erased_at" DATETIME;

-- AlterTable
ALTER TABLE "rfq_submissions" ADD COLUMN "erased_at" DATETIME;

-- CreateTable
CREATE TABLE "lost_reasons" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "label" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "retired_at" DATETIME
);

-- The reasons offered until an owner edits them.
INSERT INTO "lost_reasons" ("label", "created_at") VALUES
    ('Price', '2026-11-28T10:00:00.000+00:00'),
    ('Lead time', '2026-11-28T10:00:00.000+00:00'),
    ('Went elsewhere', '2026-11-28T10:00:00.000+00:00'),
    ('No reply', '2026-11-28T10:00:00.000+00:00'),
    ('Other', '2026-11-28T10:00:00.000+00:00');
