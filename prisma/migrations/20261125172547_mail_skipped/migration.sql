-- AlterEnum
ALTER TYPE "MailStatus" ADD VALUE 'skipped';

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN     "notificationKey" TEXT;
