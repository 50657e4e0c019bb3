-- AlterTable
ALTER TABLE "MollieSimulatorRefund" ADD COLUMN     "failedAt" TIMESTAMP(3);
