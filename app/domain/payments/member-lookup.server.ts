// The staff member lookup (docs/product.md, Staff): members of one site found by what staff have at
// hand (an address, a name, an id, a Mollie payment id, an IBAN's or a phone number's last digits),
// or listed by when they signed up or confirmed (the overview's links). One statement per page:
// the matching ids, their count and the page's rows. Parts of addresses, names, IBANs and phone
// numbers are found through trigram indexes (pg_trgm), so no search reads the member tables whole.
import type { UserRole, UserStatus } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { db, PLAN_EACH_CALL } from "~/lib/db.server";
import { MEMBER_SEARCH_PAGE_SIZE, type MemberSearch } from "./member-search";

/** The overview's lists: members who signed up, or confirmed their address, in a time range. */
export interface MemberList {
  list: "signups" | "confirmations";
  from: Date;
  to: Date;
}

export type MemberQuery = { search: MemberSearch } | MemberList;

export interface MemberHit {
  userId: number;
  email: string;
  status: UserStatus;
  role: UserRole;
  signupDate: Date;
  profileId: number | null;
  name: string | null;
  credits: number;
}

export interface MemberLookup {
  hits: MemberHit[];
  total: number;
  page: number;
  pages: number;
}

/** A LIKE pattern that finds `text` anywhere (its own % and _ taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The ids (column `id`) a query matches, on any site, and how to rank them (`rank`, highest first). */
function matchingIds(siteId: number, query: MemberQuery): { ids: Prisma.Sql; rank: Prisma.Sql } {
  const none = Prisma.sql`0`;
  if ("list" in query) {
    const column = query.list === "signups" ? Prisma.sql`"signupDate"` : Prisma.sql`"confirmedAt"`;
    return {
      ids: Prisma.sql`SELECT id FROM "User" WHERE "siteId" = ${siteId}
        AND ${column} >= ${query.from} AND ${column} < ${query.to}`,
      rank: none,
    };
  }
  const { search } = query;
  switch (search.kind) {
    case "digits": {
      const parts: Prisma.Sql[] = [];
      if (search.id !== null) {
        parts.push(Prisma.sql`SELECT id FROM "User" WHERE id = ${search.id}`);
        parts.push(Prisma.sql`SELECT "userId" AS id FROM "Profile" WHERE id = ${search.id}`);
      }
      if (search.ibanTail !== null) {
        parts.push(
          Prisma.sql`SELECT "userId" AS id FROM "DirectDebitRequest" WHERE iban LIKE ${`%${search.ibanTail}`}`,
        );
      }
      if (search.phoneTail !== null) {
        parts.push(
          Prisma.sql`SELECT "userId" AS id FROM "DirectDebitRequest" WHERE phone LIKE ${`%${search.phoneTail}`}`,
        );
      }
      return {
        ids:
          parts.length > 0 ? Prisma.join(parts, " UNION ") : Prisma.sql`SELECT NULL::int AS id WHERE false`,
        // The member with that id first, then the one with that profile id.
        rank:
          search.id === null
            ? none
            : Prisma.sql`(CASE WHEN u.id = ${search.id} THEN 2 WHEN p.id = ${search.id} THEN 1 ELSE 0 END)`,
      };
    }
    case "payment":
      return {
        ids: Prisma.sql`SELECT "userId" AS id FROM "Payment"
          WHERE "molliePaymentId" = ${search.molliePaymentId} AND "siteId" = ${siteId}`,
        rank: none,
      };
    case "iban":
      return {
        ids: Prisma.sql`SELECT "userId" AS id FROM "DirectDebitRequest" WHERE iban LIKE ${containing(search.iban)}`,
        rank: none,
      };
    case "email":
      return {
        ids: Prisma.sql`SELECT id FROM "User" WHERE email LIKE ${containing(search.text)}`,
        rank: Prisma.sql`(u.email = ${search.text})::int`,
      };
    case "text":
      return {
        ids: Prisma.sql`SELECT id FROM "User" WHERE email LIKE ${containing(search.text)}
          UNION SELECT "userId" FROM "Profile" WHERE name ILIKE ${containing(search.text)}`,
        rank: Prisma.sql`(lower(p.name) = ${search.text} OR u.email = ${search.text})::int`,
      };
  }
}

/** One page (from 1) of the site's members the query matches, best match first, then newest. */
export async function lookUpMembers(siteId: number, query: MemberQuery, page: number): Promise<MemberLookup> {
  const { ids, rank } = matchingIds(siteId, query);
  const offset = (page - 1) * MEMBER_SEARCH_PAGE_SIZE;
  // Planned with its values: how selective a pattern is decides between the trigram index and another.
  const rows = await db().$queryRaw<(Omit<MemberHit, "userId"> & { userId: number | null; total: number })[]>`
    ${PLAN_EACH_CALL}WITH matched AS MATERIALIZED (
      SELECT u.id, ${rank} AS rank
      FROM (${ids}) h JOIN "User" u ON u.id = h.id LEFT JOIN "Profile" p ON p."userId" = u.id
      WHERE u."siteId" = ${siteId}
    )
    SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM matched) t
    LEFT JOIN LATERAL (
      SELECT u.id AS "userId", u.email, u.status::text AS status, u.role::text AS role, u."signupDate",
        u.credits, p.id AS "profileId", p.name
      FROM matched m JOIN "User" u ON u.id = m.id LEFT JOIN "Profile" p ON p."userId" = u.id
      ORDER BY m.rank DESC, u.id DESC
      LIMIT ${MEMBER_SEARCH_PAGE_SIZE} OFFSET ${offset}
    ) r ON true`;
  const total = rows[0]?.total ?? 0;
  return {
    hits: rows.filter((row): row is typeof row & { userId: number } => row.userId !== null),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MEMBER_SEARCH_PAGE_SIZE)),
  };
}
