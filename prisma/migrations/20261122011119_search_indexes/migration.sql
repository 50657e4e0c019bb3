-- CreateIndex
CREATE INDEX "Profile_search_country_idx" ON "Profile"("country", "createdAt", "id", "gender", "dateOfBirth", "region", "mainPhotoId", "status", "userId");

-- CreateIndex
CREATE INDEX "Profile_search_all_idx" ON "Profile"("createdAt", "id", "gender", "dateOfBirth", "mainPhotoId", "status", "userId");
