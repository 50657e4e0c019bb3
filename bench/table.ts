// Markdown tables and the load average for the benchmarks' output (pasted into the README as is).
import os from "node:os";

export function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ") + " |";
  console.log(format(header));
  console.log(
    "|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|",
  );
  for (const line of lines) console.log(format(line));
}

/** The 1, 5 and 15 minute load averages. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
