-- DropIndex
DROP INDEX "Profile_search_country_idx";

-- DropIndex
DROP INDEX "Profile_search_all_idx";

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "listedSiteId" INTEGER;

-- A profile is listed on its account's site while the account is confirmed and visible: member
-- lists then read only Profile's search indexes, without a User probe per profile.
CREATE FUNCTION profile_listed_site(account_id INTEGER) RETURNS INTEGER
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN u.status = 'confirmed' AND NOT u.invisible THEN u."siteId" END
  FROM "User" u WHERE u.id = account_id
$$;

UPDATE "Profile" SET "listedSiteId" = profile_listed_site("userId");

-- Whatever a statement writes, a profile's listedSiteId is derived, never taken from the statement.
CREATE FUNCTION profile_set_listed_site() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."listedSiteId" := profile_listed_site(NEW."userId");
  RETURN NEW;
END
$$;

CREATE TRIGGER profile_listed_site BEFORE INSERT OR UPDATE OF "userId", "listedSiteId" ON "Profile"
  FOR EACH ROW EXECUTE FUNCTION profile_set_listed_site();

CREATE FUNCTION user_relist_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Profile" SET "listedSiteId" = profile_listed_site(NEW.id) WHERE "userId" = NEW.id
    AND "listedSiteId" IS DISTINCT FROM profile_listed_site(NEW.id);
  RETURN NULL;
END
$$;

-- Also after an insert: a statement that inserts an account and its profile together (one
-- statement with CTEs) only sees the account once it is done.
CREATE TRIGGER user_relist_profile AFTER INSERT OR UPDATE OF status, invisible, "siteId" ON "User"
  FOR EACH ROW EXECUTE FUNCTION user_relist_profile();

-- CreateIndex
CREATE INDEX "Profile_search_country_idx" ON "Profile"("listedSiteId", "country", "createdAt", "id", "gender", "dateOfBirth", "region", "mainPhotoId", "status", "userId");

-- CreateIndex
CREATE INDEX "Profile_search_all_idx" ON "Profile"("listedSiteId", "createdAt", "id", "gender", "dateOfBirth", "mainPhotoId", "status", "userId");

-- Plans of member lists depend on listedSiteId's statistics: gather them now, not at autovacuum's leisure.
ANALYZE "Profile";
