-- CreateTable
CREATE TABLE "ConversationStart" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConversationStart_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ConversationStart_userId_createdAt_idx" ON "ConversationStart"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "ConversationStart" ADD CONSTRAINT "ConversationStart_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The conversations started so far: those still there (a block deleted the others, which is why
-- this table exists).
INSERT INTO "ConversationStart" ("userId", "createdAt")
SELECT c."startedById", c."createdAt" FROM "Conversation" c
WHERE EXISTS (SELECT 1 FROM "User" u WHERE u.id = c."startedById");
