-- AlterTable
ALTER TABLE "Gift" ADD COLUMN     "names" JSONB NOT NULL DEFAULT '{}';
