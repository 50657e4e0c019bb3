-- AlterTable
ALTER TABLE "DiscountCode" ADD COLUMN     "maxUses" INTEGER;
