-- A device with push on belongs to the login session that turned it on: ending that session
-- (logout, password change or reset, account deletion) stops its pushes.

-- AlterTable
ALTER TABLE "PushSubscription" ADD COLUMN     "sessionId" TEXT;

-- Existing devices: the member's most recently used live session from the same browser (the same
-- User-Agent); a device without one is forgotten (its browser subscribes again when push is turned on).
UPDATE "PushSubscription" p SET "sessionId" = (
  SELECT s.id FROM "Session" s
  WHERE s."userId" = p."userId" AND s."expiresAt" > now() AND coalesce(s."userAgent", '') = p."userAgent"
  ORDER BY s."lastUsedAt" DESC
  LIMIT 1
);
DELETE FROM "PushSubscription" WHERE "sessionId" IS NULL;
ALTER TABLE "PushSubscription" ALTER COLUMN "sessionId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "PushSubscription_sessionId_idx" ON "PushSubscription"("sessionId");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
