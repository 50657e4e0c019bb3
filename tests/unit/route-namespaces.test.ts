import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { DEFAULT_NAMESPACE } from "~/lib/i18n";

// The browser loads a page's translation namespaces only: those in the `handle` of its routes (root,
// layouts, page). This reads each route module and what it imports (not `.server` modules, which
// never reach the browser) for the namespaces its code names, and checks the handles against them.

const root = path.resolve(__dirname, "../..");
const appDir = path.join(root, "app");
const namespaces = readdirSync(path.join(root, "locales/nl")).map((file) => file.replace(/\.json$/, ""));
const SERVER_ONLY = new Set(["pages", "mail"]);

// "ns:key", 'ns:key' or `ns:${…}` in any string, and useTranslation("ns").
const namedKey = new RegExp(`["'\`](${namespaces.join("|")}):`, "g");
const namespaceHook = /useTranslation\(\s*["'`]([\w-]+)["'`]/g;
const imports =
  /(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|((?:hydrateLater|mountLater)\(\s*\(\)\s*=>\s*)?import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(appDir, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * Components loaded later (`lazy(() => import("./x"))`, a `.tsx` module imported dynamically) load
 * their own namespaces (`usePageTranslator`), so the page need not: such a module is not followed.
 * Parts the server renders with the page and the browser hydrates later, and parts the browser
 * mounts after the page (`hydrateLater` or `mountLater(() => import("./x")…)`,
 * app/ui/hydrate-later.tsx), use the page's namespaces.
 */
const selfTranslating = new Set<string>();

function moduleGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, typeOnly, specifier, withPage, dynamic] of readFileSync(file, "utf8").matchAll(imports)) {
    if (typeOnly) continue;
    const resolved = resolveImport(file, (specifier ?? dynamic)!);
    if (!resolved || !/\.(tsx?)$/.test(resolved) || /\.server\.tsx?$/.test(resolved)) continue;
    if (dynamic && !withPage && resolved.endsWith(".tsx")) selfTranslating.add(resolved);
    else moduleGraph(resolved, seen);
  }
  return seen;
}

const usedCache = new Map<string, Set<string>>();
function namespacesUsedBy(file: string): Set<string> {
  let used = usedCache.get(file);
  if (!used) {
    used = new Set();
    for (const module of moduleGraph(file)) {
      const source = readFileSync(module, "utf8");
      for (const [, namespace] of source.matchAll(namedKey)) used.add(namespace!);
      for (const [, namespace] of source.matchAll(namespaceHook)) used.add(namespace!);
    }
    for (const namespace of SERVER_ONLY) used.delete(namespace);
    used.add(DEFAULT_NAMESPACE);
    usedCache.set(file, used);
  }
  return used;
}

/** A handle's `i18n` (every visitor's and member's page loads them) or `memberI18n` (members' pages only). */
function declaredNamespaces(file: string, key: "i18n" | "memberI18n" = "i18n"): string[] {
  const handle = /export const handle(?::\s*\w+)?\s*=\s*\{([^}]*)\}/.exec(readFileSync(file, "utf8"));
  const list = handle && new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`).exec(handle[1]!);
  return list ? [...list[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!) : [];
}

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** Each route module with a page, and the modules above it (root first). */
function pageModules(entries: RouteEntry[], above: string[]): { file: string; above: string[] }[] {
  return entries.flatMap((entry) => {
    const file = path.join(appDir, entry.file);
    const renders = /export default function/.test(readFileSync(file, "utf8"));
    return [
      ...(renders ? [{ file, above }] : []),
      ...pageModules(entry.children ?? [], renders ? [...above, file] : above),
    ];
  });
}

const rootModule = path.join(appDir, "root.tsx");
const modules = [
  { file: rootModule, above: [] as string[] },
  ...pageModules(routes as RouteEntry[], [rootModule]),
];
const unique = [...new Map(modules.map((module) => [module.file, module])).values()];

describe("translation namespaces of the routes", () => {
  it("finds namespaces in the code", () => {
    expect(namespacesUsedBy(path.join(appDir, "routes/members.tsx"))).toContain("search");
    expect(namespacesUsedBy(path.join(appDir, "ui/installed-app/back-button.tsx"))).toContain("installedApp");
  });

  it("components loaded later load their own namespaces", () => {
    for (const { file } of unique) namespacesUsedBy(file);
    expect(selfTranslating.size).toBeGreaterThan(0);
    for (const file of selfTranslating) {
      // One that shows only the texts it is given (a confirmation modal) needs no namespace of its own.
      const own = [...namespacesUsedBy(file)].filter((namespace) => namespace !== DEFAULT_NAMESPACE);
      if (own.length === 0) continue;
      expect(readFileSync(file, "utf8"), path.relative(root, file)).toMatch(/usePageTranslator\(/);
    }
  });

  it("each route's handle names exactly the namespaces its code uses beyond the routes above it", () => {
    const wrong: string[] = [];
    for (const { file, above } of unique) {
      const inherited = new Set([DEFAULT_NAMESPACE, ...above.flatMap((file) => declaredNamespaces(file))]);
      const needed = [...namespacesUsedBy(file)].filter((namespace) => !inherited.has(namespace)).sort();
      // A module's member namespaces cover its own code only: the routes below it are visitors' pages too.
      const declared = [...declaredNamespaces(file), ...declaredNamespaces(file, "memberI18n")].sort();
      if (needed.join() !== declared.join()) {
        wrong.push(
          `${path.relative(root, file)}: export const handle: TranslationHandle = { i18n: ${JSON.stringify(needed)} };` +
            ` (declared: ${JSON.stringify(declared)})`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
