-- CreateTable
CREATE TABLE "sign_in_counters" (
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "window_start_ms" BIGINT NOT NULL,
    "next_try_ms" BIGINT NOT NULL,
    "refusals" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("kind", "subject", "ip")
);

-- CreateIndex
CREATE INDEX "sign_in_counters_subject_idx" ON "sign_in_counters"("subject");

-- CreateIndex
CREATE INDEX "audit_log_staff_id_id_idx" ON "audit_log"("staff_id", "id");
