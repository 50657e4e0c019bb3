-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "sendKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Message_senderId_sendKey_key" ON "Message"("senderId", "sendKey");
