-- DropIndex
DROP INDEX "Profile_gender_country_dateOfBirth_idx";

-- CreateIndex
CREATE INDEX "Profile_listed_age_idx" ON "Profile"("listedSiteId", "gender", "country", "status", "dateOfBirth", "userId");
