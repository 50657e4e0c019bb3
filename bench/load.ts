// The load test (docs/decisions/0009-bench.md; part of `npm run bench`, or alone as
// `npm run bench:load`): 500 members browse, like and chat for 60 s across two app processes sharing
// one database, each with an open event stream. Afterwards the database must show every acknowledged
// message exactly once, balances equal to their ledger, one like per acknowledged like, and exactly
// one match per mutual like.
// Members think 3 to 17 s between actions (BENCH_LOAD_THINK_MS: the mean, default 10000; a member
// reading profiles and writing messages). At a 3 s mean the 2-core machine that also runs the
// database and this driver is overloaded: requests queue past the 30 s timeout.
// Then each app server's RSS (goal: 300 MB at most), and the soak: a few of the members keep a
// light, steady load for BENCH_SOAK_SECONDS while each server's RSS is read every 10 s, printed as
// start, peak and end (memory/leaks: bench/memory.ts).
// Environment: BENCH_LOAD_MEMBERS (500), BENCH_LOAD_SECONDS (60), BENCH_LOAD_THINK_MS (10000);
// BENCH_SOAK_SECONDS (600; 0 skips the soak), BENCH_SOAK_MEMBERS (20), BENCH_SOAK_THINK_MS (5000),
// BENCH_HEAP_SNAPSHOT=dir (each server writes a heap snapshot there after the soak); alone it
// seeds BENCH_MEMBERS (default 5000) demo members first. BUILD_DIR, KEEP_BENCH_DATA=1.
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { closeCredits } from "./credits";
import { createBenchMembers, openStream, type BenchMember } from "./members";
import { RSS_GOAL_MB, describeRss, rssMb, rssVerdict, sampleRss, writeHeapSnapshot } from "./memory";
import {
  ensureBuild,
  removeDataDir,
  percentile,
  sleep,
  startServer,
  stopServer,
  waitForHealth,
  type Server,
} from "./server";
import { loadAverage, printTable } from "./table";

const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 10000);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_MEMBERS = Number(process.env.BENCH_SOAK_MEMBERS ?? 20);
const SOAK_THINK_MS = Number(process.env.BENCH_SOAK_THINK_MS ?? 5000);
/** How often the soak reads each server's RSS. */
const RSS_EVERY_MS = 10_000;
/** Each member chats with the members this far away in the ring (all of the other gender). */
const PARTNER_OFFSETS = [1, 3];
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const TIMEOUT_MS = 30_000;

type Action =
  "search" | "profile" | "likes" | "chats" | "chat page" | "like" | "send" | "delivery to the stream";

/** What a member does next, with its weight. */
const MIX: [Action, number][] = [
  ["search", 20],
  ["profile", 20],
  ["likes", 10],
  ["chats", 10],
  ["chat page", 15],
  ["like", 10],
  ["send", 15],
];

interface Tally {
  ms: Map<Action, number[]>;
  errors: Map<string, number>;
  /** Bodies of the messages the site acknowledged. */
  sent: string[];
  /** [likerUserId, likedUserId] the site acknowledged. */
  liked: [number, number][];
  /** When each acknowledged message (by body) was sent, and to whom. */
  sends: Map<string, { started: number; to: number }>;
  /** When a stream showed a message: `${userId}:${messageId}`. */
  received: Map<string, number>;
}

interface Actor extends BenchMember {
  server: Server;
  partners: { member: BenchMember; conversationId: number }[];
}

const newTally = (sent: string[] = []): Tally => ({
  ms: new Map([...MIX.map(([a]) => a), "delivery to the stream" as const].map((a) => [a, []])),
  errors: new Map(),
  sent: [...sent],
  liked: [],
  sends: new Map(),
  received: new Map(),
});

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

function pickAction(): Action {
  let roll = Math.random() * MIX.reduce((sum, [, w]) => sum + w, 0);
  for (const [action, weight] of MIX) if ((roll -= weight) < 0) return action;
  return "search";
}

