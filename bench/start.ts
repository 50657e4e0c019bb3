// `npm run bench:start`: how long `npm start` takes on an unchanged checkout, from the command to
// the first healthy /healthz, with the embedded database of an earlier start (the data folder is a
// temporary one, seeded by a first start that is not counted). The goal: under 5 s. Environment:
// BENCH_START_RUNS (3).
import { spawn } from "node:child_process";
import { chmod, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureBuild, freePort, removeDataDir, seconds, sleep } from "./server";
import { median, machineNote } from "./rounds";
import { loadAverage } from "./table";

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const GOAL_MS = 5_000;

/** Runs `npm start` until /healthz answers 200, then stops it; the time to that answer in ms. */
async function timedStart(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  // Its own process group: npm, node and the embedded PostgreSQL stop together.
  const child = spawn("npm", ["start"], { env, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start ended (exit ${child.exitCode}):\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 10 * 60_000) throw new Error(`No healthy /healthz:\n${stderr}`);
      await sleep(50);
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
    // The server stops its database before it exits; give the last writes a moment.
    await sleep(1_000);
  }
}

async function main() {
  const startLoad = os.loadavg()[0]!;
  console.log(`Load average before: ${loadAverage()}.`);
  console.log(machineNote(startLoad, os.cpus().length));
  ensureBuild();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-start-"));
  await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when started as root
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SEED_MEMBERS: "200",
    DEMO_PHOTOS: "false",
    LOG_LEVEL: "warn",
  };
  try {
    console.log(
      `First start (creates and seeds the database, not counted): ${seconds(await timedStart(env, port))}`,
    );
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const ms = await timedStart(env, port);
      times.push(ms);
      console.log(
        `Start ${run}/${RUNS}: ${seconds(ms)} to a healthy /healthz (load ${os.loadavg()[0]!.toFixed(2)})`,
      );
    }
    const typical = median(times);
    console.log(
      `\nnpm start on an unchanged checkout: median ${seconds(typical)} of ${RUNS} ` +
        `(goal under ${seconds(GOAL_MS)}: ${typical < GOAL_MS ? "met" : "not met"}); ` +
        `load average ${loadAverage()} after.`,
    );
  } finally {
    await removeDataDir(dataDir);
  }
}

await main();
