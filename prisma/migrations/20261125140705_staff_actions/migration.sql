-- CreateEnum
CREATE TYPE "StaffActionTarget" AS ENUM ('complaint', 'photo', 'user', 'campaign_link', 'mailing');

-- CreateEnum
CREATE TYPE "StaffActionKind" AS ENUM ('complaint_handled', 'complaint_reopened', 'photo_approved', 'photo_rejected', 'direct_debit_unblocked', 'campaign_link_created', 'campaign_link_updated', 'campaign_link_activated', 'campaign_link_deactivated', 'mailing_started');

-- CreateTable
CREATE TABLE "StaffAction" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "staffId" INTEGER NOT NULL,
    "action" "StaffActionKind" NOT NULL,
    "targetType" "StaffActionTarget" NOT NULL,
    "targetId" INTEGER NOT NULL,
    "detail" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffAction_siteId_createdAt_idx" ON "StaffAction"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "StaffAction_siteId_targetType_createdAt_idx" ON "StaffAction"("siteId", "targetType", "createdAt");

-- CreateIndex
CREATE INDEX "StaffAction_staffId_idx" ON "StaffAction"("staffId");

-- AddForeignKey
ALTER TABLE "StaffAction" ADD CONSTRAINT "StaffAction_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffAction" ADD CONSTRAINT "StaffAction_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
