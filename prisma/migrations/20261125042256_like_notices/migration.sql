-- CreateTable
CREATE TABLE "LikeNotice" (
    "likerId" INTEGER NOT NULL,
    "likedId" INTEGER NOT NULL,
    "notifiedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LikeNotice_pkey" PRIMARY KEY ("likerId","likedId")
);

-- CreateIndex
CREATE INDEX "LikeNotice_notifiedAt_idx" ON "LikeNotice"("notifiedAt");

-- AddForeignKey
ALTER TABLE "LikeNotice" ADD CONSTRAINT "LikeNotice_likerId_fkey" FOREIGN KEY ("likerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LikeNotice" ADD CONSTRAINT "LikeNotice_likedId_fkey" FOREIGN KEY ("likedId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
