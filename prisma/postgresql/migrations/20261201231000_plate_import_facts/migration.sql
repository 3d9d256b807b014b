-- AlterTable
ALTER TABLE "plate_imports" ADD COLUMN     "survey" TEXT,
ADD COLUMN     "client_key" TEXT,
ADD COLUMN     "stored_bytes" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "body_deflated" BYTEA;

-- CreateIndex
CREATE INDEX "plate_imports_client_key_created_at_idx" ON "plate_imports"("client_key", "created_at");
