-- CreateIndex
CREATE INDEX "Profile_gender_country_dateOfBirth_idx" ON "Profile"("gender", "country", "dateOfBirth");
