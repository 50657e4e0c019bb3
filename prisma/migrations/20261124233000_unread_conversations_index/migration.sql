-- The top bar's unread total (app/domain/notifications/member-counts.server.ts) runs with every
-- member page. Through ConversationMember's (userId, hidden, lastMessageAt) index it read every
-- conversation of the member, one heap page each (272 buffers for a member with 244 conversations).
-- This partial index holds only the unread rows, with their count: an index-only scan of a few pages.
-- Prisma's schema cannot describe a partial index, so it lives in this migration only.
CREATE INDEX "ConversationMember_unread_idx" ON "ConversationMember" ("userId") INCLUDE ("unreadCount")
  WHERE "unreadCount" > 0 AND hidden = false;
