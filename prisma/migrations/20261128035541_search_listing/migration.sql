-- CreateTable
CREATE TABLE "SearchListing" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "SearchListing_pkey" PRIMARY KEY ("id")
);

INSERT INTO "SearchListing" (id, version) VALUES (1, 0);

-- Raises the version once per transaction. A deferred trigger runs at commit, so the row lock is held
-- only while the transaction commits, and every reader sees the new version together with the
-- changes it stands for: a reader that reads the version first and the profiles after never caches
-- older profiles under a newer version.
CREATE FUNCTION search_listing_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('hartklop.search_listing_changed', true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('hartklop.search_listing_changed', '1', true);
    UPDATE "SearchListing" SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER search_listing_added_or_removed AFTER INSERT OR DELETE ON "Profile"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_listing_changed();

-- The columns member lists filter and order by (app/domain/search/search.server.ts).
CREATE CONSTRAINT TRIGGER search_listing_moved AFTER UPDATE ON "Profile"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD."listedSiteId" IS DISTINCT FROM NEW."listedSiteId"
    OR OLD."userId" IS DISTINCT FROM NEW."userId"
    OR OLD.gender IS DISTINCT FROM NEW.gender
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.region IS DISTINCT FROM NEW.region
    OR OLD."dateOfBirth" IS DISTINCT FROM NEW."dateOfBirth"
    OR OLD."bodyType" IS DISTINCT FROM NEW."bodyType"
    OR OLD."mainPhotoId" IS DISTINCT FROM NEW."mainPhotoId"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION search_listing_changed();
