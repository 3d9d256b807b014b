-- AlterTable
ALTER TABLE "idempotency_keys" ADD COLUMN     "plate_import_id" TEXT;

-- AlterTable: an import kept before this change is kept as long as before, 30 days past its expiry.
ALTER TABLE "plate_imports" ADD COLUMN     "retain_until" TIMESTAMP(3);
UPDATE "plate_imports" SET "retain_until" = "expires_at" + INTERVAL '30 days';
ALTER TABLE "plate_imports" ALTER COLUMN "retain_until" SET NOT NULL;

-- CreateIndex
CREATE INDEX "plate_imports_retain_until_idx" ON "plate_imports"("retain_until");
