-- AlterEnum
ALTER TYPE "MailStatus" ADD VALUE 'sending';

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN     "claimedAt" TIMESTAMP(3);
