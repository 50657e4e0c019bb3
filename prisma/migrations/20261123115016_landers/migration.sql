-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "camFeedUrl" TEXT,
ADD COLUMN     "resellCountdownSeconds" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "resellUrl" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "campaignToken" TEXT,
ADD COLUMN     "lander" TEXT;

-- CreateTable
CREATE TABLE "CampaignLink" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "lander" TEXT NOT NULL,
    "slug" TEXT,
    "network" TEXT,
    "ref" TEXT,
    "sub1" TEXT,
    "sub2" TEXT,
    "sub3" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LanderVisit" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "lander" TEXT NOT NULL,
    "slug" TEXT,
    "campaignToken" TEXT,
    "network" TEXT,
    "sub1" TEXT,
    "bouncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LanderVisit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CampaignLink_siteId_token_key" ON "CampaignLink"("siteId", "token");

-- CreateIndex
CREATE INDEX "LanderVisit_siteId_createdAt_idx" ON "LanderVisit"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "User_siteId_signupDate_idx" ON "User"("siteId", "signupDate");

-- AddForeignKey
ALTER TABLE "CampaignLink" ADD CONSTRAINT "CampaignLink_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LanderVisit" ADD CONSTRAINT "LanderVisit_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
