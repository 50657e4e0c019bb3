-- AlterTable
ALTER TABLE "LanderVisit" ADD COLUMN     "signedUpAt" TIMESTAMP(3);
