-- CreateEnum
CREATE TYPE "MailTransport" AS ENUM ('smtp', 'outbox');

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN "transport" "MailTransport";

-- CreateTable
CREATE TABLE "AppServer" (
    "id" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppServer_pkey" PRIMARY KEY ("id")
);
