-- CreateEnum
CREATE TYPE "MailingKind" AS ENUM ('promotions', 'news');

-- CreateEnum
CREATE TYPE "MailingStatus" AS ENUM ('draft', 'sending', 'sent');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "inactivityReminderDays" INTEGER,
ADD COLUMN     "inactivityReminderSentAt" TIMESTAMP(3),
ADD COLUMN     "notificationsAlertDismissedAt" TIMESTAMP(3),
ADD COLUMN     "pushAlertDismissedAt" TIMESTAMP(3),
ADD COLUMN     "unreadReminderSentAt" TIMESTAMP(3),
ADD COLUMN     "weeklyUpdateSentAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Mail" ADD COLUMN     "unsubscribeUrl" TEXT;

-- AlterTable
ALTER TABLE "ConversationMember" ADD COLUMN     "messageMailSentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "userAgent" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSuccessAt" TIMESTAMP(3),

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenTab" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OpenTab_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Mailing" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "kind" "MailingKind" NOT NULL,
    "language" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "MailingStatus" NOT NULL DEFAULT 'draft',
    "createdById" INTEGER,
    "lastUserId" INTEGER NOT NULL DEFAULT 0,
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "Mailing_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");

-- CreateIndex
CREATE INDEX "OpenTab_userId_visible_seenAt_idx" ON "OpenTab"("userId", "visible", "seenAt");

-- CreateIndex
CREATE INDEX "OpenTab_seenAt_idx" ON "OpenTab"("seenAt");

-- CreateIndex
CREATE INDEX "Mailing_siteId_createdAt_idx" ON "Mailing"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "User_lastSeenAt_idx" ON "User"("lastSeenAt");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenTab" ADD CONSTRAINT "OpenTab_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mailing" ADD CONSTRAINT "Mailing_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mailing" ADD CONSTRAINT "Mailing_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