/** One request; a 2xx or 3xx answer counts, anything else (or no answer in 30 s) is an error. */
async function request(
  tally: Tally,
  action: Action,
  url: string,
  cookie: string,
  body?: URLSearchParams,
): Promise<boolean> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      headers: body ? { ...FORM, cookie } : { cookie },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.status >= 400) {
      const key = `${action}: HTTP ${response.status}`;
      tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
      return false;
    }
    tally.ms.get(action)!.push(performance.now() - started);
    return true;
  } catch (error) {
    const key = `${action}: ${error instanceof Error ? error.name : "error"}`;
    tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
    return false;
  }
}

async function act(
  actor: Actor,
  tally: Tally,
  profileIds: number[],
  everyone: BenchMember[],
  sequence: { next: number },
) {
  const base = actor.server.baseUrl;
  const action = pickAction();
  switch (action) {
    case "search":
      await request(
        tally,
        action,
        `${base}/members?gender=female&country=NL&min_age=25&max_age=55&page=${1 + Math.floor(Math.random() * 5)}`,
        actor.cookie,
      );
      return;
    case "profile":
      await request(tally, action, `${base}/members/${pick(profileIds)}`, actor.cookie);
      return;
    case "likes":
      await request(tally, action, `${base}/likes`, actor.cookie);
      return;
    case "chats":
      await request(tally, action, `${base}/chats`, actor.cookie);
      return;
    case "chat page":
      await request(tally, action, `${base}/chats/${pick(actor.partners).conversationId}`, actor.cookie);
      return;
    case "like": {
      // Other bench members, so mutual likes (and their matches) happen on both servers at once.
      const other = pick(everyone.filter((m) => m.index % 2 !== actor.index % 2));
      const ok = await request(
        tally,
        action,
        `${base}/members/${other.profileId}/like`,
        actor.cookie,
        new URLSearchParams({ intent: "like" }),
      );
      if (ok) tally.liked.push([actor.userId, other.userId]);
      return;
    }
    case "send": {
      const { member: to, conversationId } = pick(actor.partners);
      const body = `load ${actor.index}-${sequence.next++}`;
      const started = performance.now();
      const ok = await request(
        tally,
        action,
        `${base}/chats/${conversationId}.data`,
        actor.cookie,
        new URLSearchParams({ intent: "send", js: "1", body }),
      );
      if (ok) {
        tally.sent.push(body);
        tally.sends.set(body, { started, to: to.userId });
      }
      return;
    }
  }
}

/** A number in letters ("a" for 0 … "j" for 9): text that differs where only the digits would. */
const spelled = (n: number) => String(n).replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!);

/** The first message of every pair, sent by both members at once on different servers where the pair allows. */
async function openConversations(actors: Actor[], client: pg.Client) {
  const byIndex = new Map(actors.map((a) => [a.index, a]));
  const pairs: [Actor, Actor][] = [];
  for (const actor of actors) {
    for (const offset of PARTNER_OFFSETS) {
      const other = byIndex.get((actor.index + offset) % actors.length);
      if (other) pairs.push([actor, other]);
    }
  }
  // Both sides write first at the same moment: one conversation must come of it, with both messages.
  const openers: string[] = [];
  for (let i = 0; i < pairs.length; i += 10) {
    await Promise.all(
      pairs.slice(i, i + 10).flatMap(([a, b]) =>
        [
          [a, b],
          [b, a],
        ].map(async ([from, to]) => {
          // Each member writes four openers: they must differ without their digits, or the site
          // refuses the fourth as a copy-paste opener (decision 0062).
          const body = `opener ${from!.index}-${to!.index} ${spelled(to!.index)}`;
          const response = await fetch(`${from!.server.baseUrl}/members/${to!.profileId}/chat.data`, {
            method: "POST",
            headers: { ...FORM, cookie: from!.cookie },
            body: new URLSearchParams({ intent: "send", js: "1", body }),
          });
          await response.arrayBuffer();
          if (!response.ok)
            throw new Error(
              `The first message ${body} failed: HTTP ${response.status}\n${from!.server.output().slice(-1500)}`,
            );
          openers.push(body);
        }),
      ),
    );
  }
  const { rows } = await client.query<{ id: number; a: number; b: number }>(
    `SELECT id, "userAId" AS a, "userBId" AS b FROM "Conversation" WHERE "userAId" = ANY($1::int[])`,
    [actors.map((a) => a.userId)],
  );
  const conversation = new Map(rows.map((r) => [`${r.a}:${r.b}`, r.id]));
  for (const [a, b] of pairs) {
    const id = conversation.get(`${Math.min(a.userId, b.userId)}:${Math.max(a.userId, b.userId)}`);
    if (!id) throw new Error(`No conversation between ${a.index} and ${b.index}`);
    a.partners.push({ member: b, conversationId: id });
    b.partners.push({ member: a, conversationId: id });
  }
  return { openers, pairs: pairs.length };
}

