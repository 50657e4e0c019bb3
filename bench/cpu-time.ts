// The CPU time the app server and its database spend, read from /proc: the benchmark divides it by
// the requests a row answered, a figure that a busy machine changes far less than req/s (another
// process's work slows a page down but does not add to the page's own CPU time).
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/** Linux's clock ticks per second for /proc times (USER_HZ; 100 on every common platform). */
const TICKS_PER_SECOND = 100;

/**
 * The fields of a /proc/<pid>/stat text after the command name (which may hold spaces and parens):
 * [0] is field 3 of stat(5) (state), [1] the parent's pid, [11] utime and [12] stime.
 */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(")") + 2).split(" ");

/** utime + stime of a /proc/<pid>/stat text, in ms. */
export function parseCpuMs(stat: string): number {
  const fields = statFields(stat);
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`Not a /proc stat line: ${stat}`);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** CPU ms of process `pid` so far. */
export async function cpuMs(pid: number): Promise<number> {
  return parseCpuMs(await readFile(`/proc/${pid}/stat`, "utf8"));
}

/**
 * CPU ms so far of the embedded PostgreSQL under `pgDir` (its postmaster and the processes it
 * started: connections, checkpointer, WAL writer). A connection that ended takes its time along, so
 * read it while the app's pool stays open.
 */
export async function databaseCpuMs(pgDir: string): Promise<number> {
  const postmaster = Number((await readFile(path.join(pgDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  const children: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => null);
    if (stat && Number(statFields(stat)[1]) === postmaster) children.push(Number(entry));
  }
  const times = await Promise.all([postmaster, ...children].map((pid) => cpuMs(pid).catch(() => 0)));
  return times.reduce((sum, ms) => sum + ms, 0);
}
