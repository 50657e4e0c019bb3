-- AlterEnum
ALTER TYPE "StaffActionKind" ADD VALUE 'report_hold_cleared';

-- CreateEnum
CREATE TYPE "SpamRefusalKind" AS ENUM ('copy_paste_opener', 'contact_details');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "reportHoldAt" TIMESTAMP(3),
ADD COLUMN     "reportsDecidedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "OpenerHash" (
    "userId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "hash" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OpenerHash_pkey" PRIMARY KEY ("userId","day","hash")
);

-- CreateTable
CREATE TABLE "SpamRefusal" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "SpamRefusalKind" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpamRefusal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OpenerHash_day_idx" ON "OpenerHash"("day");

-- CreateIndex
CREATE INDEX "SpamRefusal_siteId_createdAt_idx" ON "SpamRefusal"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "SpamRefusal_userId_createdAt_idx" ON "SpamRefusal"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "OpenerHash" ADD CONSTRAINT "OpenerHash_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpamRefusal" ADD CONSTRAINT "SpamRefusal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A member on hold after reports (docs/product.md, Trust and first contact) leaves member lists as
-- a banned or invisible one does: through Profile.listedSiteId, which every list reads.
CREATE OR REPLACE FUNCTION profile_listed_site(account_id INTEGER) RETURNS INTEGER
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN u.status = 'confirmed' AND NOT u.invisible AND u."reportHoldAt" IS NULL THEN u."siteId" END
  FROM "User" u WHERE u.id = account_id
$$;

DROP TRIGGER user_relist_profile ON "User";

CREATE TRIGGER user_relist_profile AFTER INSERT OR UPDATE OF status, invisible, "siteId", "reportHoldAt" ON "User"
  FOR EACH ROW EXECUTE FUNCTION user_relist_profile();
