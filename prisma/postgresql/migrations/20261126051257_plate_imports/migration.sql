-- CreateTable
CREATE TABLE "plate_imports" (
    "id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "body" TEXT NOT NULL,
    "schema_version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "plate_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "plate_imports_expires_at_idx" ON "plate_imports"("expires_at");
