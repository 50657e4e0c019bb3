-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired');

-- AlterEnum
ALTER TYPE "CreditReason" ADD VALUE 'chargeback';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "directDebitBlockedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "siteId" INTEGER NOT NULL,
    "packageId" INTEGER,
    "molliePaymentId" TEXT,
    "method" TEXT NOT NULL,
    "issuer" TEXT,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "discountPercent" INTEGER NOT NULL DEFAULT 0,
    "discountCode" TEXT,
    "status" "PaymentStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),
    "creditedAt" TIMESTAMP(3),
    "chargedBackCents" INTEGER NOT NULL DEFAULT 0,
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "creditsNotRecovered" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MollieSimulatorPayment" (
    "id" TEXT NOT NULL,
    "amountValue" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "method" TEXT,
    "issuer" TEXT,
    "redirectUrl" TEXT NOT NULL,
    "webhookUrl" TEXT,
    "metadata" JSONB,
    "locale" TEXT,
    "sequenceType" TEXT NOT NULL DEFAULT 'oneoff',
    "customerId" TEXT,
    "mandateId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),
    "amountRefunded" TEXT NOT NULL DEFAULT '0.00',
    "amountChargedBack" TEXT NOT NULL DEFAULT '0.00',

    CONSTRAINT "MollieSimulatorPayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Payment_molliePaymentId_key" ON "Payment"("molliePaymentId");

-- CreateIndex
CREATE INDEX "Payment_userId_createdAt_idx" ON "Payment"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_status_createdAt_idx" ON "Payment"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
