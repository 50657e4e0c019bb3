-- AlterTable
ALTER TABLE "Gift" DROP COLUMN "credits";
