// App servers' memory as the benchmarks report it: the resident set (VmRSS) of the server's node
// process, sampled while a load runs, and on request a heap snapshot of where it goes.
import { mkdirSync } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";

/** The goal: an app server's resident memory after the load test. */
export const RSS_GOAL_MB = 300;

/** VmRSS of a /proc/<pid>/status text, in MB. */
export function parseVmRssMb(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error("No VmRSS line in the process status (has the process ended?)");
  return Number(match[1]) / 1024;
}

/**
 * The resident memory of process `pid`, in MB. It must be node itself: the benchmarks start the
 * server with node's own path (bench/server.ts), where `npm start` would measure npm's wrapper.
 */
export async function rssMb(pid: number): Promise<number> {
  const [status, cmdline] = await Promise.all([
    readFile(`/proc/${pid}/status`, "utf8"),
    readFile(`/proc/${pid}/cmdline`, "utf8"),
  ]);
  const program = path.basename(cmdline.split("\0")[0] ?? "");
  if (!program.startsWith("node"))
    throw new Error(`Process ${pid} is ${program || "unknown"}, not node: its memory is not the server's`);
  return parseVmRssMb(status);
}

export const rssVerdict = (mb: number) => (mb <= RSS_GOAL_MB ? "met" : "NOT met");

/** A change of RSS within this many MB reads as steady: the heap's own breathing. */
const STEADY_MB = 5;

/** Start, peak and end of a series of RSS samples (MB), and the change from start to end. */
export function rssSummary(samples: number[]) {
  if (samples.length === 0) throw new Error("No RSS samples");
  const start = samples[0]!;
  const end = samples.at(-1)!;
  return { start, peak: Math.max(...samples), end, growth: end - start };
}

/** "RSS start X MB, peak Y MB, end Z MB; grew 12 MB (+6%)", or steady, or shrank. */
export function describeRss(samples: number[]): string {
  const { start, peak, end, growth } = rssSummary(samples);
  const change =
    growth > STEADY_MB
      ? `grew ${growth.toFixed(0)} MB (+${((growth / start) * 100).toFixed(0)}%)`
      : growth < -STEADY_MB
        ? `shrank ${(-growth).toFixed(0)} MB`
        : `steady (${growth >= 0 ? "+" : "−"}${Math.abs(growth).toFixed(0)} MB)`;
  return `RSS start ${start.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${end.toFixed(0)} MB; ${change}`;
}

/**
 * Samples the RSS of each of `pids` now and every `everyMs` until stopped (and once more then):
 * one series per process.
 */
export function sampleRss(pids: number[], everyMs: number) {
  const series = pids.map(() => [] as number[]);
  const sample = async () => {
    const values = await Promise.all(pids.map((pid) => rssMb(pid)));
    values.forEach((mb, i) => series[i]!.push(mb));
  };
  let pending = sample();
  const timer = setInterval(() => {
    pending = pending.then(sample);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await sample();
      return series;
    },
  };
}

/** BENCH_HEAP_SNAPSHOT: the folder heap snapshots of the servers go to (none when unset). */
const HEAP_SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT
  ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT)
  : null;

/** Node's flags for a server that writes a heap snapshot on SIGUSR2, into BENCH_HEAP_SNAPSHOT. */
export function heapSnapshotFlags(): string[] {
  if (!HEAP_SNAPSHOT_DIR) return [];
  mkdirSync(HEAP_SNAPSHOT_DIR, { recursive: true });
  return ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${HEAP_SNAPSHOT_DIR}`];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks a server started with heapSnapshotFlags for a heap snapshot and waits until it is written
 * (node writes it on its main thread, which answers nothing meanwhile). Returns its path, or null
 * when BENCH_HEAP_SNAPSHOT is unset.
 */
export async function writeHeapSnapshot(server: { process: { pid?: number }; baseUrl: string }) {
  const pid = server.process.pid;
  if (!HEAP_SNAPSHOT_DIR || pid === undefined) return null;
  const ours = async () =>
    (await readdir(HEAP_SNAPSHOT_DIR)).filter(
      (name) => name.includes(`.${pid}.`) && name.endsWith(".heapsnapshot"),
    );
  const before = new Set(await ours());
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 5 * 60_000;
  let file: string | undefined;
  let size = -1;
  while (Date.now() < deadline) {
    await sleep(1000);
    file ??= (await ours()).find((name) => !before.has(name));
    if (!file) continue;
    const now = (await stat(path.join(HEAP_SNAPSHOT_DIR, file))).size;
    // Written once its size holds still and the server answers again.
    if (now > 0 && now === size && (await fetch(`${server.baseUrl}/healthz`)).ok)
      return path.join(HEAP_SNAPSHOT_DIR, file);
    size = now;
  }
  throw new Error(`No heap snapshot of process ${pid} in ${HEAP_SNAPSHOT_DIR} within 5 minutes`);
}
