-- A message report's evidence gets a column of its own: before, it followed the reporter's note in
-- the description after a separator line, and a note holding that separator could imitate it.
ALTER TABLE "Complaint" ADD COLUMN "evidence" JSONB;

-- The reports made so far, split best effort. Their description was
--   six summary lines [ "\n\nToelichting van de melder: " note ] "\n\n----------\n" history
-- The history's lines never hold an empty line (a message's line breaks were written as ⏎), so the
-- LAST separator is the real one, even when the note held one too; likewise the summary lines
-- hold no line break, so the first empty line in the summary starts the note. The note becomes
-- the description; the rest is kept as written (Dutch text) under "legacy", shown as it is.
WITH split AS (
  SELECT id, description AS d,
    length(description) - position(reverse(E'\n\n----------\n') IN reverse(description)) - 13 + 2 AS at
  FROM "Complaint"
  WHERE "isMessageReport" AND position(E'\n\n----------\n' IN description) > 0
), parts AS (
  SELECT id, left(d, at - 1) AS summary, substr(d, at + 13) AS history,
    position(E'\n\nToelichting van de melder: ' IN left(d, at - 1)) AS note_at
  FROM split
)
UPDATE "Complaint" AS c SET
  description = CASE WHEN p.note_at > 0 THEN substr(p.summary, p.note_at + 29) ELSE '' END,
  evidence = jsonb_build_object('legacy',
    CASE WHEN p.note_at > 0 THEN left(p.summary, p.note_at - 1) ELSE p.summary END
      || E'\n\n' || p.history)
FROM parts AS p
WHERE c.id = p.id;
