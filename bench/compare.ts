// `npm run bench:compare`: two or more builds of the app side by side on one database, the member
// pages measured in interleaved rounds (each round visits every build, in a rotating order), so the
// machine's drift falls on all of them alike. Each figure is the median over the rounds of a
// build's req/s divided by the first build's in the same round: a change's gain or loss on a whole
// page, not a share of the trivial page.
// Environment: COMPARE_BUILDS ("name=dir,name=dir,…"; the first is the reference), BENCH_MEMBERS
// (default 20000), BENCH_SECONDS (4), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10).
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { measure } from "./measure";
import { goalPages, memberFacts, someMemberIds } from "./pages";
import { formatRatio, machineNote, median, roundRatios } from "./rounds";
import { seedChats } from "./seed-chats";
import {
  DEMO_LOGIN,
  loginAsDemoMember,
  removeDataDir,
  settleDatabase,
  startServer,
  stopServer,
  waitForHealth,
  type Server,
} from "./server";
import { loadAverage, printTable } from "./table";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function buildsToCompare(): { name: string; dir: string }[] {
  const builds = (process.env.COMPARE_BUILDS ?? "")
    .split(",")
    .filter(Boolean)
    .map((entry) => {
      const [name, dir] = entry.split("=");
      if (!name || !dir) throw new Error(`COMPARE_BUILDS: "${entry}" is not name=dir`);
      return { name, dir: path.resolve(dir) };
    });
  if (builds.length < 2) throw new Error('COMPARE_BUILDS needs at least two builds: "before=dir,after=dir"');
  return builds;
}

/** A page's req/s on one server; a failed request stops the comparison (its figures would mislead). */
async function requestsPerSecond(baseUrl: string, pagePath: string, cookie: string | null, duration: number) {
  const result = await measure(baseUrl, { label: pagePath, path: pagePath }, cookie, {
    seconds: duration,
    connections: CONNECTIONS,
  });
  if (result.errors > 0) throw new Error(`${baseUrl}${pagePath}: ${result.errors} failed requests`);
  return result.rps;
}

async function main() {
  const startLoad = os.loadavg()[0]!;
  const builds = buildsToCompare();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-compare-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  // One secret for all, so one session cookie is valid on every build.
  const secret = randomBytes(32).toString("hex");
  const servers: Server[] = [];
  try {
    console.log(`Seeding ${MEMBERS.toLocaleString("en")} members for ${builds[0]!.name}…`);
    const first = await startServer({
      dataDir,
      members: MEMBERS,
      extraEnv: { SESSION_SECRET: secret, BUILD_DIR: builds[0]!.dir },
    });
    servers.push(first);
    await waitForHealth(first, 60 * 60_000);
    for (const build of builds.slice(1)) {
      const server = await startServer({
        dataDir: path.join(dataDir, build.name),
        members: 0,
        databaseUrl: first.databaseUrl,
        extraEnv: { SESSION_SECRET: secret, BUILD_DIR: build.dir },
      });
      servers.push(server);
      await waitForHealth(server, 120_000);
    }
    const db = new pg.Client({ connectionString: first.databaseUrl });
    await db.connect();
    await seedChats(first.databaseUrl, DEMO_LOGIN.email);
    const { conversationIds } = await memberFacts(db);
    await settleDatabase(db);
    await db.end();
    const cookie = await loginAsDemoMember(first.baseUrl);
    const [profileId] = await someMemberIds(first.baseUrl, cookie);
    const pages: { label: string; path: string; visitor?: boolean }[] = [
      { label: "/login (visitor)", path: "/login", visitor: true },
      ...goalPages({ profileId: profileId!, conversationId: conversationIds[0]! }),
    ];
    // A short warm-up of every page on every build: the JIT and the caches, not the figures.
    for (const server of servers)
      for (const page of pages)
        await requestsPerSecond(server.baseUrl, page.path, page.visitor ? null : cookie, 1);
    const loadBefore = loadAverage();
    const rps = pages.map(() => builds.map(() => [] as number[]));
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`Round ${round + 1}/${ROUNDS}…`);
      for (const [p, page] of pages.entries()) {
        for (let k = 0; k < builds.length; k++) {
          const b = (k + round) % builds.length;
          const value = await requestsPerSecond(
            servers[b]!.baseUrl,
            page.path,
            page.visitor ? null : cookie,
            SECONDS,
          );
          rps[p]![b]!.push(value);
        }
      }
    }
    console.log(`\n${machineNote(startLoad, os.cpus().length)}`);
    console.log(
      `${os.cpus().length} CPU(s), load average ${loadBefore} before the rounds and ${loadAverage()} after, Node ` +
        `${process.version}, ${MEMBERS.toLocaleString("en")} members, ${ROUNDS} rounds of ${SECONDS} s, ` +
        `${CONNECTIONS} connections. req/s of ${builds[0]!.name} (median), then each build's median ratio ` +
        `to it in the same round (lowest to highest).\n`,
    );
    printTable(
      ["page", `${builds[0]!.name} req/s`, ...builds.slice(1).map((b) => `${b.name} / ${builds[0]!.name}`)],
      pages.map((page, p) => {
        const reference = rps[p]![0]!;
        return [
          page.label,
          median(reference).toFixed(0),
          ...builds.slice(1).map((_, i) => formatRatio(roundRatios(rps[p]![i + 1]!, reference))),
        ];
      }),
    );
  } finally {
    for (const server of servers.reverse()) await stopServer(server);
    await removeDataDir(dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
