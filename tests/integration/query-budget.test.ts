// docs/decisions/0008-query-budget.md: a member page costs at most 8 SQL statements (BEGIN/COMMIT
// and the session lookup included) and none of them reads a growing table sequentially. The database
// holds about 17,000 members with photos, likes, matches, conversations, messages, payments and
// ledger rows, analysed, so PostgreSQL's planner chooses as it would in production.
//
// Every statement the request sends is seen at pg's Client#query (Prisma's adapter, the prepared
// statements' pool and pg-boss all go through it), attributed to the request by AsyncLocalStorage
// so the job queue's own polling does not count. Each captured statement is then EXPLAINed with its
// parameters, and the plan may not hold a Seq Scan of a growing table. A named prepared statement
// (queryPrepared) may run with PostgreSQL's generic plan after five calls: its generic plan is
// checked as well, and it must get one: a statement PostgreSQL plans anew on every call fails.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/domain/chat/send-message.server";
import { changeCredits } from "~/domain/credits/credits.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { Prisma } from "~/generated/prisma/client";
import { PAGE_SIZE } from "~/domain/search/filters";
import { db, queryPrepared } from "~/lib/db.server";
import { memberCountsSql } from "~/domain/accounts/member-counts.server";
import { jobs, stopJobs } from "~/lib/jobs.server";
import { rootMiddleware } from "~/middleware/root.server";
import { loader as rootLoader } from "~/root";
import { loader as chatLayoutLoader } from "~/routes/_layout.chat";
import { action as chatAction, loader as chatLoader } from "~/routes/chats.$id";
import { loader as chatsLoader } from "~/routes/chats";
import { loader as chatListLoader } from "~/routes/chats.list";
import { loader as creditsLoader } from "~/routes/credits";
import { loader as likesLoader } from "~/routes/likes";
import { loader as profileViewLoader, middleware as profileViewMiddleware } from "~/routes/members.$id";
import { loader as membersLoader } from "~/routes/members";
import { loader as notificationsLoader } from "~/routes/notifications";
import { loader as profileLoader } from "~/routes/profile";
import { loader as settingsLoader } from "~/routes/settings";
import { loader as swipeGameLoader } from "~/routes/swipe-game";
import { loader as transactionsLoader } from "~/routes/transactions";
import { loader as staffMembersLoader } from "~/routes/staff.members";
import { loader as staffMemberLoader } from "~/routes/staff.members.$id";
import { RouterContextProvider } from "react-router";
import { seedBaseData } from "../../prisma/seed/base-data";
import { seedDemoMembers } from "../../prisma/seed/demo-data";
import { createMember, type Member } from "../fixtures/members";
import { siteRequest } from "../fixtures/run-route";
import {
  GROWING_TABLES,
  growingTableScans,
  isDataStatement,
  withSentStatements,
  type PlanNode,
  type SentStatement,
} from "../fixtures/sent-statements";

// Seeding thousands of members in bulk statements takes longer than a request may.
process.env.DB_STATEMENT_TIMEOUT_MS = "600000";

const BUDGET = 8;
/** Demo members from the seed code; each is then copied COPIES times in bulk SQL (the seed is slow). */
const DEMO_MEMBERS = 800;
const COPIES = 20;

type Handler = (args: never, next: never) => unknown;

/**
 * One request as React Router serves it: the root middlewares, the route's middlewares, then the
 * matched routes' loaders in parallel (or the action alone), with every statement recorded.
 */
async function serve(
  request: Request,
  { middleware = [], handlers }: { middleware?: Handler[]; handlers: Handler[] },
  params: Record<string, string> = {},
) {
  let outcome: unknown[] = [];
  const { statements } = await withSentStatements(async () => {
    const context = new RouterContextProvider();
    const args = { request, context, params, unstable_pattern: "" };
    const chain = rootMiddleware;
    const call = async (index: number): Promise<Response> => {
      if (index === chain.length) {
        const next = (async () => new Response(null)) as never;
        for (const handler of middleware) await handler(args as never, next);
        outcome = await Promise.all(
          handlers.map(async (handler) => {
            try {
              return await handler(args as never, next);
            } catch (thrown) {
              return thrown;
            }
          }),
        );
        return new Response(null);
      }
      return (await chain[index]!(args as never, () => call(index + 1))) as Response;
    };
    await call(0);
  });
  return { statements, outcome };
}

let explainer: pg.Client;

