-- CreateEnum
CREATE TYPE "SwipeChoice" AS ENUM ('like', 'skip');

-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "swipeLikesPerDay" INTEGER NOT NULL DEFAULT 4,
ADD COLUMN     "swipeWaitHours" INTEGER NOT NULL DEFAULT 8,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'Europe/Amsterdam';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "likeMailSentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Like" (
    "id" SERIAL NOT NULL,
    "likerId" INTEGER NOT NULL,
    "likedId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "isNew" BOOLEAN NOT NULL DEFAULT true,
    "announcedAt" TIMESTAMP(3),
    "mailedAt" TIMESTAMP(3),

    CONSTRAINT "Like_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" SERIAL NOT NULL,
    "userAId" INTEGER NOT NULL,
    "userBId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SwipeDecision" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "targetId" INTEGER NOT NULL,
    "choice" "SwipeChoice" NOT NULL,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SwipeDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Like_likerId_createdAt_idx" ON "Like"("likerId", "createdAt");

-- CreateIndex
CREATE INDEX "Like_likedId_createdAt_idx" ON "Like"("likedId", "createdAt");

-- CreateIndex
CREATE INDEX "Like_likedId_isNew_idx" ON "Like"("likedId", "isNew");

-- CreateIndex
CREATE UNIQUE INDEX "Like_likerId_likedId_key" ON "Like"("likerId", "likedId");

-- CreateIndex
CREATE INDEX "Match_userAId_createdAt_idx" ON "Match"("userAId", "createdAt");

-- CreateIndex
CREATE INDEX "Match_userBId_createdAt_idx" ON "Match"("userBId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Match_userAId_userBId_key" ON "Match"("userAId", "userBId");

-- CreateIndex
CREATE INDEX "SwipeDecision_userId_choice_decidedAt_idx" ON "SwipeDecision"("userId", "choice", "decidedAt");

-- CreateIndex
CREATE INDEX "SwipeDecision_targetId_idx" ON "SwipeDecision"("targetId");

-- CreateIndex
CREATE UNIQUE INDEX "SwipeDecision_userId_targetId_key" ON "SwipeDecision"("userId", "targetId");

-- AddForeignKey
ALTER TABLE "Like" ADD CONSTRAINT "Like_likerId_fkey" FOREIGN KEY ("likerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Like" ADD CONSTRAINT "Like_likedId_fkey" FOREIGN KEY ("likedId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_userAId_fkey" FOREIGN KEY ("userAId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_userBId_fkey" FOREIGN KEY ("userBId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SwipeDecision" ADD CONSTRAINT "SwipeDecision_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SwipeDecision" ADD CONSTRAINT "SwipeDecision_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
