-- The staff member lookup searches parts of addresses, names, IBANs and phone numbers with trigram
-- indexes (docs/product.md, Staff).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "confirmedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "User_siteId_confirmedAt_idx" ON "User"("siteId", "confirmedAt");

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Profile_name_trgm_idx" ON "Profile" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Payment_siteId_paidAt_idx" ON "Payment"("siteId", "paidAt");

-- CreateIndex
CREATE INDEX "DirectDebitRequest_iban_trgm_idx" ON "DirectDebitRequest" USING GIN ("iban" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "DirectDebitRequest_phone_trgm_idx" ON "DirectDebitRequest" USING GIN ("phone" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Complaint_siteId_email_idx" ON "Complaint"("siteId", "email");

-- CreateIndex
CREATE INDEX "Complaint_siteId_memberRef_idx" ON "Complaint"("siteId", "memberRef");

-- CreateIndex
CREATE INDEX "StaffAction_targetType_targetId_createdAt_idx" ON "StaffAction"("targetType", "targetId", "createdAt");

-- CreateIndex
CREATE INDEX "Message_createdAt_idx" ON "Message"("createdAt");
