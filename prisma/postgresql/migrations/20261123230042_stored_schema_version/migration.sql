-- AlterTable
ALTER TABLE "handoffs" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "plate_designs" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "quotes" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "rfq_links" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "rfq_submissions" ADD COLUMN     "schema_version" INTEGER NOT NULL DEFAULT 1;
