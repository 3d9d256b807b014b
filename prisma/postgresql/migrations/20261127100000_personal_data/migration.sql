-- AlterTable
ALTER TABLE "order_requests" ADD COLUMN "erased_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "rfq_submissions" ADD COLUMN "erased_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "lost_reasons" (
    "id" SERIAL NOT NULL,
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "retired_at" TIMESTAMP(3),

    CONSTRAINT "lost_reasons_pkey" PRIMARY KEY ("id")
);

-- The reasons offered until an owner edits them.
INSERT INTO "lost_reasons" ("label", "created_at") VALUES
    ('Price', '2026-11-28 10:00:00'),
    ('Lead time', '2026-11-28 10:00:00'),
    ('Went elsewhere', '2026-11-28 10:00:00'),
    ('No reply', '2026-11-28 10:00:00'),
    ('Other', '2026-11-28 10:00:00');