/** Delivery: from the send's start to the other member's stream showing that message (by its id). */
async function measureDelivery(client: pg.Client, tally: Tally) {
  const { rows } = await client.query<{ id: number; body: string }>(
    `SELECT id, body FROM "Message" WHERE body = ANY($1::text[])`,
    [[...tally.sends.keys()]],
  );
  const delivery = tally.ms.get("delivery to the stream")!;
  let missed = 0;
  for (const { id, body } of rows) {
    const send = tally.sends.get(body)!;
    const at = tally.received.get(`${send.to}:${id}`);
    if (at === undefined) missed++;
    else delivery.push(at - send.started);
  }
  if (missed > 0) tally.errors.set("delivery: not on the stream", missed);
}

interface Check {
  label: string;
  failures: number;
  detail: string;
}

/** What the database must show after the run. */
async function verify(
  client: pg.Client,
  actors: Actor[],
  sent: string[],
  liked: [number, number][],
): Promise<Check[]> {
  const userIds = actors.map((a) => a.userId);
  const { rows: messages } = await client.query<{ lost: number; doubled: number; unacknowledged: number }>(
    `WITH acked AS (SELECT DISTINCT unnest($1::text[]) AS body),
     stored AS (SELECT body, count(*)::int AS n FROM "Message" WHERE "senderId" = ANY($2::int[]) GROUP BY body)
     SELECT (SELECT count(*)::int FROM acked LEFT JOIN stored USING (body) WHERE stored.n IS NULL) AS lost,
       (SELECT count(*)::int FROM stored WHERE n > 1) AS doubled,
       (SELECT count(*)::int FROM stored WHERE body NOT IN (SELECT body FROM acked)) AS unacknowledged`,
    [sent, userIds],
  );
  const { rows: ledger } = await client.query<{ off: number; chain: number; unpaid: number; orphan: number }>(
    `WITH sums AS (
       SELECT u.id, u.credits, coalesce(sum(l.delta), 0)::int AS total,
         (SELECT l2."balanceAfter" FROM "CreditLedgerEntry" l2 WHERE l2."userId" = u.id ORDER BY l2.id DESC LIMIT 1) AS last
       FROM "User" u LEFT JOIN "CreditLedgerEntry" l ON l."userId" = u.id
       WHERE u.id = ANY($1::int[]) GROUP BY u.id)
     SELECT (SELECT count(*)::int FROM sums WHERE credits <> total) AS off,
       (SELECT count(*)::int FROM sums WHERE credits <> last) AS chain,
       (SELECT count(*)::int FROM "Message" m WHERE m."senderId" = ANY($1::int[]) AND m.credits > 0
          AND (SELECT count(*) FROM "CreditLedgerEntry" l WHERE l.reference = 'message:' || m.id
               AND l.delta = -m.credits AND l."userId" = m."senderId") <> 1) AS unpaid,
       (SELECT count(*)::int FROM "CreditLedgerEntry" l WHERE l."userId" = ANY($1::int[]) AND l.reason = 'message'
          AND NOT EXISTS (SELECT 1 FROM "Message" m WHERE 'message:' || m.id = l.reference)) AS orphan`,
    [userIds],
  );
  const { rows: likes } = await client.query<{ missing: number; doubled: number; badMatches: number }>(
    `WITH acked AS (SELECT DISTINCT liker, liked FROM unnest($1::int[], $2::int[]) AS t(liker, liked)),
     mutual AS (SELECT a."likerId" AS x, a."likedId" AS y FROM "Like" a
       JOIN "Like" b ON b."likerId" = a."likedId" AND b."likedId" = a."likerId"
       WHERE a."likerId" < a."likedId" AND a."likerId" = ANY($3::int[]) AND a."likedId" = ANY($3::int[]))
     SELECT (SELECT count(*)::int FROM acked WHERE NOT EXISTS
          (SELECT 1 FROM "Like" l WHERE l."likerId" = acked.liker AND l."likedId" = acked.liked)) AS missing,
       (SELECT count(*)::int FROM (SELECT 1 FROM "Like" WHERE "likerId" = ANY($3::int[])
          GROUP BY "likerId", "likedId" HAVING count(*) > 1) d) AS doubled,
       (SELECT count(*)::int FROM mutual WHERE (SELECT count(*) FROM "Match" m WHERE m."userAId" = mutual.x AND m."userBId" = mutual.y) <> 1)
       + (SELECT count(*)::int FROM "Match" m WHERE m."userAId" = ANY($3::int[]) AND m."userBId" = ANY($3::int[])
          AND NOT EXISTS (SELECT 1 FROM mutual WHERE mutual.x = m."userAId" AND mutual.y = m."userBId")) AS "badMatches"`,
    [liked.map((l) => l[0]), liked.map((l) => l[1]), userIds],
  );
  const { rows: conversations } = await client.query<{ doubled: number; matches: number }>(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM "Conversation" WHERE "userAId" = ANY($1::int[])
        GROUP BY "userAId", "userBId" HAVING count(*) > 1) d) AS doubled,
       (SELECT count(*)::int FROM "Match" WHERE "userAId" = ANY($1::int[]) AND "userBId" = ANY($1::int[])) AS matches`,
    [userIds],
  );
  const m = messages[0]!;
  const l = ledger[0]!;
  const k = likes[0]!;
  return [
    { label: "acknowledged messages missing", failures: m.lost, detail: `of ${sent.length}` },
    { label: "messages stored more than once", failures: m.doubled, detail: "" },
    {
      label: "balances unequal to their ledger (sum / last balanceAfter)",
      failures: l.off + l.chain,
      detail: `${l.off} / ${l.chain} of ${actors.length} members`,
    },
    { label: "paid messages without exactly one ledger row", failures: l.unpaid, detail: "" },
    { label: "message ledger rows without their message", failures: l.orphan, detail: "" },
    {
      label: "acknowledged likes missing",
      failures: k.missing,
      detail: `of ${new Set(liked.map((x) => x.join())).size}`,
    },
    { label: "likes stored more than once", failures: k.doubled, detail: "" },
    {
      label: "mutual likes without exactly one match, or matches without them",
      failures: k.badMatches,
      detail: `${conversations[0]!.matches} matches`,
    },
    { label: "pairs with more than one conversation", failures: conversations[0]!.doubled, detail: "" },
    // Not a failure: a request that timed out on the client may still have been stored.
    {
      label: "(stored but not acknowledged, for information)",
      failures: 0,
      detail: String(m.unacknowledged),
    },
  ];
}

/**
 * The soak, after the load test: SOAK_MEMBERS of its members (on both servers, each with its event
 * stream open) keep browsing, liking and sending at a low, steady pace for SOAK_SECONDS while each
 * server's RSS is read every 10 s. Memory that keeps growing under a steady load is a leak the
 * 60-second load test is too short to show. With BENCH_HEAP_SNAPSHOT each server then writes a heap
 * snapshot. Errors fail the run; the database checks are the load test's.
 */
async function soak(
  servers: Server[],
  actors: Actor[],
  profileIds: number[],
  everyone: BenchMember[],
  sequence: { next: number },
) {
  const soakers = actors.slice(0, SOAK_MEMBERS);
  const streams = new AbortController();
  const tally = newTally();
  try {
    for (const actor of soakers) await openStream(actor.server.baseUrl, actor, () => {}, streams.signal);
    console.log(
      `\nSoak: ${soakers.length} members on ${servers.length} app processes for ${SOAK_SECONDS} s, thinking ` +
        `${Math.round(SOAK_THINK_MS / 3)}–${Math.round((SOAK_THINK_MS * 5) / 3)} ms between actions, RSS read every ${RSS_EVERY_MS / 1000} s…`,
    );
    const loadBefore = loadAverage();
    const sampler = sampleRss(
      servers.map((server) => server.process.pid!),
      RSS_EVERY_MS,
    );
    const deadline = performance.now() + SOAK_SECONDS * 1000;
    await Promise.all(
      soakers.map(async (actor) => {
        await sleep(Math.random() * SOAK_THINK_MS);
        while (performance.now() < deadline) {
          await act(actor, tally, profileIds, everyone, sequence);
          await sleep(SOAK_THINK_MS / 3 + Math.random() * ((SOAK_THINK_MS * 4) / 3));
        }
      }),
    );
    const series = await sampler.stop();
    const actions = [...tally.ms.values()].reduce((sum, values) => sum + values.length, 0);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `Soak: ${actions} actions (${(actions / SOAK_SECONDS).toFixed(1)} per s), ${errors} errors` +
        `${errors ? ` (${[...tally.errors].map(([k, n]) => `${k}: ${n}`).join(", ")})` : ""}; ` +
        `${series[0]!.length} RSS samples per server; load average ${loadBefore} before and ${loadAverage()} after.`,
    );
    series.forEach((samples, i) =>
      console.log(`Server ${i + 1} (pid ${servers[i]!.process.pid}): ${describeRss(samples)}.`),
    );
    if (errors > 0) {
      console.log("Soak FAILED: requests failed under a light load.");
      process.exitCode = 1;
    }
    for (const [i, server] of servers.entries()) {
      const file = await writeHeapSnapshot(server);
      if (file) console.log(`Server ${i + 1}: heap snapshot ${file}`);
    }
  } finally {
    streams.abort();
  }
}

/**
 * Runs the load test against `first` (which seeded the database) and a second app process started
 * here on the same database. Returns whether it passed (no errors, every check holds).
 */
export async function runLoadTest({
  first,
  secret,
  dataDir,
}: {
  first: Server;
  secret: string;
  dataDir: string;
}) {
  const secondDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-load-"));
  const second = await startServer({
    dataDir: secondDir,
    members: 0,
    databaseUrl: first.databaseUrl,
    extraEnv: { SESSION_SECRET: secret, LOG_LEVEL: "warn" },
  });
  const client = new pg.Client({ connectionString: first.databaseUrl });
  const streams = new AbortController();
  try {
    await waitForHealth(second, 5 * 60_000);
    await client.connect();
    const servers = [first, second];
    // Signups place the visitor (the geocoder, the place search): a server that has had one holds
    // the city table, so its memory counts here.
    for (const server of servers) {
      const answer = await fetch(`${server.baseUrl}/api/geocode.php?lat=52.37&lon=4.89`);
      if (!answer.ok) throw new Error(`The geocoder answered HTTP ${answer.status}`);
    }
    console.log(`\nLoad test: creating ${MEMBERS} members (data of the first server in ${dataDir})…`);
    const members = await createBenchMembers(first.databaseUrl, secret, {
      count: MEMBERS,
      credits: 1_000_000,
      prefix: `load-${Date.now()}`,
    });
    const actors: Actor[] = members.map((m) => ({ ...m, server: servers[m.index % 2]!, partners: [] }));
    const { openers, pairs } = await openConversations(actors, client);
    const { rows: profiles } = await client.query<{ id: number }>(
      // Profiles the site shows: invisible and unconfirmed members rightly answer 404.
      `SELECT p.id FROM "Profile" p JOIN "User" u ON u.id = p."userId"
       WHERE p.gender = 'female' AND p.country = 'NL' AND p.status = 'active'
         AND u.status = 'confirmed' AND NOT u.invisible
       ORDER BY p.id LIMIT 2000`,
    );
    const profileIds = profiles.map((p) => p.id);
    const tally = newTally(openers);
    // Every member has the site open in one tab, on its own server: its event stream.
    for (let i = 0; i < actors.length; i += 50) {
      await Promise.all(
        actors
          .slice(i, i + 50)
          .map((actor) =>
            openStream(
              actor.server.baseUrl,
              actor,
              ({ messageId }) => tally.received.set(`${actor.userId}:${messageId}`, performance.now()),
              streams.signal,
            ),
          ),
      );
    }
    console.log(
      `${MEMBERS} members on 2 app processes, ${pairs} conversations opened (both sides writing first at once), ` +
        `${MEMBERS} event streams open; running for ${SECONDS} s, thinking ${Math.round(THINK_MS / 3)}–${Math.round((THINK_MS * 5) / 3)} ms between actions…`,
    );
    const loadBefore = loadAverage();
    const deadline = performance.now() + SECONDS * 1000;
    const sequence = { next: 1 };
    await Promise.all(
      actors.map(async (actor) => {
        await sleep(Math.random() * THINK_MS);
        while (performance.now() < deadline) {
          await act(actor, tally, profileIds, members, sequence);
          await sleep(THINK_MS / 3 + Math.random() * ((THINK_MS * 4) / 3));
        }
      }),
    );
    const loadAfter = loadAverage();
    const rssAfterLoad = await Promise.all(servers.map((server) => rssMb(server.process.pid!)));
    await sleep(3000); // the last messages' way to the streams
    streams.abort();
    await measureDelivery(client, tally);
    const checks = await verify(client, actors, tally.sent, tally.liked);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nLoad test: ${MEMBERS} members, ${SECONDS} s, 2 app processes on one database; ${os.cpus().length} CPU(s), ` +
        `load average ${loadBefore} before and ${loadAfter} after.\n`,
    );
    printTable(
      ["action", "count", "per s", "p50 ms", "p95 ms", "max ms"],
      [...tally.ms].map(([action, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [
          action,
          String(sorted.length),
          (sorted.length / SECONDS).toFixed(1),
          percentile(sorted, 50).toFixed(1),
          percentile(sorted, 95).toFixed(1),
          (sorted.at(-1) ?? NaN).toFixed(1),
        ];
      }),
    );
    console.log(
      `\nErrors: ${errors}${errors ? ` (${[...tally.errors].map(([k, n]) => `${k}: ${n}`).join(", ")})` : ""}\n`,
    );
    printTable(
      ["check after the run", "failures", "detail"],
      checks.map((c) => [c.label, String(c.failures), c.detail]),
    );
    const passed = errors === 0 && checks.every((c) => c.failures === 0);
    console.log(`\nLoad test ${passed ? "passed" : "FAILED"}.`);
    if (!passed) process.exitCode = 1;
    for (const [i, server] of servers.entries()) {
      const logged = server.errors();
      if (logged.length > 0) console.log(`\nServer ${i + 1}'s last errors:\n${logged.join("\n")}`);
    }
    console.log(
      `\nMemory at the end of the load test (RSS of each app server's node process; goal ≤ ${RSS_GOAL_MB} MB):`,
    );
    rssAfterLoad.forEach((mb, i) =>
      console.log(
        `Server ${i + 1} (pid ${servers[i]!.process.pid}): ${mb.toFixed(0)} MB, ${rssVerdict(mb)}.`,
      ),
    );
    if (SOAK_SECONDS > 0) await soak(servers, actors, profileIds, members, sequence);
    return passed;
  } finally {
    streams.abort();
    await client.end().catch(() => {});
    await stopServer(second);
    await removeDataDir(secondDir);
  }
}

/** `npm run bench:load`: the load test alone, on a fresh database with BENCH_MEMBERS demo members. */
async function main() {
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-bench-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const secret = randomBytes(32).toString("hex");
  const members = Number(process.env.BENCH_MEMBERS ?? 5000);
  const server = await startServer({
    dataDir,
    members,
    extraEnv: { SESSION_SECRET: secret, LOG_LEVEL: "warn" },
  });
  try {
    await waitForHealth(server, 60 * 60_000);
    await runLoadTest({ first: server, secret, dataDir });
  } finally {
    await closeCredits();
    await stopServer(server);
    await removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
