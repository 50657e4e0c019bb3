-- CreateTable
CREATE TABLE "MollieSimulatorRefund" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "metadata" JSONB,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MollieSimulatorRefund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MollieSimulatorRefund_idempotencyKey_key" ON "MollieSimulatorRefund"("idempotencyKey");

-- CreateIndex
CREATE INDEX "MollieSimulatorRefund_paymentId_createdAt_idx" ON "MollieSimulatorRefund"("paymentId", "createdAt");

-- AddForeignKey
ALTER TABLE "MollieSimulatorRefund" ADD CONSTRAINT "MollieSimulatorRefund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "MollieSimulatorPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