/** The growing tables each statement's plan reads sequentially, as "Table: statement". */
async function sequentialScans(statements: SentStatement[]): Promise<string[]> {
  const problems: string[] = [];
  for (const statement of statements.filter(isDataStatement)) {
    for (const { table, generic, plan } of await growingTableScans(explainer, statement)) {
      if (process.env.QUERY_BUDGET_LOG) console.log(JSON.stringify(plan, null, 1));
      problems.push(
        `${table}${generic ? " (generic plan)" : ""}: ${statement.text.replace(/\s+/g, " ").slice(0, 300)}`,
      );
    }
  }
  return problems;
}

/**
 * The named prepared statements among `statements` that PostgreSQL plans anew on every call: each
 * runs seven times, in a transaction that is rolled back, on a connection of its own; after five
 * custom plans PostgreSQL switches to the statement's generic plan unless it judges the generic plan
 * worse, and then it keeps planning (which for a short read costs more than running it).
 * Prisma's own statements (schema-qualified, with LIMIT and OFFSET as parameters) are left out: their
 * text is Prisma's, and the member pages' hot reads go through queryPrepared instead.
 */
async function replannedOnEveryCall(statements: SentStatement[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const replanned: string[] = [];
  try {
    await client.query("BEGIN");
    for (const [index, { text, values, prepared }] of statements.entries()) {
      if (!prepared || values.length === 0 || /"?pgboss"?\.|"public"\./.test(text)) continue;
      const name = `budget_${index}`;
      for (let call = 0; call < 7; call++) await client.query({ name, text, values });
      const { rows } = await client.query<{ custom: string }>(
        "SELECT custom_plans AS custom FROM pg_prepared_statements WHERE name = $1",
        [name],
      );
      if (Number(rows[0]?.custom) > 5) replanned.push(text.replace(/\s+/g, " ").slice(0, 200));
    }
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    await client.end();
  }
  return replanned;
}

let site: Site;
let viewer: Member;
let partner: Member;
let conversationId: number;
let refs = 0;
/** Support staff of the viewer's site, for the back office's member lookup. */
let support: Member;

async function withCredits(member: Member, credits: number) {
  await changeCredits({
    userId: member.userId,
    delta: credits,
    reason: "correction",
    reference: `test:budget:${member.userId}:${++refs}`,
  });
}

/** Copies of the demo members (profiles, photos, interests) in a few bulk statements. */
async function copyDemoMembers() {
  await db().$executeRaw`
    INSERT INTO "User" ("siteId", email, status, role, invisible, "paidUser", credits, language, "signupDate")
    SELECT u."siteId", 'copy' || g.n || '-' || u.email, u.status, u.role, u.invisible, u."paidUser", u.credits,
      u.language, u."signupDate" - g.n * interval '2 days'
    FROM "User" u CROSS JOIN generate_series(1, ${COPIES}::int) g(n) WHERE u.role = 'member'`;
  const copies = Prisma.sql`
    SELECT op.id AS "oldId", nu.id AS "newUserId", g.n FROM "Profile" op
    JOIN "User" ou ON ou.id = op."userId"
    CROSS JOIN generate_series(1, ${COPIES}::int) g(n)
    JOIN "User" nu ON nu."siteId" = ou."siteId" AND nu.email = 'copy' || g.n || '-' || ou.email`;
  await db().$executeRaw`
    INSERT INTO "Profile" ("userId", name, gender, "seekingGender", sexuality, "dateOfBirth", country, region, city,
      "aboutMe", reason, "hairColor", "eyeColor", "bodyType", "relationshipStatus", tattoos, "isFictional", status,
      "createdAt", "updatedAt")
    SELECT c."newUserId", p.name, p.gender, p."seekingGender", p.sexuality, p."dateOfBirth" - (c.n % 10) * 40, p.country,
      p.region, p.city, p."aboutMe", p.reason, p."hairColor", p."eyeColor", p."bodyType", p."relationshipStatus",
      p.tattoos, p."isFictional", p.status, p."createdAt" - c.n * interval '2 days', now()
    FROM (${copies}) c JOIN "Profile" p ON p.id = c."oldId"`;
  const mapped = Prisma.sql`SELECT c."oldId", np.id AS "newId" FROM (${copies}) c JOIN "Profile" np ON np."userId" = c."newUserId"`;
  await db().$executeRaw`
    INSERT INTO "Photo" ("profileId", filename, "thumbFilename", width, height, status, visibility, "createdAt", "reviewedAt")
    SELECT m."newId", 'copy/' || m."newId" || '/' || ph.filename, 'copy/' || m."newId" || '/' || ph."thumbFilename",
      ph.width, ph.height, ph.status, ph.visibility, ph."createdAt", ph."reviewedAt"
    FROM (${mapped}) m JOIN "Photo" ph ON ph."profileId" = m."oldId"`;
  await db().$executeRaw`
    INSERT INTO "ProfileInterest" ("profileId", "interestCode")
    SELECT m."newId", pi."interestCode" FROM (${mapped}) m JOIN "ProfileInterest" pi ON pi."profileId" = m."oldId"`;
  await db().$executeRaw`
    UPDATE "Profile" p SET "mainPhotoId" = first.id
    FROM (
      SELECT DISTINCT ON ("profileId") id, "profileId" FROM "Photo"
      WHERE status = 'active' AND visibility = 'public' ORDER BY "profileId", id
    ) first
    WHERE p.id = first."profileId" AND p."mainPhotoId" IS NULL`;
}

/** Bulk activity among the members, in plain SQL: likes, matches, conversations with messages, payments, ledger. */
async function seedActivity() {
  await db().$executeRaw`
    INSERT INTO "Like" ("likerId", "likedId", "createdAt", "isNew")
    SELECT u.id, v.id, now() - (u.id % 400) * interval '1 hour', u.id % 3 = 0
    FROM "User" u CROSS JOIN generate_series(1, 4) k JOIN "User" v ON v.id = u.id + k * 3
    WHERE u.role = 'member' ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Match" ("userAId", "userBId", "createdAt")
    SELECT u.id, v.id, now() - (u.id % 300) * interval '1 hour'
    FROM "User" u JOIN "User" v ON v.id = u.id + 5 WHERE u.role = 'member' ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Conversation" ("siteId", "userAId", "userBId", "startedById", "createdAt", "lastMessageAt")
    SELECT u."siteId", u.id, v.id, u.id, now() - (u.id % 300) * interval '1 hour', now() - (u.id % 200) * interval '1 hour'
    FROM "User" u JOIN "User" v ON v.id = u.id + 7 AND v."siteId" = u."siteId"
    WHERE u.role = 'member'
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "ConversationMember" ("conversationId", "userId", "otherUserId", "unreadCount", "lastMessageAt")
    SELECT c.id, c."userAId", c."userBId", c.id % 3, c."lastMessageAt" FROM "Conversation" c
    UNION ALL
    SELECT c.id, c."userBId", c."userAId", 0, c."lastMessageAt" FROM "Conversation" c
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Message" ("conversationId", "senderId", kind, body, credits, "createdAt")
    SELECT c.id, CASE WHEN n % 2 = 0 THEN c."userAId" ELSE c."userBId" END, 'text', 'Hallo ' || n, 0,
      c."createdAt" + n * interval '1 minute'
    FROM "Conversation" c CROSS JOIN generate_series(1, 6) n`;
  await db().$executeRaw`
    INSERT INTO "Payment" ("userId", "siteId", method, "amountCents", currency, credits, status, "createdAt", "paidAt")
    SELECT u.id, u."siteId", 'ideal', 1500, 'EUR', 100, 'paid', now() - n * interval '3 days', now() - n * interval '3 days'
    FROM "User" u CROSS JOIN generate_series(1, 2) n WHERE u.role = 'member'`;
  await db().$executeRaw`
    INSERT INTO "CreditLedgerEntry" ("userId", delta, "balanceAfter", reason, reference, "createdAt")
    SELECT u.id, 100, 100 * n, 'correction', 'seed:' || u.id || ':' || n, now() - n * interval '3 days'
    FROM "User" u CROSS JOIN generate_series(1, 2) n WHERE u.role = 'member'`;
  await db().$executeRaw`
    INSERT INTO "TermsAcceptance" ("userId", "termsVersion", "acceptedAt")
    SELECT u.id, u."signupDate", u."signupDate" FROM "User" u
    WHERE NOT EXISTS (SELECT 1 FROM "TermsAcceptance" ta WHERE ta."userId" = u.id)`;
  await db().$executeRaw`
    INSERT INTO "Session" (id, "userId", "expiresAt", "lastUsedAt")
    SELECT 'seed-' || u.id, u.id, now() + interval '20 days', now() FROM "User" u`;
  await db().$executeRaw`
    INSERT INTO "SwipeDecision" ("userId", "targetId", choice, "decidedAt")
    SELECT u.id, v.id, 'skip', now() - (u.id % 50) * interval '1 hour'
    FROM "User" u JOIN "User" v ON v.id = u.id + 11 WHERE u.role = 'member'
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Block" ("blockerId", "blockedId")
    SELECT u.id, v.id FROM "User" u JOIN "User" v ON v.id = u.id + 13 WHERE u.role = 'member'
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "PushSubscription" ("userId", "sessionId", endpoint, p256dh, auth)
    SELECT u.id, 'seed-' || u.id, 'https://push.example/' || u.id, 'key', 'auth' FROM "User" u WHERE u.role = 'member'`;
  await db().$executeRaw`
    INSERT INTO "ChatEvent" ("userId", type, payload)
    SELECT u.id, 'message', '{}'::jsonb FROM "User" u CROSS JOIN generate_series(1, 2) n`;
}

beforeAll(async () => {
  const sites = await seedBaseData(db());
  await seedDemoMembers(db(), sites, DEMO_MEMBERS);
  await copyDemoMembers();
  site = await resolveSite("hartklop.nl");
  viewer = await createMember({
    gender: "male",
    seekingGender: "female",
    paidUser: true,
    signupDate: new Date(Date.now() - 400 * 24 * 3600_000),
    photos: [{}, {}],
  });
  await withCredits(viewer, 500);
  support = await createMember({ role: "support" });
  await createMember({ email: "budget-lookup-target@example.com", name: "Budgetlookup" });
  await seedActivity();

  // The viewer's own activity: likes both ways (some new), matches, conversations with messages.
  await db().$executeRaw`
    INSERT INTO "Like" ("likerId", "likedId", "isNew", "createdAt")
    SELECT p."userId", ${viewer.userId}, p.id % 2 = 0, now() - p.id * interval '1 minute'
    FROM "Profile" p WHERE p.gender = 'female' AND p.country = 'NL' ORDER BY p.id LIMIT 40
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Like" ("likerId", "likedId", "createdAt")
    SELECT ${viewer.userId}, p."userId", now() - p.id * interval '1 minute'
    FROM "Profile" p WHERE p.gender = 'female' AND p.country = 'NL' ORDER BY p.id LIMIT 20
    ON CONFLICT DO NOTHING`;
  await db().$executeRaw`
    INSERT INTO "Match" ("userAId", "userBId")
    SELECT least(a."likerId", a."likedId"), greatest(a."likerId", a."likedId")
    FROM "Like" a JOIN "Like" b ON b."likerId" = a."likedId" AND b."likedId" = a."likerId"
    WHERE a."likerId" = ${viewer.userId}
    ON CONFLICT DO NOTHING`;
  const partners = await db().profile.findMany({
    where: {
      gender: "female",
      country: "NL",
      status: "active",
      user: { status: "confirmed", invisible: false },
    },
    orderBy: { id: "desc" },
    take: 3,
    select: { id: true, userId: true, photos: { select: { id: true } } },
  });
  for (const [index, other] of partners.entries()) {
    const other_ = { userId: other.userId, profileId: other.id, email: "", photoIds: [] } as Member;
    await withCredits(other_, 50);
    const sent = await sendMessage({
      senderId: other.userId,
      site,
      to: { profileId: viewer.profileId },
      content: { kind: "text", body: `Hoi ${index}` },
    });
    if (!sent.ok) throw new Error(sent.error);
    const answer = await sendMessage({
      senderId: viewer.userId,
      site,
      to: { conversationId: sent.conversationId },
      content: { kind: "text", body: `Hallo terug ${index}` },
    });
    if (!answer.ok) throw new Error(answer.error);
    if (index === 0) {
      partner = other_;
      conversationId = sent.conversationId;
    }
  }

  await jobs(); // started outside any measured request: its own polling is not counted
  await db().$executeRawUnsafe(`VACUUM ANALYZE`);
  explainer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await explainer.connect();
}, 600_000);

afterAll(async () => {
  await explainer?.end();
  await stopJobs();
});

interface Page {
  name: string;
  path: () => string;
  middleware?: Handler[];
  handlers: Handler[];
  params?: () => Record<string, string>;
  form?: Record<string, string>;
  /** Run before the request. */
  before?: () => Promise<void>;
  /** Who asks (the viewer unless told). */
  as?: () => Member;
  /** Statements allowed (BUDGET unless told). */
  budget?: number;
}

/** The back office's member lookup (docs/product.md, Staff): a staff page, not a member one. */
const STAFF_LOOKUP_BUDGET = 10;
/** The back office's member page reads each of its sections once: the whole file of one member. */
const STAFF_MEMBER_PAGE_BUDGET = 25;

const PAGES: Page[] = [
  {
    name: "/members (filtered search, nothing cached)",
    path: () => SEARCH_PATH,
    handlers: [rootLoader, membersLoader],
    before: newListingVersion,
  },
  {
    name: "/members again (its listing from the process's cache)",
    path: () => SEARCH_PATH,
    handlers: [rootLoader, membersLoader],
  },
  {
    name: "/members, the filtered search's second page, nothing cached",
    path: () => `${SEARCH_PATH}&page=2`,
    handlers: [rootLoader, membersLoader],
    before: newListingVersion,
  },
  {
    name: "/members/{id}",
    path: () => `/members/${partner.profileId}`,
    middleware: profileViewMiddleware,
    handlers: [rootLoader, profileViewLoader],
    params: () => ({ id: String(partner.profileId) }),
  },
  { name: "/likes", path: () => "/likes", handlers: [rootLoader, likesLoader] },
  {
    name: "/likes/given",
    path: () => "/likes/given",
    handlers: [rootLoader, likesLoader],
    params: () => ({ type: "given" }),
  },
  {
    name: "/likes/matches",
    path: () => "/likes/matches",
    handlers: [rootLoader, likesLoader],
    params: () => ({ type: "matches" }),
  },
  { name: "/chats", path: () => "/chats", handlers: [rootLoader, chatLayoutLoader, chatsLoader] },
  {
    name: "/chats/{id}",
    path: () => `/chats/${conversationId}`,
    handlers: [rootLoader, chatLayoutLoader, chatLoader],
    params: () => ({ id: String(conversationId) }),
  },
  {
    name: "/chats/{id} with the gift and photo pickers open",
    path: () => `/chats/${conversationId}?gifts=1&photos=1`,
    handlers: [rootLoader, chatLayoutLoader, chatLoader],
    params: () => ({ id: String(conversationId) }),
  },
  {
    name: "/chats/list (the chat list a wide window loads beside a conversation)",
    path: () => "/chats/list",
    handlers: [chatListLoader],
  },
  {
    name: "POST /chats/{id} (send a message)",
    path: () => `/chats/${conversationId}`,
    handlers: [chatAction],
    params: () => ({ id: String(conversationId) }),
    form: { intent: "send", body: "Zullen we iets afspreken?" },
  },
  { name: "/credits", path: () => "/credits", handlers: [rootLoader, creditsLoader] },
  { name: "/notifications", path: () => "/notifications", handlers: [rootLoader, notificationsLoader] },
  { name: "/settings", path: () => "/settings", handlers: [rootLoader, settingsLoader] },
  { name: "/transactions", path: () => "/transactions", handlers: [rootLoader, transactionsLoader] },
  { name: "/profile", path: () => "/profile", handlers: [rootLoader, profileLoader] },
  { name: "/swipe-game", path: () => "/swipe-game", handlers: [rootLoader, swipeGameLoader] },
  {
    name: "/staff/members (part of an e-mail address)",
    path: () => "/staff/members?q=lookup-targ",
    handlers: [rootLoader, staffMembersLoader],
    as: () => support,
    budget: STAFF_LOOKUP_BUDGET,
  },
  {
    name: "/staff/members (part of a name or address)",
    path: () => "/staff/members?q=Budgetloo",
    handlers: [rootLoader, staffMembersLoader],
    as: () => support,
    budget: STAFF_LOOKUP_BUDGET,
  },
  {
    name: "/staff/members/{id} (a member with likes, chats, credits and payments)",
    path: () => `/staff/members/${viewer.userId}`,
    handlers: [rootLoader, staffMemberLoader],
    params: () => ({ id: String(viewer.userId) }),
    as: () => support,
    budget: STAFF_MEMBER_PAGE_BUDGET,
  },
];

describe("the seeded database", () => {
  it("is big enough for the planner to prefer indexes on every growing table", async () => {
    const rows = await explainer.query<{ relname: string; n: string }>(
      `SELECT relname, reltuples::bigint AS n FROM pg_class WHERE relname = ANY($1) AND relkind = 'r'`,
      [GROWING_TABLES],
    );
    for (const table of GROWING_TABLES) {
      const row = rows.rows.find((r) => r.relname === table);
      expect(Number(row?.n ?? 0), table).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe.each(PAGES)("$name", (page) => {
  it(`issues at most ${page.budget ?? BUDGET} SQL statements and reads no growing table sequentially`, async () => {
    await page.before?.();
    // As a browser asks for a page (the session's read then brings the top bar's totals).
    const request = await siteRequest(
      page.path(),
      (page.as?.() ?? viewer).userId,
      page.form ? { form: page.form } : { headers: { Accept: "text/html" } },
    );
    const { statements, outcome } = await serve(
      request,
      { middleware: page.middleware, handlers: page.handlers },
      page.params?.() ?? {},
    );
    // The page really rendered for the member (no redirect to login, no 404): the count means something.
    for (const result of outcome) {
      if (result instanceof Response) {
        expect(result.status, `${page.name}: ${result.headers.get("Location")}`).toBe(302);
        expect(page.form, `${page.name} redirected`).toBeDefined();
      } else {
        expect(result, page.name).toBeTypeOf("object");
        expect(result).not.toHaveProperty("type", "DataWithResponseInit");
      }
    }
    const listing = statements.map((s, i) => `${i + 1}. ${s.text.replace(/\s+/g, " ").slice(0, 160)}`);
    if (process.env.QUERY_BUDGET_LOG)
      console.log(`${page.name}: ${statements.length}\n${listing.join("\n")}`);
    expect(statements.length, `${page.name}:\n${listing.join("\n")}`).toBeLessThanOrEqual(
      page.budget ?? BUDGET,
    );
    expect(await sequentialScans(statements), page.name).toEqual([]);
    // A statement whose best plan depends on its values is marked PLAN_EACH_CALL and runs unnamed.
    expect(await replannedOnEveryCall(statements), `${page.name}: planned on every call`).toEqual([]);
  });
});

describe("/members once its listing is cached", () => {
  it("reads its viewer with the session: the session's statement and the cards' only", async () => {
    const load = async () =>
      serve(await siteRequest(SEARCH_PATH, viewer.userId, { headers: { Accept: "text/html" } }), {
        handlers: [rootLoader, membersLoader],
      });
    await load(); // fills this process's listing cache
    const { statements } = await load();
    const listing = statements.map((s) => s.text.replace(/\s+/g, " ").slice(0, 120));
    expect(statements, listing.join("\n")).toHaveLength(2);
    expect(statements[0]!.text).toMatch(/FROM "Session" s/);
    expect(statements[0]!.text).toMatch(/FROM "Block" b/);
  });
});

interface AnalysedNode extends PlanNode {
  "Subplan Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: AnalysedNode[];
}

function nodes(node: AnalysedNode): AnalysedNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

const SEARCH_PATH = "/members?gender=female&country=NL&min_age=25&max_age=45";

/** What a change of a listed profile does: the search's caches no longer apply (listing-cache.server.ts). */
async function newListingVersion() {
  await explainer.query(`UPDATE "SearchListing" SET version = version + 1 WHERE id = 1`);
}

/** The statements of a filtered /members request. */
async function searchStatements() {
  const request = await siteRequest(SEARCH_PATH, viewer.userId, { headers: { Accept: "text/html" } });
  return (await serve(request, { handlers: [rootLoader, membersLoader] }, {})).statements;
}

/** The plan, run, of the statement matching `pattern` that a filtered /members request sends. */
async function analysedSearchStatement(pattern: RegExp, what: string, options = "ANALYZE") {
  await newListingVersion();
  const statements = await searchStatements();
  const statement = statements.find((s) => pattern.test(s.text));
  expect(statement, what).toBeDefined();
  const result = await explainer.query<{ "QUERY PLAN": [{ Plan: AnalysedNode }] }>({
    text: `EXPLAIN (${options}, FORMAT JSON) ${statement!.text}`,
    values: statement!.values,
  });
  return result.rows[0]!["QUERY PLAN"][0].Plan;
}

describe("/members search tiers", () => {
  it("reads a later tier of the results only while the tiers before it hold fewer than the page needs", async () => {
    const plan = await analysedSearchStatement(/tier0 AS MATERIALIZED/, "the search list statement");
    const tiers = nodes(plan)
      .filter((node) => /^CTE tier\d$/.test(node["Subplan Name"] ?? ""))
      .sort((a, b) => a["Subplan Name"]!.localeCompare(b["Subplan Name"]!));
    expect(tiers.length).toBeGreaterThanOrEqual(2);
    // The first five pages of a search come from one read of the listing.
    const needed = 5 * PAGE_SIZE;
    let before = 0;
    const read: boolean[] = [];
    for (const tier of tiers) {
      const readsProfiles = nodes(tier).some(
        (node) => node["Relation Name"] === "Profile" && node["Actual Loops"] > 0,
      );
      expect(readsProfiles, `${tier["Subplan Name"]} after ${before} rows`).toBe(before < needed);
      read.push(readsProfiles);
      before += tier["Actual Rows"];
    }
    // The case this is about: the first tiers fill the page, the last one is not read at all.
    expect(read.at(-1)).toBe(false);
  });
});

describe("/members listing cache", () => {
  const listingStatement = /tier0 AS MATERIALIZED/;
  const readsListing = (statements: { text: string }[]) =>
    statements.some((s) => listingStatement.test(s.text));

  it("reads the listing again only after a listed profile changed", async () => {
    await newListingVersion();
    expect(readsListing(await searchStatements())).toBe(true);
    const again = await searchStatements();
    expect(readsListing(again)).toBe(false);
    // The regions come from the cache as well, and so does the count: the viewer blocked someone and
    // may match the search, but the shared count is far enough above 1,000 to say "more than 1,000".
    expect(again.some((s) => /WITH RECURSIVE r\(region\)/.test(s.text))).toBe(false);
    expect(again.some((s) => /SELECT count\(\*\)::int AS count/.test(s.text))).toBe(false);
    expect(again.some((s) => /unnest\(\$\d+::int\[\]\) WITH ORDINALITY/.test(s.text))).toBe(true);
    await db().profile.update({
      where: { id: partner.profileId },
      data: { region: "Zeeland" },
      select: { id: true },
    });
    expect(readsListing(await searchStatements())).toBe(true);
  });

  it("is not invalidated by a change that does not move a profile in the lists", async () => {
    await searchStatements();
    await db().profile.update({
      where: { id: partner.profileId },
      data: { aboutMe: "Iets nieuws over mij." },
      select: { id: true },
    });
    expect(readsListing(await searchStatements())).toBe(false);
  });
});

describe("/members/{id} related profiles", () => {
  it("reads the rest of the country only when the profile's region has fewer than six", async () => {
    const request = await siteRequest(`/members/${partner.profileId}`, viewer.userId);
    const { statements } = await serve(
      request,
      { middleware: profileViewMiddleware, handlers: [rootLoader, profileViewLoader] },
      { id: String(partner.profileId) },
    );
    const related = statements.find((s) => /same_region AS MATERIALIZED/.test(s.text));
    expect(related, "the related profiles statement").toBeDefined();
    const result = await explainer.query<{ "QUERY PLAN": [{ Plan: AnalysedNode }] }>({
      text: `EXPLAIN (ANALYZE, FORMAT JSON) ${related!.text}`,
      values: related!.values,
    });
    const ctes = nodes(result.rows[0]!["QUERY PLAN"][0].Plan);
    const cte = (name: string) => ctes.find((node) => node["Subplan Name"] === `CTE ${name}`)!;
    const readsProfiles = (node: AnalysedNode) =>
      nodes(node).some((child) => child["Relation Name"] === "Profile" && child["Actual Loops"] > 0);
    const sameRegion = cte("same_region")["Actual Rows"];
    expect(readsProfiles(cte("rest_of_country"))).toBe(sameRegion < 6);
    // The case this is about: the region alone fills the six.
    expect(sameRegion).toBeGreaterThanOrEqual(6);
  });
});

describe("/members result count", () => {
  it("reads the index pages of its matches only, not of the whole country", async () => {
    const plan = await analysedSearchStatement(
      /^\s*SELECT count\(\*\)::int AS count FROM/,
      "the count statement",
      "ANALYZE, BUFFERS",
    );
    const scan = nodes(plan).find((node) => node["Relation Name"] === "Profile") as AnalysedNode & {
      "Node Type": string;
      "Shared Hit Blocks": number;
      "Shared Read Blocks": number;
    };
    const matches = scan["Actual Rows"];
    const pages = scan["Shared Hit Blocks"] + scan["Shared Read Blocks"];
    expect(matches).toBeGreaterThan(100);
    expect(scan["Node Type"]).toBe("Index Only Scan");
    // An index entry is about 40 bytes: a page holds about 180 of them; the descent adds a few.
    expect(pages).toBeLessThanOrEqual(Math.ceil(matches / 100) + 4);
  });
});

describe("the top bar's unread total", () => {
  it("reads the index entries of the unread conversations only, not every conversation", async () => {
    const request = await siteRequest("/likes", viewer.userId, { headers: { Accept: "text/html" } });
    const { statements } = await serve(request, { handlers: [rootLoader, likesLoader] }, {});
    const session = statements.find((s) => /"unreadMessages"/.test(s.text));
    expect(session, "the session statement with the totals").toBeDefined();
    const result = await explainer.query<{ "QUERY PLAN": [{ Plan: AnalysedNode }] }>({
      text: `EXPLAIN (ANALYZE, FORMAT JSON) ${session!.text}`,
      values: session!.values,
    });
    const scans = nodes(result.rows[0]!["QUERY PLAN"][0].Plan).filter(
      (node) => node["Relation Name"] === "ConversationMember",
    ) as (AnalysedNode & { "Node Type": string; "Index Name": string })[];
    expect(scans.map((scan) => [scan["Node Type"], scan["Index Name"]])).toEqual([
      ["Index Only Scan", "ConversationMember_unread_idx"],
    ]);
  });
});

describe("/members/{id} and new likes", () => {
  const clearing = (statements: { text: string }[]) =>
    statements.filter((s) => /UPDATE "Like" SET "isNew" = false/.test(s.text)).length;
  const view = async (viewerId: number, profileId: number) => {
    const request = await siteRequest(`/members/${profileId}`, viewerId, {
      headers: { Accept: "text/html" },
    });
    const { statements } = await serve(
      request,
      { middleware: profileViewMiddleware, handlers: [rootLoader, profileViewLoader] },
      { id: String(profileId) },
    );
    return statements;
  };

  it("clears a like only when the top bar's totals show new likes", async () => {
    const [member, other, liker] = [await createMember(), await createMember(), await createMember()];
    // No new like at all: no statement to clear one.
    expect(clearing(await view(member.userId, other.profileId))).toBe(0);
    await db().like.create({ data: { likerId: liker.userId, likedId: member.userId }, select: { id: true } });
    // A new like, but not from the profile viewed: the totals name its liker, so nothing to clear.
    expect(clearing(await view(member.userId, other.profileId))).toBe(0);
    expect(clearing(await view(member.userId, liker.profileId))).toBe(1);
    const like = await db().like.findFirstOrThrow({
      where: { likerId: liker.userId, likedId: member.userId },
      select: { isNew: true },
    });
    expect(like.isNew).toBe(false);
  });

  it("clears a like the totals may not name: more new likes than they name", async () => {
    const member = await createMember();
    // The totals name 20 likers of new likes.
    const NEW_LIKERS_NAMED = 20;
    const likers = await Promise.all(Array.from({ length: NEW_LIKERS_NAMED + 1 }, () => createMember()));
    await db().like.createMany({
      data: likers.map((liker) => ({ likerId: liker.userId, likedId: member.userId })),
    });
    const [counts] = await queryPrepared<{ newLikes: number; newLikers: number[] }>(
      memberCountsSql(member.userId),
    );
    expect(counts!.newLikes).toBe(NEW_LIKERS_NAMED + 1);
    const named = new Set(counts!.newLikers);
    expect(named.size).toBe(NEW_LIKERS_NAMED);
    const unnamed = likers.find((liker) => !named.has(liker.profileId))!;
    expect(clearing(await view(member.userId, unnamed.profileId))).toBe(1);
    const like = await db().like.findFirstOrThrow({
      where: { likerId: unnamed.userId, likedId: member.userId },
      select: { isNew: true },
    });
    expect(like.isNew).toBe(false);
  });
});

describe("/staff/members", () => {
  it("finds part of an address and of a name through the trigram indexes", async () => {
    for (const [query, index] of [
      ["lookup-targ", "User_email_trgm_idx"],
      ["Budgetloo", "Profile_name_trgm_idx"],
    ] as const) {
      const request = await siteRequest(`/staff/members?q=${query}`, support.userId);
      const { statements, outcome } = await serve(request, { handlers: [staffMembersLoader] }, {});
      expect(outcome[0]).toMatchObject({ found: { total: 1 } });
      const lookup = statements.find((s) => /matched AS MATERIALIZED/.test(s.text));
      expect(lookup, "the lookup statement").toBeDefined();
      const result = await explainer.query<{ "QUERY PLAN": [{ Plan: AnalysedNode }] }>({
        text: `EXPLAIN (ANALYZE, FORMAT JSON) ${lookup!.text}`,
        values: lookup!.values,
      });
      const indexes = nodes(result.rows[0]!["QUERY PLAN"][0].Plan).map(
        (node) => (node as AnalysedNode & { "Index Name"?: string })["Index Name"],
      );
      expect(indexes, query).toContain(index);
    }
  });
});
