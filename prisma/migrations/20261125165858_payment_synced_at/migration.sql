-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "syncedAt" TIMESTAMP(3);
