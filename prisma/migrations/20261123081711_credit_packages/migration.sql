-- CreateTable
CREATE TABLE "CreditPackage" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "discountPercent" INTEGER NOT NULL DEFAULT 0,
    "variant" INTEGER NOT NULL DEFAULT 0,
    "popular" BOOLEAN NOT NULL DEFAULT false,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "CreditPackage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CreditPackage_siteId_currency_active_sortOrder_idx" ON "CreditPackage"("siteId", "currency", "active", "sortOrder");

-- CreateIndex
CREATE UNIQUE INDEX "CreditPackage_siteId_currency_credits_key" ON "CreditPackage"("siteId", "currency", "credits");

-- AddForeignKey
ALTER TABLE "CreditPackage" ADD CONSTRAINT "CreditPackage_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
