-- AlterTable
ALTER TABLE "DiscountCode" ADD COLUMN     "stayOfferFor" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_stayOfferFor_key" ON "DiscountCode"("stayOfferFor");
