-- AlterTable
ALTER TABLE "Complaint" ADD COLUMN     "isMessageReport" BOOLEAN NOT NULL DEFAULT false;

-- The reports made so far: their description holds the evidence after the separator
-- (EVIDENCE_SEPARATOR in app/domain/chat/report-message.server.ts). Of open duplicates (two quick
-- submits) only the first counts as the report; the others stay plain complaints for staff.
UPDATE "Complaint" AS c SET "isMessageReport" = true
WHERE c."messageRef" IS NOT NULL
  AND position(E'\n\n----------\n' IN c.description) > 0
  AND (c.status <> 'open' OR NOT EXISTS (
    SELECT 1 FROM "Complaint" AS e
    WHERE e.status = 'open' AND e."messageRef" = c."messageRef" AND e.email = c.email
      AND e.id < c.id AND position(E'\n\n----------\n' IN e.description) > 0
  ));

-- One open report per message and reporter (reportMessage's duplicate check reads it too; two
-- quick submits both passed that check before). Only reports: the public form may send several
-- complaints naming the same message. Prisma's schema cannot describe a partial index.
CREATE UNIQUE INDEX "Complaint_open_message_report_key" ON "Complaint" ("messageRef", "email")
  WHERE status = 'open' AND "isMessageReport";
