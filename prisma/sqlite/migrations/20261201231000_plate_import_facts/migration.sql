-- AlterTable
ALTER TABLE "plate_imports" ADD COLUMN "survey" TEXT;
ALTER TABLE "plate_imports" ADD COLUMN "client_key" TEXT;
ALTER TABLE "plate_imports" ADD COLUMN "stored_bytes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "plate_imports" ADD COLUMN "body_deflated" BLOB;

-- CreateIndex
CREATE INDEX "plate_imports_client_key_created_at_idx" ON "plate_imports"("client_key", "created_at");
