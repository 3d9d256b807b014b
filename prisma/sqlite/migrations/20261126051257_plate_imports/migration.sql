-- CreateTable
CREATE TABLE "plate_imports" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1
);

-- CreateIndex
CREATE INDEX "plate_imports_expires_at_idx" ON "plate_imports"("expires_at");
