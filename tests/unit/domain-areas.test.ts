import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The areas of app/domain and their order (docs/architecture.md, Domain areas): an area imports
// only areas listed before it. Keeps the areas from growing back into one knot.
const AREA_ORDER = [
  "core",
  "abuse",
  "staff",
  "credits",
  "sites",
  "profiles",
  "search",
  "photos",
  "landers",
  "notifications",
  "likes",
  "accounts",
  "chat",
  "complaints",
  "appeals",
  "payments",
  "privacy",
] as const;

const domainDir = path.resolve(__dirname, "../../app/domain");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

// Static imports and re-exports (with or without `type`) and dynamic imports.
const importPattern =
  /(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The area a specifier names, for `~/domain/<area>/…` and relative paths that leave the file's area. */
function importedArea(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/domain/")) target = path.join(domainDir, specifier.slice("~/domain/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const relative = path.relative(domainDir, target);
  if (relative.startsWith("..")) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** area → imported area → the files (and specifiers) that import it. */
function areaGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(domainDir)) {
    const area = path.relative(domainDir, file).split(path.sep)[0]!;
    const edges = graph.get(area) ?? new Map<string, string[]>();
    graph.set(area, edges);
    for (const match of readFileSync(file, "utf8").matchAll(importPattern)) {
      const specifier = match[1] ?? match[2]!;
      const target = importedArea(file, specifier);
      if (!target || target === area) continue;
      const users = edges.get(target) ?? [];
      users.push(`${path.relative(domainDir, file)} → ${specifier}`);
      edges.set(target, users);
    }
  }
  return graph;
}

/** Every area-level cycle's areas (strongly connected components of more than one area, Tarjan). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (area: string) => {
    index.set(area, counter);
    low.set(area, counter++);
    stack.push(area);
    onStack.add(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(area, Math.min(low.get(area)!, index.get(next)!));
    }
    if (low.get(area) === index.get(area)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== area);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const area of graph.keys()) if (!index.has(area)) visit(area);
  return found;
}

describe("domain areas", () => {
  const graph = areaGraph();

  it("every area has its place in the order", () => {
    expect([...graph.keys()].filter((area) => !(AREA_ORDER as readonly string[]).includes(area))).toEqual([]);
  });

  it("no two areas import each other, directly or around a cycle", () => {
    const described = cycles(graph).map((component) => {
      const edges = component.flatMap((area) =>
        [...(graph.get(area) ?? new Map<string, string[]>())]
          .filter(([target]) => component.includes(target))
          .map(([target, users]) => `${area} → ${target} (${users.join(", ")})`),
      );
      return `cycle ${component.join(" ⇄ ")}:\n  ${edges.join("\n  ")}`;
    });
    expect(described).toEqual([]);
  });

  it("an area imports only the areas before it in the order", () => {
    const rank = (area: string) => (AREA_ORDER as readonly string[]).indexOf(area);
    const upward = [...graph].flatMap(([area, edges]) =>
      [...edges]
        .filter(([target]) => rank(target) === -1 || rank(target) > rank(area))
        .map(([target, users]) => `${area} imports ${target}, above it: ${users.join(", ")}`),
    );
    expect(upward).toEqual([]);
  });
});
