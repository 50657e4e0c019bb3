-- AlterEnum
ALTER TYPE "VerificationType" ADD VALUE 'activation_login';

-- AlterTable
ALTER TABLE "Session" ADD COLUMN "passwordAt" TIMESTAMP(3);
