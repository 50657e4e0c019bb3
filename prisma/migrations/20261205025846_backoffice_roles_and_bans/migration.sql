-- CreateEnum
CREATE TYPE "BanReason" AS ENUM ('minor', 'fraud', 'spam', 'harassment', 'fake_profile', 'other');

-- AlterEnum
ALTER TYPE "UserStatus" ADD VALUE 'banned';

-- AlterEnum: today's staff may do everything, so they become admins.
ALTER TYPE "UserRole" RENAME VALUE 'staff' TO 'admin';
ALTER TYPE "UserRole" ADD VALUE 'support' BEFORE 'admin';

-- AlterEnum
ALTER TYPE "StaffActionTarget" ADD VALUE 'site';
ALTER TYPE "StaffActionTarget" ADD VALUE 'credit_package';
ALTER TYPE "StaffActionTarget" ADD VALUE 'gift';
ALTER TYPE "StaffActionTarget" ADD VALUE 'discount_code';

-- AlterEnum
ALTER TYPE "StaffActionKind" ADD VALUE 'member_banned';
ALTER TYPE "StaffActionKind" ADD VALUE 'ban_lifted';
ALTER TYPE "StaffActionKind" ADD VALUE 'credits_adjusted';
ALTER TYPE "StaffActionKind" ADD VALUE 'activation_resent';
ALTER TYPE "StaffActionKind" ADD VALUE 'reactivation_sent';
ALTER TYPE "StaffActionKind" ADD VALUE 'email_confirmed';
ALTER TYPE "StaffActionKind" ADD VALUE 'sessions_ended';
ALTER TYPE "StaffActionKind" ADD VALUE 'login_unlocked';
ALTER TYPE "StaffActionKind" ADD VALUE 'mail_reenabled';
ALTER TYPE "StaffActionKind" ADD VALUE 'settings_changed';
ALTER TYPE "StaffActionKind" ADD VALUE 'package_created';
ALTER TYPE "StaffActionKind" ADD VALUE 'package_updated';
ALTER TYPE "StaffActionKind" ADD VALUE 'gift_created';
ALTER TYPE "StaffActionKind" ADD VALUE 'gift_updated';
ALTER TYPE "StaffActionKind" ADD VALUE 'discount_code_created';
ALTER TYPE "StaffActionKind" ADD VALUE 'discount_code_updated';
ALTER TYPE "StaffActionKind" ADD VALUE 'staff_invited';
ALTER TYPE "StaffActionKind" ADD VALUE 'staff_role_changed';
ALTER TYPE "StaffActionKind" ADD VALUE 'staff_revoked';

-- CreateTable
CREATE TABLE "Ban" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "reason" "BanReason" NOT NULL,
    "note" TEXT NOT NULL,
    "previousStatus" "UserStatus" NOT NULL,
    "bannedById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "liftedAt" TIMESTAMP(3),
    "liftedById" INTEGER,
    "liftNote" TEXT,

    CONSTRAINT "Ban_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Ban_userId_createdAt_idx" ON "Ban"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_bannedById_fkey" FOREIGN KEY ("bannedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_liftedById_fkey" FOREIGN KEY ("liftedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
