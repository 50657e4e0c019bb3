-- CreateEnum
CREATE TYPE "AppealKind" AS ENUM ('photo', 'ban');

-- CreateEnum
CREATE TYPE "AppealStatus" AS ENUM ('open', 'granted', 'refused');

-- AlterEnum
ALTER TYPE "StaffActionTarget" ADD VALUE 'appeal';

-- AlterEnum
ALTER TYPE "StaffActionKind" ADD VALUE 'appeal_granted';
ALTER TYPE "StaffActionKind" ADD VALUE 'appeal_refused';

-- AlterTable: existing photos get their fingerprint from the backfill (docs/operations.md).
ALTER TABLE "Photo" ADD COLUMN "fingerprint" BIGINT,
ADD COLUMN "fingerprintedAt" TIMESTAMP(3),
ADD COLUMN "printReleasedAt" TIMESTAMP(3),
ADD COLUMN "hiddenByOwnerAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Appeal" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "AppealKind" NOT NULL,
    "photoId" INTEGER,
    "banId" INTEGER,
    "text" TEXT NOT NULL,
    "status" "AppealStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedById" INTEGER,
    "decisionReason" TEXT,

    CONSTRAINT "Appeal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Appeal_photoId_key" ON "Appeal"("photoId");

-- CreateIndex
CREATE UNIQUE INDEX "Appeal_banId_key" ON "Appeal"("banId");

-- CreateIndex
CREATE INDEX "Appeal_siteId_status_createdAt_idx" ON "Appeal"("siteId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Appeal_userId_idx" ON "Appeal"("userId");

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "Photo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_banId_fkey" FOREIGN KEY ("banId") REFERENCES "Ban"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
